/** The signed-in author's counters (GET /portal/stats/me). */
import { queryOptions } from '@tanstack/react-query';
import type { DashboardStats } from '@portal/domain/engagement';
import { customEndpoint, directus } from '../../../lib/directus.ts';

export const statsQueries = {
  all: () => ['stats'] as const,
  me: () =>
    queryOptions({
      queryKey: [...statsQueries.all(), 'me'] as const,
      queryFn: () => directus.request(customEndpoint<DashboardStats>({ path: '/portal/stats/me', method: 'GET' })),
      staleTime: 0,
    }),
};
