/** Query factory of categories: a small catalogue, read whole and ordered by name. */
import { queryOptions } from '@tanstack/react-query';
import type { Category } from '@portal/domain/schema';
import { directus, readItems } from '../../../lib/directus.ts';

export const categoriesQueries = {
  all: () => ['categories'] as const,
  lists: () => [...categoriesQueries.all(), 'list'] as const,
  list: () =>
    queryOptions({
      queryKey: [...categoriesQueries.lists()] as const,
      queryFn: async () =>
        (await directus.request(readItems('categories', { fields: ['id', 'name', 'slug', 'description'], sort: ['name'], limit: -1 }))) as Category[],
    }),
};
