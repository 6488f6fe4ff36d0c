/** Query factory of ads: a paged list searched over title and content, filtered by type. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Ad } from '@portal/domain/schema';
import { env } from '../../../config/env.ts';
import { aggregate, directus, readItems } from '../../../lib/directus.ts';
import type { ListParams, Page } from '../../../lib/list-params.ts';

export type AdsListFilters = ListParams & { type: string };

export function adsFilter(f: Pick<AdsListFilters, 'search' | 'type'>): Record<string, unknown> {
  const and: Record<string, unknown>[] = [];
  const q = f.search.trim();
  if (q) and.push({ _or: [{ title: { _icontains: q } }, { content: { _icontains: q } }] });
  if (f.type) and.push({ ad_type: { _eq: f.type } });
  return and.length ? { _and: and } : {};
}

async function fetchPage(f: AdsListFilters): Promise<Page<Ad>> {
  const filter = adsFilter(f) as never;
  const [rows, count] = await Promise.all([
    directus.request(readItems('ads', { fields: ['*'], filter, sort: [f.sort] as never, limit: env.pageSize, page: f.page })),
    directus.request(aggregate('ads', { aggregate: { count: '*' }, query: { filter } })),
  ]);
  return { items: rows as Ad[], total: Number((count as Array<{ count: unknown }>)[0]?.count ?? 0) };
}

export const adsQueries = {
  all: () => ['ads'] as const,
  lists: () => [...adsQueries.all(), 'list'] as const,
  list: (f: AdsListFilters) => queryOptions({ queryKey: [...adsQueries.lists(), f] as const, queryFn: () => fetchPage(f), placeholderData: keepPreviousData }),
};
