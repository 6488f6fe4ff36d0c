/**
 * One batch of reader counting in one transaction (issue #9, decision 016):
 * raw view rows, like rows, the counters on the news row and the per-day
 * totals all move together, then each request's answer (counts, liked state)
 * is read back inside the same transaction. 1,000 views are one transaction,
 * not 1,000.
 */
import type { Knex } from 'knex';
import type { Channel } from '@portal/domain/channels';
import { belemDayKey, planToggles } from '@portal/domain/reader-traffic';
import { dbDate } from '../../../shared/db-date.ts';
import { wherePublicNews } from '../../../shared/visibility.ts';

export type ReaderItem =
  /** An article view: counted unless refused (bot, cap); answers counts and the reader's liked state. */
  | { kind: 'view'; newsId: string; userId: string | null; ipHash: string; liker: string | null; counted: boolean; at: Date; channel: Channel }
  /** A TOP toggle by `liker` (user id or anonymous session id); a refused one answers the state unchanged. */
  | { kind: 'like'; newsId: string; liker: string; counted: boolean; at: Date };

export type ReaderAnswer = { found: false } | { found: true; views: number; likes: number; liked: boolean; counted: boolean };

export const likeKey = (newsId: string, who: string) => `${newsId}:${who}`;

const isSqlite = (db: Knex | Knex.Transaction) => String((db as Knex).client?.config?.client ?? '').includes('sqlite');

/** Reads over slices of `values` small enough for any driver's bound-parameter limit. */
async function sliced<T, R>(values: T[], size: number, fn: (slice: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < values.length; i += size) out.push(...(await fn(values.slice(i, i + size))));
  return out;
}

/** Writes over such slices, one after the other (what drivers answer to a write differs: ignored). */
async function inSlices<T>(values: T[], size: number, fn: (slice: T[]) => PromiseLike<unknown>): Promise<void> {
  for (let i = 0; i < values.length; i += size) await fn(values.slice(i, i + size));
}

const countBy = <T>(items: T[], key: (t: T) => string) => {
  const m = new Map<string, number>();
  for (const i of items) m.set(key(i), (m.get(key(i)) ?? 0) + 1);
  return m;
};

/** `counter += n` for many news in one statement per slice (a CASE on the id), not one per news. */
async function addToCounters(trx: Knex.Transaction, counter: 'view_count' | 'like_count', by: Map<string, number>) {
  await inSlices([...by], 200, (s) =>
    trx('news')
      .whereIn(
        'id',
        s.map(([id]) => id),
      )
      .update({
        [counter]: trx.raw(`?? + CASE ?? ${s.map(() => 'WHEN ? THEN CAST(? AS integer)').join(' ')} ELSE 0 END`, [counter, 'id', ...s.flatMap(([id, n]) => [id, n])]),
      }),
  );
}

export async function flushReaderBatch(db: Knex, items: ReaderItem[], now = new Date()): Promise<ReaderAnswer[]> {
  const ids = [...new Set(items.map((i) => i.newsId))];
  return db.transaction(async (trx) => {
    const live = new Set<string>(await sliced(ids, 500, (s) => wherePublicNews(trx('news'), trx, now).whereIn('id', s).pluck('id')));
    const found = items.filter((i) => live.has(i.newsId));
    const daily = new Map<string, { news_id: string; day: string; views: number; likes: number }>();
    const bump = (newsId: string, at: Date, field: 'views' | 'likes', by: number) => {
      const day = belemDayKey(at);
      const row = daily.get(`${newsId}:${day}`) ?? { news_id: newsId, day, views: 0, likes: 0 };
      row[field] += by;
      daily.set(`${newsId}:${day}`, row);
    };

    // TOPs: toggles applied in arrival order to the likes that exist. On PostgreSQL the
    // news rows are locked first (in id order, no deadlocks) so another Directus
    // instance's batch on the same news waits; SQLite has one writer already.
    const toggles = found.filter((i): i is Extract<ReaderItem, { kind: 'like' }> => i.kind === 'like' && i.counted);
    const toggled = new Map<ReaderItem, boolean>();
    if (toggles.length) {
      const likeNews = [...new Set(toggles.map((t) => t.newsId))].sort();
      if (!isSqlite(trx)) await trx('news').whereIn('id', likeNews).orderBy('id').forUpdate().select('id');
      const keys = [...new Set(toggles.map((t) => likeKey(t.newsId, t.liker)))];
      const existing = new Set<string>(await sliced(keys, 500, (s) => trx('news_likes').whereIn('id', s).pluck('id')));
      const plan = planToggles(
        existing,
        toggles.map((t) => ({ key: likeKey(t.newsId, t.liker), newsId: t.newsId })),
      );
      toggles.forEach((t, i) => toggled.set(t, plan.results[i]!));
      const likerOf = new Map(toggles.map((t) => [likeKey(t.newsId, t.liker), t]));
      await inSlices(plan.inserts, 100, (s) =>
        trx('news_likes').insert(
          s.map(({ key, newsId }) => ({ id: key, news_id: newsId, user_id: likerOf.get(key)!.liker, created_at: dbDate(trx, likerOf.get(key)!.at) })),
        ),
      );
      await inSlices(plan.deletes, 500, (s) => trx('news_likes').whereIn('id', s).del());
      await addToCounters(trx, 'like_count', plan.delta);
      for (const [newsId, by] of plan.delta) bump(newsId, now, 'likes', by);
    }

    // Views: raw rows (for the 24 h window and abuse checks; kept 90 days), counters, day totals.
    const views = found.filter((i): i is Extract<ReaderItem, { kind: 'view' }> => i.kind === 'view' && i.counted);
    await inSlices(views, 100, (s) =>
      trx('news_views').insert(s.map((v) => ({ news_id: v.newsId, user_id: v.userId, ip_hash: v.ipHash, channel: v.channel, created_at: dbDate(trx, v.at) }))),
    );
    await addToCounters(trx, 'view_count', countBy(views, (v) => v.newsId));
    for (const v of views) bump(v.newsId, v.at, 'views', 1);

    const dayRows = [...daily].map(([id, r]) => ({ id, ...r }));
    await inSlices(dayRows, 100, (s) =>
      trx('news_daily')
        .insert(s)
        .onConflict('id')
        .merge({ views: trx.raw('?? + excluded.views', ['news_daily.views']), likes: trx.raw('?? + excluded.likes', ['news_daily.likes']) }),
    );

    // Answers, read after the writes in the same transaction.
    const lookups = [...new Set(found.filter((i) => i.liker && !toggled.has(i)).map((i) => likeKey(i.newsId, i.liker!)))];
    const likedNow = new Set<string>(await sliced(lookups, 500, (s) => trx('news_likes').whereIn('id', s).pluck('id')));
    const counters = new Map<string, { views: number; likes: number }>();
    const rows = await sliced([...live], 500, (s) => trx('news').whereIn('id', s).select('id', 'view_count', 'like_count'));
    for (const r of rows as Array<{ id: string; view_count: number; like_count: number }>) counters.set(r.id, { views: Number(r.view_count), likes: Number(r.like_count) });

    return items.map((i): ReaderAnswer => {
      const c = counters.get(i.newsId);
      if (!c) return { found: false };
      const liked = toggled.get(i) ?? (i.liker ? likedNow.has(likeKey(i.newsId, i.liker)) : false);
      return { found: true, views: c.views, likes: c.likes, liked, counted: i.counted };
    });
  });
}
