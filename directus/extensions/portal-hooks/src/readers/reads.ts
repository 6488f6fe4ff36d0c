/**
 * What readers' pages read besides their own view (issue #9): the sidebar
 * rankings, rankings by time window, the ads live now. Served as shared JSON
 * through public-cache.ts, so each costs one query per period.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { topByCount } from '@portal/domain/engagement';
import { LIMITS } from '@portal/domain/limits';
import { windowRange, type RankingWindow } from '@portal/domain/reader-traffic';
import { dbDate, isoFromDb } from '../../../shared/db-date.ts';
import { wherePublicNews } from '../../../shared/visibility.ts';

/** Published and its time has come: the only news readers may see counted. */
const publishedNews = (db: Knex, now: Date) => wherePublicNews(db('news'), db, now);

/** The IP is kept only as a salted hash: enough to spot abuse, useless to identify a reader. */
export function hashIp(ip: string | null | undefined, secret: string): string {
  return createHash('sha256').update(`${secret}:${ip ?? 'unknown'}`).digest('hex');
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

const RANKED_FIELDS = ['id', 'title', 'slug', 'featured_image', 'published_at', 'view_count', 'like_count'] as const;
const ranked = (r: any): RankedNews => ({
  id: r.id,
  title: r.title,
  slug: r.slug,
  featured_image: r.featured_image,
  published_at: isoFromDb(r.published_at) ?? '',
  views: Number(r.view_count),
  likes: Number(r.like_count),
});

/** "Mais Lidas" and "Mais Tops": the top 5 of the 20 latest published news. */
export async function rankings(db: Knex, now = new Date()) {
  const rows = await publishedNews(db, now).orderBy('published_at', 'desc').limit(LIMITS.rankingCandidates).select(...RANKED_FIELDS);
  const items: RankedNews[] = rows.map(ranked);
  return {
    most_read: topByCount(items, (n) => n.views, LIMITS.rankingTop),
    most_liked: topByCount(items, (n) => n.likes, LIMITS.rankingTop),
  };
}

/**
 * Most read and most liked public news in a time window ("24h", "7d", "30d"):
 * `count` is the views (or net TOPs) inside the window; `views` and `likes`
 * stay the all-time totals the sidebar shows. 24 h counts the raw
 * rows (views kept 90 days, likes standing now); 7 d / 30 d sum the per-day
 * totals. Only news with something in the window are listed.
 */
export async function rankingsByWindow(db: Knex, window: RankingWindow, limit: number, now = new Date()) {
  const range = windowRange(window, now);
  const top = async (metric: 'views' | 'likes') => {
    let q: Knex.QueryBuilder;
    if (range.source === 'raw') {
      q = db(metric === 'views' ? 'news_views' : 'news_likes')
        .where('created_at', '>=', dbDate(db, range.since))
        .groupBy('news_id')
        .select('news_id')
        .count({ n: '*' });
    } else {
      q = db('news_daily').where('day', '>=', range.fromDay).groupBy('news_id').select('news_id').sum({ n: metric });
    }
    const totals = await wherePublicNews(db.from(q.as('w')).join('news', 'news.id', 'w.news_id').where('w.n', '>', 0), db, now, 'news')
      .orderBy([
        { column: 'w.n', order: 'desc' },
        { column: 'news.published_at', order: 'desc' },
      ])
      .limit(limit)
      .select(...RANKED_FIELDS.map((f) => `news.${f}`), 'w.n');
    return totals.map((r: any) => ({ ...ranked(r), count: Number(r.n) }));
  };
  return { window, most_read: await top('views'), most_liked: await top('likes') };
}

