/** CSV of the subscribers the screen shows (same search and status filter), built in the browser. */
import { useMutation } from '@tanstack/react-query';
import { toCsv } from '@portal/domain/csv';
import { NEWSLETTER_STATUS_LABELS, type NewsletterStatus } from '@portal/domain/newsletter';
import type { NewsletterSubscriber } from '@portal/domain/schema';
import { directus, readItems } from '../../../lib/directus.ts';
import { statusFilter } from './newsletter-queries.ts';

export const SUBSCRIBERS_CSV_HEADER = ['email', 'situacao', 'versao_consentimento', 'pedido_em', 'confirmado_em', 'cancelado_em'] as const;

export async function exportSubscribers(q: { search: string; status: NewsletterStatus | '' }): Promise<string> {
  const rows = (await directus.request(
    readItems('newsletter_subscribers', { fields: ['*'], filter: statusFilter(q.status), search: q.search.trim() || undefined, sort: ['email'], limit: -1 }),
  )) as NewsletterSubscriber[];
  return toCsv(
    SUBSCRIBERS_CSV_HEADER,
    rows.map((r) => [r.email, NEWSLETTER_STATUS_LABELS[r.status], r.consent_version, r.requested_at, r.confirmed_at, r.unsubscribed_at]),
  );
}

export function useExportSubscribers() {
  return useMutation({ mutationFn: exportSubscribers });
}
