/** Remove a correction written by mistake (editor-level; the server refuses anyone else and rebuilds the story). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteItem, directus } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { newsCorrectionsQueries } from './news-corrections-queries.ts';

export const deleteNewsCorrection = (id: string) => directus.request(deleteItem('news_corrections', id));

export function useDeleteNewsCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNewsCorrection,
    onSuccess: () => refreshAfterWrite(queryClient, newsCorrectionsQueries.all()),
  });
}
