import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { isUrl, MESSAGES } from '@portal/domain/validation';
import { createItem, directus } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { eventsQueries } from './events-queries.ts';

const optionalUrl = z.string().refine((v) => !v.trim() || v.startsWith('/') || isUrl(v.trim()), MESSAGES.urlInvalid);

export const eventInputSchema = z.object({
  title: z.string().trim().min(1, MESSAGES.titleRequired),
  /** ISO timestamp. */
  event_date: z.string().min(1, 'Data é obrigatória'),
  location: z.string(),
  image_url: optionalUrl,
  url: optionalUrl,
  is_active: z.boolean(),
});
export type EventInput = z.infer<typeof eventInputSchema>;

export const eventPayload = (i: EventInput) => ({
  title: i.title.trim(),
  event_date: i.event_date,
  location: i.location.trim() || null,
  image_url: i.image_url.trim() || null,
  url: i.url.trim() || null,
  is_active: i.is_active,
});

export const createEvent = (input: EventInput) => directus.request(createItem('events', eventPayload(input)));

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createEvent, onSuccess: () => refreshAfterWrite(queryClient, eventsQueries.all()) });
}
