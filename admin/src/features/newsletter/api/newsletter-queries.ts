/** Newsletter subscribers (super_admin): a page with search and status filter, and the count per status. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { NEWSLETTER_STATUSES, type NewsletterStatus } from '@portal/domain/newsletter';
import type { NewsletterSubscriber } from '@portal/domain/schema';
import { aggregate, directus } from '../../../lib/directus.ts';
import type { ListParams } from '../../../lib/list-params.ts';
import { fetchPage } from '../../../lib/paged-list.ts';

export type SubscriberListParams = ListParams & { status: NewsletterStatus | '' };

export const statusFilter = (status: NewsletterStatus | '') => (status ? { status: { _eq: status } } : undefined);

const fetchSubscribers = ({ status, ...p }: SubscriberListParams) =>
  fetchPage<NewsletterSubscriber>('newsletter_subscribers', { ...p, fields: ['*'], filter: statusFilter(status) });

async function fetchCounts(): Promise<Record<NewsletterStatus, number>> {
  const rows = (await directus.request(aggregate('newsletter_subscribers', { aggregate: { count: '*' }, groupBy: ['status'] }))) as unknown as Array<{
    status: NewsletterStatus;
    count: unknown;
  }>;
  const out = Object.fromEntries(NEWSLETTER_STATUSES.map((s) => [s, 0])) as Record<NewsletterStatus, number>;
  for (const r of rows) if (r.status in out) out[r.status] = Number(r.count ?? 0);
  return out;
}

export const newsletterQueries = {
  all: () => ['newsletter'] as const,
  list: (p: SubscriberListParams) =>
    queryOptions({ queryKey: [...newsletterQueries.all(), 'list', p] as const, queryFn: () => fetchSubscribers(p), placeholderData: keepPreviousData }),
  counts: () => queryOptions({ queryKey: [...newsletterQueries.all(), 'counts'] as const, queryFn: fetchCounts }),
};
