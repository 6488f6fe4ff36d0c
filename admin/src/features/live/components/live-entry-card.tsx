/**
 * One entry on the desk (issue #30): when, its status, pinned or not, who
 * signed it, the text as readers get it, its photo, its correction and the
 * story it became; then the actions this user may take (the desk decides).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CORRECTION_LABEL } from '@portal/domain/corrections';
import { formatDateTimePtBR } from '@portal/domain/dates';
import { NEWS_STATUS_COLORS, NEWS_STATUS_LABELS } from '@portal/domain/news-status';
import { asUtc } from '@portal/domain/timestamps';
import { Badge } from '../../../components/ui/badge.tsx';
import { paths } from '../../../config/paths.ts';
import { renderArticle } from '../../../lib/sanitize.ts';
import type { LiveEntryRow } from '../api/live-queries.ts';

/** When an entry is dated: its publication, else when it was written. */
export const entryTime = (e: Pick<LiveEntryRow, 'published_at' | 'created_at'>): string => formatDateTimePtBR(asUtc(e.published_at ?? e.created_at));

export function LiveEntryCard({ entry, actions }: { entry: LiveEntryRow; actions: ReactNode }) {
  const headingId = `entry-${entry.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`rounded-md border bg-white p-3 ${entry.pinned ? 'border-blue-300 ring-1 ring-blue-200' : 'border-slate-200'}`}
      data-entry={entry.id}
    >
      <header className="flex flex-wrap items-center gap-2 text-sm">
        <h3 id={headingId} className="font-semibold">
          <time dateTime={asUtc(entry.published_at ?? entry.created_at)}>{entryTime(entry)}</time>
        </h3>
        <Badge color={NEWS_STATUS_COLORS[entry.status]}>{NEWS_STATUS_LABELS[entry.status]}</Badge>
        {entry.pinned && <Badge color="blue">Fixada no topo</Badge>}
        <span className="text-slate-600">{entry.authorName ? `Por ${entry.authorName}` : 'Sem assinatura'}</span>
      </header>
      <div className="prose-article mt-2 text-base leading-relaxed break-words" dangerouslySetInnerHTML={{ __html: renderArticle(entry.body) }} />
      {entry.image && (
        <figure className="mt-2">
          <img src={entry.image} alt={entry.image_caption ?? ''} className="aspect-video w-full max-w-md rounded-md border object-cover" />
          {entry.image_caption && <figcaption className="mt-1 text-xs text-slate-600">{entry.image_caption}</figcaption>}
        </figure>
      )}
      {entry.correction_note && (
        <p className="mt-2 rounded-md border border-amber-200 bg-amber-50 p-2 text-sm text-amber-900" data-testid="entry-correction">
          <strong>{CORRECTION_LABEL}</strong> {entry.correction_note}
          {entry.corrected_at && <span className="text-amber-800"> ({formatDateTimePtBR(asUtc(entry.corrected_at))})</span>}
        </p>
      )}
      {entry.promoted_news_id && (
        <p className="mt-2 text-sm">
          Virou notícia:{' '}
          <Link to={paths.admin.newsEdit(entry.promoted_news_id)} className="text-blue-800 underline">
            abrir a notícia
          </Link>
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2" data-row-actions>
        {actions}
      </div>
    </article>
  );
}
