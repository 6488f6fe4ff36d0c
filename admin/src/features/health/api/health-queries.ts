/** The portal's health (GET /portal/health, issue #28): the full report for super_admin, the alerts for all staff. */
import { queryOptions } from '@tanstack/react-query';
import type { HealthAlert, HealthReport } from '@portal/domain/health';
import { customEndpoint, directus } from '../../../lib/directus.ts';

export type FullHealth = HealthReport & { status: 'ok' | 'atencao' | 'falha' };

const fetchReport = () => directus.request(customEndpoint<FullHealth>({ path: '/portal/health', method: 'GET' }));
const fetchAlerts = () => directus.request(customEndpoint<{ alerts: HealthAlert[] }>({ path: '/portal/health', method: 'GET', params: { only: 'alerts' } }));

export const healthQueries = {
  all: () => ['health'] as const,
  report: () =>
    queryOptions({
      queryKey: [...healthQueries.all(), 'report'] as const,
      queryFn: fetchReport,
      refetchInterval: 30_000,
    }),
  /** The banner: cheap on the server, refreshed every few minutes on every admin page. */
  alerts: () =>
    queryOptions({
      queryKey: [...healthQueries.all(), 'alerts'] as const,
      queryFn: async () => (await fetchAlerts()).alerts,
      refetchInterval: 5 * 60_000,
      staleTime: 60_000,
    }),
};
