import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteItem, directus } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { eventsQueries } from './events-queries.ts';

export const deleteEvent = (id: string) => directus.request(deleteItem('events', id));

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteEvent, onSuccess: () => refreshAfterWrite(queryClient, eventsQueries.all()) });
}
