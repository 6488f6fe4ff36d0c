/**
 * Query factory of a story's history (issue #12, item 2): the saves Directus
 * recorded, served by /portal/news/:id/revisions, which applies the role rule
 * (a producer never sees a colleague's story's history).
 */
import { queryOptions } from '@tanstack/react-query';
import type { RevisionEntry } from '@portal/domain/revisions';
import { customEndpoint, directus } from '../../../lib/directus.ts';

export type RevisionRow = RevisionEntry;

export const newsRevisionsQueries = {
  all: () => ['news_revisions'] as const,
  ofNews: (newsId: string) =>
    queryOptions({
      queryKey: [...newsRevisionsQueries.all(), 'news', newsId] as const,
      // The SDK unwraps the endpoint's `{ data }` envelope.
      queryFn: () => directus.request(customEndpoint<RevisionRow[]>({ path: `/portal/news/${newsId}/revisions`, method: 'GET' })),
    }),
};
