import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteItem, directus } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { newsQueries } from './news-queries.ts';

export const deleteNews = (id: string) => directus.request(deleteItem('news', id));

export function useDeleteNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNews,
    onSuccess: () => refreshAfterWrite(queryClient, newsQueries.all()),
  });
}
