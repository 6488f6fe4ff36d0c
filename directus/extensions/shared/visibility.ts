/**
 * The SQL form of domain/src/news-access.ts's PUBLIC_NEWS_FILTER, for raw
 * knex queries in the extensions (engagement counts, rankings, file flags).
 * Same columns, same comparison: published, and published_at not after now.
 */
import { dbDate } from './db-date.ts';

export function wherePublicNews<Q extends { where: (...a: any[]) => Q; whereNotNull: (c: string) => Q }>(q: Q, db: unknown, now: Date): Q {
  return q.where('status', 'published').whereNotNull('published_at').where('published_at', '<=', dbDate(db, now));
}
