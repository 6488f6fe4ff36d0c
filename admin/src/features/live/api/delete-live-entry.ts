/** "Remover" an entry (issue #30, editors): readers' pages drop it at the next update. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteItem, directus } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { liveQueries } from './live-queries.ts';

export const deleteLiveEntry = (id: string) => directus.request(deleteItem('news_live_entries', id));

export function useDeleteLiveEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLiveEntry,
    onSuccess: () => refreshAfterWrite(queryClient, liveQueries.all()),
  });
}
