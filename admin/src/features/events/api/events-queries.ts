import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PortalEvent } from '@portal/domain/schema';
import { env } from '../../../config/env.ts';
import { aggregate, directus, readItems } from '../../../lib/directus.ts';
import type { ListParams, Page } from '../../../lib/list-params.ts';

async function fetchPage(p: ListParams): Promise<Page<PortalEvent>> {
  const search = p.search.trim() || undefined;
  const [rows, count] = await Promise.all([
    directus.request(readItems('events', { fields: ['*'], search, sort: [p.sort] as never, limit: env.pageSize, page: p.page })),
    directus.request(aggregate('events', { aggregate: { count: '*' }, query: { search } })),
  ]);
  return { items: rows as PortalEvent[], total: Number((count as Array<{ count: unknown }>)[0]?.count ?? 0) };
}

export const eventsQueries = {
  all: () => ['events'] as const,
  lists: () => [...eventsQueries.all(), 'list'] as const,
  list: (p: ListParams) => queryOptions({ queryKey: [...eventsQueries.lists(), p] as const, queryFn: () => fetchPage(p), placeholderData: keepPreviousData }),
};
