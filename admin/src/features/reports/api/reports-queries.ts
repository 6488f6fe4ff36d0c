/** Relatórios (editor-level): the 30-day report and the most read / most liked by window. */
import { queryOptions } from '@tanstack/react-query';
import type { RankingWindow } from '@portal/domain/reader-traffic';
import type { Report } from '@portal/domain/reports';
import { customEndpoint, directus } from '../../../lib/directus.ts';

export type RankedStory = { id: string; title: string; slug: string; count: number };
export type WindowRanking = { window: RankingWindow; most_read: RankedStory[]; most_liked: RankedStory[] };

export const reportsQueries = {
  all: () => ['reports'] as const,
  report: () => queryOptions({ queryKey: [...reportsQueries.all(), 'report'] as const, queryFn: () => directus.request(customEndpoint<Report>({ path: '/portal/reports', method: 'GET' })) }),
  ranking: (window: RankingWindow) =>
    queryOptions({
      queryKey: [...reportsQueries.all(), 'ranking', window] as const,
      queryFn: () => directus.request(customEndpoint<WindowRanking>({ path: '/portal/rankings', method: 'GET', params: { window, limit: 10 } })),
    }),
};
