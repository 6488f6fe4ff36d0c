import { useMutation, useQueryClient } from '@tanstack/react-query';
import { directus, updateItem } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { categoriesQueries } from './categories-queries.ts';
import { categoryPayload, type CategoryInput } from './create-category.ts';

export const updateCategory = ({ id, input }: { id: string; input: CategoryInput }) =>
  directus.request(updateItem('categories', id, categoryPayload(input)));

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCategory, onSuccess: () => refreshAfterWrite(queryClient, categoriesQueries.all()) });
}
