/** The role-filtered news list with server-side paging, search and sort, plus its dialogs. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDatePtBR } from '@portal/domain/dates';
import { NEWS_STATUS_COLORS, NEWS_STATUS_LABELS, NEWS_STATUSES } from '@portal/domain/news-status';
import { canEditNews, defaultNewsListStatus, type NewsListStatus } from '@portal/domain/news-access';
import { isEditorLevel, type Role } from '@portal/domain/roles';
import { listSummary } from '@portal/domain/sanitize';
import { asUtc } from '@portal/domain/timestamps';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { LabelledOptions } from '../../../components/ui/field.tsx';
import { Pagination, SortHeader } from '../../../components/ui/pagination.tsx';
import { RowActions } from '../../../components/ui/row-actions.tsx';
import { SearchBox } from '../../../components/ui/search-box.tsx';
import { useConfirmAction, useFormDialog } from '../../../lib/use-crud-dialogs.ts';
import { ListTable } from '../../../components/ui/list-table.tsx';
import { env } from '../../../config/env.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useDeleteNews } from '../api/delete-news.ts';
import { newsQueries, type NewsRow } from '../api/news-queries.ts';
import { NewsFormDialog, type Option } from './news-form-dialog.tsx';

type Props = {
  role: Role | null;
  userId: string;
  profile: { municipalityId: string | null; municipalityName: string | null } | null;
  categories: Option[];
  municipalities: Option[];
  /** Open the create dialog on mount (quick link "Nova Notícia"). */
  startCreating?: boolean;
};

export function NewsList({ role, userId, profile, categories, municipalities, startCreating = false }: Props) {
  const list = useListParams('-created_at');
  const [status, setStatus] = useState<NewsListStatus>(() => defaultNewsListStatus(role));
  const query = useQuery(newsQueries.list({ ...list.params, role, userId, status }));
  useErrorToast(query.error, 'Não foi possível carregar as notícias');
  const form = useFormDialog<NewsRow>(startCreating);
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
        <Button onClick={form.create}>Nova Notícia</Button>
      </div>
      <div className="flex flex-wrap gap-2">
        <SearchBox label="Buscar notícias" placeholder="Buscar notícias..." list={list} />
        <select
          aria-label="Filtrar por status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as NewsListStatus);
            list.setPage(1);
          }}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm"
        >
          <option value="all">Todos os status</option>
          <LabelledOptions values={NEWS_STATUSES} labels={NEWS_STATUS_LABELS} />
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
                <p className="font-medium">{n.title}</p>
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
                  onEdit={canEditNews(role, userId, n) ? () => form.edit(n) : undefined}
                  onDelete={editor ? () => deletion.ask(n) : undefined}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </ListTable>
      <Pagination page={list.params.page} pageSize={env.pageSize} total={query.data?.total ?? 0} onPage={list.setPage} />
      <NewsFormDialog
        open={form.open}
        onClose={form.close}
        news={form.editing}
        role={role}
        profile={profile}
        categories={categories}
        municipalities={municipalities}
      />
      <ConfirmDialog {...deletion.dialog} description="Tem certeza que deseja excluir esta notícia?" />
    </div>
  );
}
