/**
 * LGPD retention of raw view rows (news, user or null, salted IP hash;
 * issue #9, decision 016): rows older than 90 days are deleted by a daily
 * scheduled job. Their counts are not lost: the batched counting adds every
 * view to the per-day totals (news_daily) in the same transaction that stores
 * the raw row, so by the time a row expires it is already folded in.
 * Deletes go in slices so a SQLite database is never locked for long while
 * the newsroom works.
 */
import type { Knex } from 'knex';
import { retentionCutoff } from '@portal/domain/reader-traffic';
import { dbDate } from './db-date.ts';

/** Daily, 03:30 in Belém (06:30 UTC): the quietest hour of the newsroom. */
export const VIEW_RETENTION_CRON = '30 6 * * *';

export async function purgeExpiredViews(db: Knex, now = new Date(), slice = 1000): Promise<number> {
  const cutoff = dbDate(db, retentionCutoff(now));
  let total = 0;
  for (;;) {
    const ids = await db('news_views').where('created_at', '<', cutoff).orderBy('id').limit(slice).pluck('id');
    if (ids.length === 0) return total;
    total += await db('news_views').whereIn('id', ids).del();
    if (ids.length < slice) return total;
  }
}
