/**
 * The story editor as a page of its own (issue #34, decision 043):
 * /admin/news/new and /admin/news/:id. A reload keeps the address, the story
 * and the text typed (the local draft); the page says who else has the story
 * open; after a save it goes back to the list it came from, where the story is
 * (a producer's list shows all her unpublished stories).
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { canEditNews, defaultNewsListStatus, isNewsListStatus, listShowsStatus } from '@portal/domain/news-access';
import { presenceMessage } from '@portal/domain/presence';
import { isEditorLevel, type Role } from '@portal/domain/roles';
import { ErrorState, LoadingText } from '../../../components/ui/states.tsx';
import { paths } from '../../../config/paths.ts';
import { newsQueries, type NewsRow } from '../api/news-queries.ts';
import { useNewsPresence } from '../api/news-presence.ts';
import { LiveCoverageControl } from './live-coverage-control.tsx';
import { NewsForm, type Option, type SavedNews } from './news-form.tsx';

type Props = {
  /** null: a new story. */
  newsId: string | null;
  role: Role | null;
  userId: string;
  profile: { municipalityId: string | null; municipalityName: string | null } | null;
  categories: Option[];
  municipalities: Option[];
  /** Under the title, for a loaded story (the route composes them: "Enviar alerta" for a live story). */
  actions?: (news: NewsRow) => ReactNode;
};

/** The list the page was opened from (kept in the history entry, so it survives a reload), else the plain list. */
function listAddress(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && (from === paths.admin.news || from.startsWith(`${paths.admin.news}?`)) ? from : paths.admin.news;
}

/**
 * Where to land after a save: the list it came from, unless that list would
 * not show the story a producer just saved (a "Rascunho" filter after sending
 * it for review); then her default list, which does. An editor keeps the list
 * she works through (the pending queue empties as she publishes).
 */
export function listAfterSave(from: string, saved: SavedNews, role: Role | null): string {
  if (isEditorLevel(role)) return from;
  const url = new URL(from, 'http://x');
  const status = url.searchParams.get('status');
  const fallback = defaultNewsListStatus(role);
  if (listShowsStatus(isNewsListStatus(status) ? status : fallback, saved.status)) return from;
  url.searchParams.delete('status');
  url.searchParams.delete('pagina');
  return `${url.pathname}${url.search}`;
}

export function NewsEditorPage({ newsId, role, userId, profile, categories, municipalities, actions }: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  const back = listAddress(location.state);
  const headingId = useId();
  const detail = useQuery({ ...newsQueries.detail(newsId ?? ''), enabled: !!newsId });
  // The page edits the story as it loaded it (the save carries that version); it loads it again only
  // when asked (a restored version), never under the writer's hands.
  const [loads, setLoads] = useState(0);
  const [loaded, setLoaded] = useState<{ at: number; news: NewsRow } | null>(null);
  if (detail.data && (!loaded || loaded.at !== loads)) setLoaded({ at: loads, news: detail.data });
  const news = newsId ? (loaded?.news ?? null) : null;

  const title = newsId ? 'Editar Notícia' : 'Nova Notícia';
  const header = (
    <div className="space-y-2">
      <Link to={back} className="inline-flex min-h-11 items-center text-sm text-blue-800 underline sm:min-h-0">
        ← Voltar para Notícias
      </Link>
      <h1 id={headingId} className="text-2xl font-bold">
        {title}
      </h1>
    </div>
  );

  if (newsId && !news) {
    return (
      <div className="mx-auto max-w-4xl space-y-4">
        {header}
        {detail.isError ? (
          <ErrorState message="Não foi possível carregar a notícia" onRetry={() => void detail.refetch()} />
        ) : detail.isPending ? (
          <LoadingText />
        ) : (
          <ErrorState message="Notícia não encontrada" />
        )}
      </div>
    );
  }
  if (news && !canEditNews(role, userId, news)) {
    return (
      <div className="mx-auto max-w-4xl space-y-4">
        {header}
        <ErrorState message="Você não pode editar esta notícia: depois de publicada ou arquivada, só editores a alteram." />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      {header}
      {news && actions && <div className="flex flex-wrap gap-2">{actions(news)}</div>}
      {news && <PresenceNotice newsId={news.id} />}
      {news && (
        <LiveCoverageControl
          news={news}
          role={role}
          // The page keeps editing the story it loaded, now at the version the mode change made.
          onChanged={(saved) => setLoaded((l) => (l ? { ...l, news: { ...l.news, ...saved } } : l))}
        />
      )}
      <NewsForm
        key={`${news?.id ?? 'new'}:${loaded?.at ?? 0}`}
        news={news}
        role={role}
        profile={profile}
        categories={categories}
        municipalities={municipalities}
        labelledBy={headingId}
        onSaved={(saved) => navigate(listAfterSave(back, saved, role))}
        onCancel={() => navigate(back)}
        onRestored={() => {
          void detail.refetch().then(() => setLoads((n) => n + 1));
        }}
      />
    </div>
  );
}

/** "Fulano está editando esta notícia." while someone else has it open (decision 044). */
function PresenceNotice({ newsId }: { newsId: string }) {
  const message = presenceMessage(useNewsPresence(newsId));
  return (
    // Always in the page, so screen readers announce the line when it appears.
    <div role="status" aria-live="polite">
      {message && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="presence">
          <strong>{message}</strong> Combinem antes de salvar: quem salvar depois terá a gravação recusada, sem perder o texto.
        </p>
      )}
    </div>
  );
}
