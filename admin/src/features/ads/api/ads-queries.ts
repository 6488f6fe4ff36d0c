/** Query factory of ads: a paged list searched over title and content, filtered by type. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Ad } from '@portal/domain/schema';
import type { ListParams } from '../../../lib/list-params.ts';
import { fetchPage } from '../../../lib/paged-list.ts';

export type AdsListFilters = ListParams & { type: string };

export function adsFilter(f: Pick<AdsListFilters, 'search' | 'type'>): Record<string, unknown> {
  const and: Record<string, unknown>[] = [];
  const q = f.search.trim();
  if (q) and.push({ _or: [{ title: { _icontains: q } }, { content: { _icontains: q } }] });
  if (f.type) and.push({ ad_type: { _eq: f.type } });
  return and.length ? { _and: and } : {};
}

// The search lives in the filter (title and content), not in Directus's full-text `search`.
const fetchAds = (f: AdsListFilters) => fetchPage<Ad>('ads', { ...f, search: '', fields: ['*'], filter: adsFilter(f) });

export const adsQueries = {
  all: () => ['ads'] as const,
  lists: () => [...adsQueries.all(), 'list'] as const,
  list: (f: AdsListFilters) => queryOptions({ queryKey: [...adsQueries.lists(), f] as const, queryFn: () => fetchAds(f), placeholderData: keepPreviousData }),
};
