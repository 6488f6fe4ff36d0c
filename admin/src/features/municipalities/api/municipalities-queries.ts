/** Query factory of municipalities: a paged admin list and the full option list for selectors. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { sortByName } from '@portal/domain/collation';
import type { Municipality } from '@portal/domain/schema';
import { directus, readItems } from '../../../lib/directus.ts';
import type { ListParams } from '../../../lib/list-params.ts';
import { fetchPage } from '../../../lib/paged-list.ts';
import { STAFF_ALL_ROWS } from '@portal/domain/query-rules';

const fetchMunicipalities = (p: ListParams) => fetchPage<Municipality>('municipalities', { ...p, fields: ['id', 'name', 'slug', 'created_at'], collate: ['name'] });

export const municipalitiesQueries = {
  all: () => ['municipalities'] as const,
  lists: () => [...municipalitiesQueries.all(), 'list'] as const,
  list: (p: ListParams) => queryOptions({ queryKey: [...municipalitiesQueries.lists(), p] as const, queryFn: () => fetchMunicipalities(p), placeholderData: keepPreviousData }),
  options: () =>
    queryOptions({
      queryKey: [...municipalitiesQueries.all(), 'options'] as const,
      queryFn: async () => {
        const rows = (await directus.request(readItems('municipalities', { fields: ['id', 'name'], limit: STAFF_ALL_ROWS }))) as Array<{ id: string; name: string }>;
        // The database sorts bytes ("Óbidos" after "Xinguara"); selectors want pt-BR order.
        return sortByName(rows);
      },
      staleTime: 5 * 60_000,
    }),
};
