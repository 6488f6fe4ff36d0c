/** Change an entry (issue #30): the edit form's save, publishing or approving one, pinning it. The server holds who may change what. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { directus, updateItem } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import type { LiveEntryPayload } from './create-live-entry.ts';
import { liveQueries } from './live-queries.ts';

export type LiveEntryChanges = Partial<Omit<LiveEntryPayload, 'news_id'>>;

export const updateLiveEntry = ({ id, changes }: { id: string; changes: LiveEntryChanges }) =>
  directus.request(updateItem('news_live_entries', id, changes, { fields: ['id'] }));

export function useUpdateLiveEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLiveEntry,
    onSuccess: () => refreshAfterWrite(queryClient, liveQueries.all()),
  });
}
