/**
 * The role-filtered news list with server-side paging, search, sort and status
 * filter, all kept in the address; stories open in the editor page
 * (/admin/news/:id), which brings the user back to the same list.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { formatDatePtBR } from '@portal/domain/dates';
import { LIVE_BADGE, LIVE_ENDED_BADGE } from '@portal/domain/live';
import { NEWS_STATUS_COLORS, NEWS_STATUS_LABELS } from '@portal/domain/news-status';
import { canEditNews, defaultNewsListStatus, isNewsListStatus, NEWS_LIST_STATUSES, type NewsListStatus } from '@portal/domain/news-access';
import { isEditorLevel, type Role } from '@portal/domain/roles';
import { listSummary } from '@portal/domain/sanitize';
import { asUtc } from '@portal/domain/timestamps';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { LabelledOptions } from '../../../components/ui/field.tsx';
import { Pagination, SortHeader } from '../../../components/ui/pagination.tsx';
import { RowActions } from '../../../components/ui/row-actions.tsx';
import { SearchBox } from '../../../components/ui/search-box.tsx';
import { paths } from '../../../config/paths.ts';
import { useConfirmAction } from '../../../lib/use-crud-dialogs.ts';
import { ListTable } from '../../../components/ui/list-table.tsx';
import { env } from '../../../config/env.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useDeleteNews } from '../api/delete-news.ts';
import { newsQueries, type NewsRow } from '../api/news-queries.ts';

type Props = {
  role: Role | null;
  userId: string;
  /** Beside "Nova Notícia" (the route composes them: the urgent message's alert for editors). */
  actions?: ReactNode;
};

/** The status filter's labels: each status, plus the two groups. */
const LIST_STATUS_LABELS: Record<NewsListStatus, string> = {
  unpublished: 'Não publicadas',
  all: 'Todos os status',
  ...NEWS_STATUS_LABELS,
};

/** Where the editor page goes back to: this list, as it is now. */
export type ListOrigin = { from: string };

export function NewsList({ role, userId, actions }: Props) {
  const list = useListParams('-created_at');
  const fallback = defaultNewsListStatus(role);
  const wanted = list.filter('status', fallback);
  const status: NewsListStatus = isNewsListStatus(wanted) ? wanted : fallback;
  const query = useQuery(newsQueries.list({ ...list.params, role, userId, status }));
  useErrorToast(query.error, 'Não foi possível carregar as notícias');
  const location = useLocation();
  const origin: ListOrigin = { from: `${location.pathname}${location.search}` };
  const remove = useDeleteNews();
  const deletion = useConfirmAction<NewsRow>({
    run: (n) => remove.mutateAsync(n.id),
    busy: remove.isPending,
    success: () => 'Notícia excluída com sucesso',
    failure: (_n, err) => errorMessage(err, 'Não foi possível excluir a notícia'),
  });
  const editor = isEditorLevel(role);

  const items = query.data?.items ?? [];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Gerenciar Notícias</h1>
        <div className="flex flex-wrap items-center gap-2">
          {actions}
          <Link to={paths.admin.newsNew} state={origin} className={buttonClasses()}>
            Nova Notícia
          </Link>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <SearchBox label="Buscar notícias" placeholder="Buscar notícias..." list={list} />
        <select
          aria-label="Filtrar por status"
          value={status}
          onChange={(e) => list.setFilter('status', e.target.value, fallback)}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm"
        >
          <LabelledOptions values={NEWS_LIST_STATUSES} labels={LIST_STATUS_LABELS} />
        </select>
      </div>
      <ListTable query={query} empty={items.length === 0} errorMessage="Não foi possível carregar as notícias" emptyText="Nenhuma notícia encontrada">
        <thead className="bg-slate-50">
          <tr>
            <SortHeader label="Título" field="title" sort={list.params.sort} onSort={list.setSort} />
            <SortHeader label="Status" field="status" sort={list.params.sort} onSort={list.setSort} />
            <th scope="col" className="px-3 py-2 text-left">Categoria</th>
            <th scope="col" className="px-3 py-2 text-left">Município</th>
            <th scope="col" className="px-3 py-2 text-left">Autor</th>
            <SortHeader label="Data" field="created_at" sort={list.params.sort} onSort={list.setSort} />
            <th scope="col" className="px-3 py-2 text-left">Ações</th>
          </tr>
        </thead>
        <tbody>
          {items.map((n) => (
            <tr key={n.id} className="border-t align-top">
              <td className="max-w-md px-3 py-2">
                <p className="font-medium">
                  {n.title}
                  {/* Live coverage (issue #30): running or ended, beside the title (a phone's card title too). */}
                  {n.live_status && (
                    <>
                      {' '}
                      <Badge color={n.live_status === 'live' ? 'red' : 'gray'}>{n.live_status === 'live' ? LIVE_BADGE : LIVE_ENDED_BADGE}</Badge>
                    </>
                  )}
                </p>
                <p className="text-xs text-slate-600">{listSummary(n.summary, n.content)}</p>
              </td>
              <td className="px-3 py-2">
                <Badge color={NEWS_STATUS_COLORS[n.status]}>{NEWS_STATUS_LABELS[n.status]}</Badge>
              </td>
              <td className="px-3 py-2">{n.category_id?.name ?? '—'}</td>
              <td className="px-3 py-2">{n.municipality_id?.name ?? '—'}</td>
              <td className="px-3 py-2">{n.authorName}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDatePtBR(asUtc(n.created_at))}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                <RowActions
                  label={n.title}
                  editTo={canEditNews(role, userId, n) ? paths.admin.newsEdit(n.id) : undefined}
                  editState={origin}
                  onDelete={editor ? () => deletion.ask(n) : undefined}
                >
                  {n.live_status && (
                    <Link to={paths.admin.liveDesk(n.id)} aria-label={`Mesa da cobertura ao vivo: ${n.title}`} className={buttonClasses('outline')}>
                      Cobertura
                    </Link>
                  )}
                </RowActions>
              </td>
            </tr>
          ))}
        </tbody>
      </ListTable>
      <Pagination page={list.params.page} pageSize={env.pageSize} total={query.data?.total ?? 0} onPage={list.setPage} />
      <ConfirmDialog {...deletion.dialog} description="Tem certeza que deseja excluir esta notícia?" />
    </div>
  );
}
