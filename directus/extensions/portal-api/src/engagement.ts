/**
 * Staff-side and per-item reads of likes ("TOPs") and views, replacing the
 * spec's RPCs: counters live on the news row (kept by portal-hooks' batched
 * counting in the same transaction as the rows), so reading them costs one
 * indexed lookup, never a COUNT per page view. What readers' pages call lives
 * in portal-hooks/src/readers (issue #9).
 */
import { wherePublicNews } from '../../shared/visibility.ts';
import type { Knex } from 'knex';

/** Published and its time has come: the only news readers may like or view. */
function publishedNews(db: Knex | Knex.Transaction, now: Date) {
  return wherePublicNews(db('news'), db, now);
}

/** Counts for many published news at once (like buttons and cards on one page). */
export async function counts(db: Knex, ids: string[], now = new Date()) {
  const rows = ids.length ? await publishedNews(db, now).whereIn('id', ids).select('id', 'view_count', 'like_count') : [];
  return Object.fromEntries(rows.map((r: any) => [r.id, { views: Number(r.view_count), likes: Number(r.like_count) }]));
}

/** Dashboard stats of one author: total, published, draft, totalViews, totalLikes. */
export async function authorStats(db: Knex, authorId: string) {
  const rows = await db('news')
    .where('author_id', authorId)
    .groupBy('status')
    .select('status')
    .count({ n: '*' })
    .sum({ views: 'view_count' })
    .sum({ likes: 'like_count' });
  let total = 0;
  let published = 0;
  let draft = 0;
  let totalViews = 0;
  let totalLikes = 0;
  for (const r of rows as any[]) {
    const n = Number(r.n);
    total += n;
    if (r.status === 'published') published = n;
    if (r.status === 'draft') draft = n;
    totalViews += Number(r.views ?? 0);
    totalLikes += Number(r.likes ?? 0);
  }
  return { total, published, draft, totalViews, totalLikes };
}
