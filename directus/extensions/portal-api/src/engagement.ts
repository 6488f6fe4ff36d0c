/**
 * Likes ("TOPs") and views, replacing the spec's RPCs and third-party IP
 * lookup. Counters live on the news row and change in the same transaction
 * as the like/view row, so counts stay exact under concurrency and reading
 * them costs one indexed lookup, never a COUNT per page view.
 */
import { wherePublicNews } from '../../shared/visibility.ts';
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { topByCount } from '@portal/domain/engagement';
import { LIMITS } from '@portal/domain/limits';
import { dbDate, isoFromDb } from '../../shared/db-date.ts';
import { notFound } from '../../shared/portal-error.ts';

export const NEWS_NOT_FOUND = 'Notícia não encontrada';

/** Published and its time has come: the only news readers may like or view. */
function publishedNews(db: Knex | Knex.Transaction, now: Date) {
  return wherePublicNews(db('news'), db, now);
}


async function requirePublished(db: Knex | Knex.Transaction, newsId: string, now: Date) {
  const row = await publishedNews(db, now).andWhere('id', newsId).first('id', 'view_count', 'like_count');
  if (!row) throw notFound(NEWS_NOT_FOUND);
  return row as { id: string; view_count: number; like_count: number };
}

const isSqlite = (db: Knex | Knex.Transaction) => String((db as Knex).client?.config?.client ?? '').includes('sqlite');

const likeKey = (newsId: string, who: string) => `${newsId}:${who}`;

/**
 * Toggle one like for (news, who). Insert-or-delete inside a transaction, the
 * counter moving by exactly the rows changed, so the count always equals the
 * rows. Toggles of one article are serialised by a lock on its news row
 * (PostgreSQL; SQLite serialises all writes already), which keeps a reader
 * hammering the button from racing themselves.
 */
export async function toggleLike(db: Knex, newsId: string, who: string, now = new Date()) {
  await requirePublished(db, newsId, now);
  for (let attempt = 0; attempt < 5; attempt++) {
    const result = await db.transaction(async (trx) => {
      if (!isSqlite(trx)) await trx('news').where('id', newsId).forUpdate().first('id');
      const inserted = await trx('news_likes')
        .insert({ id: likeKey(newsId, who), news_id: newsId, user_id: who, created_at: dbDate(trx, now) })
        .onConflict('id')
        .ignore()
        .returning('id');
      if (inserted.length > 0) {
        await trx('news').where('id', newsId).increment('like_count', 1);
        return { liked: true };
      }
      const deleted = await trx('news_likes').where('id', likeKey(newsId, who)).del();
      if (deleted > 0) {
        await trx('news').where('id', newsId).decrement('like_count', deleted);
        return { liked: false };
      }
      return null;
    });
    if (result) {
      const row = await db('news').where('id', newsId).first('like_count');
      return { liked: result.liked, likes: Number(row?.like_count ?? 0) };
    }
  }
  throw new Error('toggleLike: too much contention');
}

export async function hasLiked(db: Knex, newsId: string, who: string | null) {
  if (!who) return false;
  return !!(await db('news_likes').where('id', likeKey(newsId, who)).first('id'));
}

/** The IP is kept only as a salted hash: enough to spot abuse, useless to identify a reader. */
export function hashIp(ip: string | null | undefined, secret: string): string {
  return createHash('sha256').update(`${secret}:${ip ?? 'unknown'}`).digest('hex');
}

export async function recordView(db: Knex, newsId: string, userId: string | null, ipHash: string, now = new Date()) {
  await requirePublished(db, newsId, now);
  await db.transaction(async (trx) => {
    await trx('news_views').insert({ news_id: newsId, user_id: userId, ip_hash: ipHash, created_at: dbDate(trx, now) });
    await trx('news').where('id', newsId).increment('view_count', 1);
  });
  const row = await db('news').where('id', newsId).first('view_count');
  return { views: Number(row?.view_count ?? 0) };
}

export async function engagement(db: Knex, newsId: string, who: string | null, now = new Date()) {
  const row = await requirePublished(db, newsId, now);
  return { views: Number(row.view_count), likes: Number(row.like_count), liked: await hasLiked(db, newsId, who) };
}

/** Counts for many published news at once (like buttons and cards on one page). */
export async function counts(db: Knex, ids: string[], now = new Date()) {
  const rows = ids.length ? await publishedNews(db, now).whereIn('id', ids).select('id', 'view_count', 'like_count') : [];
  return Object.fromEntries(rows.map((r: any) => [r.id, { views: Number(r.view_count), likes: Number(r.like_count) }]));
}

export type RankedNews = {
  id: string;
  title: string;
  slug: string;
  featured_image: string | null;
  published_at: string;
  views: number;
  likes: number;
};

/** "Mais Lidas" and "Mais Tops": the top 5 of the 20 latest published news. */
export async function rankings(db: Knex, now = new Date()) {
  const rows = await publishedNews(db, now)
    .orderBy('published_at', 'desc')
    .limit(LIMITS.rankingCandidates)
    .select('id', 'title', 'slug', 'featured_image', 'published_at', 'view_count', 'like_count');
  const items: RankedNews[] = rows.map((r: any) => ({
    id: r.id,
    title: r.title,
    slug: r.slug,
    featured_image: r.featured_image,
    published_at: isoFromDb(r.published_at) ?? '',
    views: Number(r.view_count),
    likes: Number(r.like_count),
  }));
  return {
    most_read: topByCount(items, (n) => n.views, LIMITS.rankingTop),
    most_liked: topByCount(items, (n) => n.likes, LIMITS.rankingTop),
  };
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
