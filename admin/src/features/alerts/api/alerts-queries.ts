/** Breaking-news alerts (issue #29): who would get one now, and how many may still go this hour (GET /portal/push/audience). */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { customEndpoint, directus } from '../../../lib/directus.ts';

export const audienceSchema = z.object({ subscribers: z.number().int().min(0), perHour: z.number().int().min(1), left: z.number().int().min(0) });
export type Audience = z.infer<typeof audienceSchema>;

const fetchAudience = async (): Promise<Audience> => audienceSchema.parse(await directus.request(customEndpoint<unknown>({ path: '/portal/push/audience' })));

export const alertsQueries = {
  all: () => ['alerts'] as const,
  // Asked when the editor opens the confirmation: the count is the one at that moment.
  audience: () => queryOptions({ queryKey: [...alertsQueries.all(), 'audience'] as const, queryFn: fetchAudience, staleTime: 0 }),
};
