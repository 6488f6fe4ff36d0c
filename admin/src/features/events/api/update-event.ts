import { useMutation, useQueryClient } from '@tanstack/react-query';
import { directus, updateItem } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { eventPayload, type EventInput } from './create-event.ts';
import { eventsQueries } from './events-queries.ts';

export const updateEvent = ({ id, input }: { id: string; input: EventInput }) => directus.request(updateItem('events', id, eventPayload(input)));

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateEvent, onSuccess: () => refreshAfterWrite(queryClient, eventsQueries.all()) });
}
