import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteItem, directus } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { categoriesQueries } from './categories-queries.ts';

export const deleteCategory = (id: string) => directus.request(deleteItem('categories', id));

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCategory, onSuccess: () => refreshAfterWrite(queryClient, categoriesQueries.all()) });
}
