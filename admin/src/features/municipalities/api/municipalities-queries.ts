/** Query factory of municipalities: a paged admin list and the full option list for selectors. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Municipality } from '@portal/domain/schema';
import { env } from '../../../config/env.ts';
import { aggregate, directus, readItems } from '../../../lib/directus.ts';
import type { ListParams, Page } from '../../../lib/list-params.ts';

async function fetchPage(p: ListParams): Promise<Page<Municipality>> {
  const search = p.search.trim() || undefined;
  const [rows, count] = await Promise.all([
    directus.request(readItems('municipalities', { fields: ['id', 'name', 'slug', 'created_at'], search, sort: [p.sort] as never, limit: env.pageSize, page: p.page })),
    directus.request(aggregate('municipalities', { aggregate: { count: '*' }, query: { search } })),
  ]);
  return { items: rows as Municipality[], total: Number((count as Array<{ count: unknown }>)[0]?.count ?? 0) };
}

export const municipalitiesQueries = {
  all: () => ['municipalities'] as const,
  lists: () => [...municipalitiesQueries.all(), 'list'] as const,
  list: (p: ListParams) => queryOptions({ queryKey: [...municipalitiesQueries.lists(), p] as const, queryFn: () => fetchPage(p), placeholderData: keepPreviousData }),
  options: () =>
    queryOptions({
      queryKey: [...municipalitiesQueries.all(), 'options'] as const,
      queryFn: async () => {
        const rows = (await directus.request(readItems('municipalities', { fields: ['id', 'name'], limit: -1 }))) as Array<{ id: string; name: string }>;
        // SQLite sorts bytes ("Óbidos" after "Xinguara"); selectors want pt-BR order.
        return rows.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
      },
      staleTime: 5 * 60_000,
    }),
};
