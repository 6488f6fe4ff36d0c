/**
 * The SQL form of domain/src/news-access.ts's PUBLIC_NEWS_FILTER, for raw
 * knex queries in the extensions (engagement counts, rankings, file flags,
 * the scheduled-publish sweep). Same columns, same comparison: published, and
 * published_at not after now. visibility.test.ts runs it on SQLite against
 * the predicate isPubliclyVisible.
 */
import { dbDate } from './db-date.ts';

type Where<Q> = { where: (...a: any[]) => Q; whereNotNull: (c: string) => Q };

/** `table` qualifies the columns when the query joins news with another table. */
export function wherePublicNews<Q extends Where<Q>>(q: Q, db: unknown, now: Date, table?: string): Q {
  const col = (c: string) => (table ? `${table}.${c}` : c);
  return q.where(col('status'), 'published').whereNotNull(col('published_at')).where(col('published_at'), '<=', dbDate(db, now));
}
