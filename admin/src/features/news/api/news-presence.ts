/**
 * "Fulano está editando" (issue #34, decision 044): the editor page beats
 * every 15 s ("I have this story open") and each beat answers who else has it
 * open. The server keeps the beats in the database, so people on different
 * Directus instances see each other, and answers only staff who may read the
 * story.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PRESENCE_HEARTBEAT_MS, type PresentEditor } from '@portal/domain/presence';
import { customEndpoint, directus } from '../../../lib/directus.ts';

const path = (newsId: string) => `/portal/news/${encodeURIComponent(newsId)}/presence`;

export const beatNewsPresence = (newsId: string) => directus.request(customEndpoint<{ editors: PresentEditor[] }>({ path: path(newsId), method: 'POST' }));
export const leaveNewsPresence = (newsId: string) => directus.request(customEndpoint<{ editors: PresentEditor[] }>({ path: path(newsId), method: 'DELETE' }));

export const newsPresenceQueries = {
  all: () => ['news_presence'] as const,
  /** A query that beats: refetched on an interval, also in a background tab (the story is still open there). */
  of: (newsId: string) =>
    queryOptions({
      queryKey: [...newsPresenceQueries.all(), newsId] as const,
      queryFn: () => beatNewsPresence(newsId),
      refetchInterval: PRESENCE_HEARTBEAT_MS,
      refetchIntervalInBackground: true,
      staleTime: 0,
      gcTime: 0,
      retry: false,
    }),
};

/** The others with this story open, while the calling page is mounted; leaving the page says so at once. */
export function useNewsPresence(newsId: string): PresentEditor[] {
  const q = useQuery(newsPresenceQueries.of(newsId));
  useEffect(
    () => () => {
      // Best effort: a closed tab cannot say goodbye, its last beat simply expires.
      leaveNewsPresence(newsId).catch(() => undefined);
    },
    [newsId],
  );
  return q.data?.editors ?? [];
}
