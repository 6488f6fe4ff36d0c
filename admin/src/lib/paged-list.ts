/**
 * One page of a collection and the number of rows that match, fetched
 * together: how every server-side list screen reads (spec: 10 per page).
 */
import type { Schema } from '@portal/domain/schema';
import { env } from '../config/env.ts';
import { aggregate, directus, readItems } from './directus.ts';
import type { ListParams, Page } from './list-params.ts';

type PagedQuery = ListParams & { fields: readonly unknown[]; filter?: Record<string, unknown> };

/**
 * The sort is a column header's field name and the fields/filter are built at
 * run time: plain values to the SDK's literal typing, hence the casts here,
 * once, instead of in every query factory.
 */
export async function fetchPage<T>(collection: keyof Schema, q: PagedQuery): Promise<Page<T>> {
  const search = q.search.trim() || undefined;
  const filter = q.filter;
  const [rows, count] = await Promise.all([
    directus.request(readItems(collection, { fields: q.fields, filter, search, sort: [q.sort], limit: env.pageSize, page: q.page } as never)),
    directus.request(aggregate(collection, { aggregate: { count: '*' }, query: { filter, search } } as never)),
  ]);
  return { items: rows as T[], total: countOf(count) };
}

/** Directus answers `aggregate[count]` as [{ count: "12" }] (a string on PostgreSQL). */
export function countOf(result: unknown): number {
  return Number((result as Array<{ count?: unknown }>)[0]?.count ?? 0);
}
