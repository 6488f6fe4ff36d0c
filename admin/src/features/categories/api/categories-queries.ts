/** Query factory of categories: a small catalogue, read whole and ordered by name. */
import { queryOptions } from '@tanstack/react-query';
import { sortByName } from '@portal/domain/collation';
import type { Category } from '@portal/domain/schema';
import { directus, readItems } from '../../../lib/directus.ts';
import { STAFF_ALL_ROWS } from '@portal/domain/query-rules';

export const categoriesQueries = {
  all: () => ['categories'] as const,
  lists: () => [...categoriesQueries.all(), 'list'] as const,
  list: () =>
    queryOptions({
      queryKey: [...categoriesQueries.lists()] as const,
      // The database sorts bytes; the catalogue is shown in pt-BR order.
      queryFn: async () => sortByName((await directus.request(readItems('categories', { fields: ['id', 'name', 'slug', 'description'], limit: STAFF_ALL_ROWS }))) as Category[]),
    }),
};
