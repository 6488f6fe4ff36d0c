/** Query factory of a story's corrections (issue #12, item 1), newest first. */
import { queryOptions } from '@tanstack/react-query';
import { directus, readItems } from '../../../lib/directus.ts';
import { STAFF_ALL_ROWS } from '@portal/domain/query-rules';

export type CorrectionRow = { id: string; note: string; created_at: string };

export const newsCorrectionsQueries = {
  all: () => ['news_corrections'] as const,
  ofNews: (newsId: string) =>
    queryOptions({
      queryKey: [...newsCorrectionsQueries.all(), 'news', newsId] as const,
      queryFn: async () =>
        (await directus.request(
          readItems('news_corrections', { filter: { news_id: { _eq: newsId } }, fields: ['id', 'note', 'created_at'], sort: ['-created_at'], limit: STAFF_ALL_ROWS }),
        )) as CorrectionRow[],
    }),
};
