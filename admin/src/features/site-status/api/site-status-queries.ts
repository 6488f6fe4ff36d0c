/** When the public site was last rebuilt (GET /portal/site-status, from the builder). */
import { queryOptions } from '@tanstack/react-query';
import type { SiteStatus } from '@portal/domain/build-contract';
import { customEndpoint, directus } from '../../../lib/directus.ts';

export type { SiteStatus };

export const siteStatusQueries = {
  all: () => ['site-status'] as const,
  current: () =>
    queryOptions({
      queryKey: [...siteStatusQueries.all(), 'current'] as const,
      queryFn: () => directus.request(customEndpoint<SiteStatus>({ path: '/portal/site-status', method: 'GET' })),
      // A publish goes live in seconds: keep the line fresh while the page is open.
      refetchInterval: 15_000,
    }),
};
