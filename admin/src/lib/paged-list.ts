/**
 * One page of a collection and the number of rows that match, fetched
 * together: how every server-side list screen reads (spec: 10 per page).
 */
import { sortByName } from '@portal/domain/collation';
import type { Schema } from '@portal/domain/schema';
import { env } from '../config/env.ts';
import { aggregate, directus, readItems } from './directus.ts';
import type { ListParams, Page } from './list-params.ts';
import { STAFF_ALL_ROWS } from '@portal/domain/query-rules';

type PagedQuery = ListParams & {
  fields: readonly unknown[];
  filter?: Record<string, unknown>;
  /**
   * Name fields sorted the pt-BR way: the database sorts bytes ("Belterra"
   * before "Belém"), so sorting on one of these reads every matching row and
   * pages here (decision 023). Only for small reference lists
   * (municipalities, staff), never news.
   */
  collate?: readonly string[];
};

/**
 * The sort is a column header's field name and the fields/filter are built at
 * run time: plain values to the SDK's literal typing, hence the casts here,
 * once, instead of in every query factory.
 */
export async function fetchPage<T>(collection: keyof Schema, q: PagedQuery): Promise<Page<T>> {
  const search = q.search.trim() || undefined;
  const filter = q.filter;
  const field = q.sort.replace(/^-/, '');
  if (q.collate?.includes(field)) {
    const all = (await directus.request(readItems(collection, { fields: q.fields, filter, search, limit: STAFF_ALL_ROWS } as never))) as T[];
    const sorted = sortByName(all, (row) => (row as Record<string, string | null>)[field]);
    if (q.sort.startsWith('-')) sorted.reverse();
    const start = (q.page - 1) * env.pageSize;
    return { items: sorted.slice(start, start + env.pageSize), total: sorted.length };
  }
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
