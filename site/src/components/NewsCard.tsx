import { listPath } from '@portal/domain/archive';
import { LIVE_BADGE } from '@portal/domain/live-badge';
import type { CardNews } from '../lib/content.ts';
import NewsImage from './NewsImage.tsx';
import RelTime from './RelTime.tsx';

export const CATEGORY_FALLBACK = 'Geral';

type Props = { news: CardNews; now?: string; size?: 'big' | 'normal' | 'compact'; headingLevel?: 2 | 3; eager?: boolean };

/**
 * The news card of the spec: image (placeholder if missing), category badge
 * ("Geral" fallback), municipality badge, relative time, title, summary, "Por {author}".
 * Plain markup: rendered statically by Astro and reused by the home island.
 */
export default function NewsCard({ news, now, size = 'normal', headingLevel = 3, eager }: Props) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const compact = size === 'compact';
  return (
    <article className={`group relative flex overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-gray-200 ${compact ? 'flex-row gap-3' : 'flex-col'}`}>
      <div className={compact ? 'w-32 shrink-0' : ''}>
        <NewsImage src={news.image} alt="" eager={eager} widths={size === 'big' ? [800, 1200] : compact ? [200, 400] : [400, 800]} sizes={size === 'big' ? '(min-width: 1024px) 50vw, 100vw' : compact ? '128px' : undefined} />
      </div>
      <div className={`flex flex-1 flex-col gap-2 ${compact ? 'py-2 pr-2' : 'p-4'}`}>
        <div className="flex flex-wrap items-center gap-2 text-xs">
          {/* A coverage running now (issue #30): readers see it is live before they open it. */}
          {news.isLive && (
            <span className="badge bg-red-600 text-white" data-testid="card-live">
              {LIVE_BADGE}
            </span>
          )}
          <span className="badge badge-category">{news.category?.name ?? CATEGORY_FALLBACK}</span>
          {/* Above the stretched link, so the badge opens the municipality's page; 44 px tall to a finger, badge-sized to the eye (issue #34). */}
          {news.municipality && (
            <a href={listPath('municipio', news.municipality.slug)} className="tap-small hover:underline">
              <span className="badge badge-municipality">{news.municipality.name}</span>
            </a>
          )}
          <RelTime date={news.publishedAt} now={now} className="text-gray-600" />
        </div>
        <H className={`font-bold leading-snug ${size === 'big' ? 'text-2xl' : compact ? 'text-sm' : 'text-lg'}`}>
          {/* The stretched link makes the whole card clickable with one link in the tab order. */}
          <a href={`/news/${news.slug}`} className={`after:absolute after:inset-0 group-hover:text-brand ${compact ? 'block min-h-11' : ''}`}>
            {news.title}
          </a>
        </H>
        {!compact && news.summary && <p className="line-clamp-3 text-sm text-gray-700">{news.summary}</p>}
        {!compact && (
          <p className="mt-auto text-xs text-gray-600">
            Por{' '}
            {news.authorSlug ? (
              <a href={listPath('autor', news.authorSlug)} className="relative z-10 -my-3.5 inline-block py-3.5 hover:underline">
                {news.author}
              </a>
            ) : (
              news.author
            )}
          </p>
        )}
      </div>
    </article>
  );
}

/** Grey boxes shaped like cards, shown while a list loads. */
export function CardSkeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-lg bg-white ring-1 ring-gray-200" data-testid="skeleton" aria-hidden="true">
          <div className="skeleton aspect-video w-full rounded-none" />
          <div className="space-y-2 p-4">
            <div className="skeleton h-4 w-1/3" />
            <div className="skeleton h-5 w-full" />
            <div className="skeleton h-4 w-2/3" />
          </div>
        </div>
      ))}
    </>
  );
}
