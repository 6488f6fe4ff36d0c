/**
 * Who has a story open in the editor (issue #34, decision 044), kept in the
 * news_presence table so that every Directus instance sees every beat. The
 * endpoint in index.ts decides who may beat and see (staff who may read the
 * story); these are the table's reads and writes, tested on SQLite.
 */
import type { Knex } from 'knex';
import { PRESENCE_PURGE_MS, presenceKey, presentSince, type PresentEditor } from '@portal/domain/presence';
import { dbDate } from '../../shared/db-date.ts';

/** "I still have it open": one row per story and person, its time moved forward. */
export async function beat(db: Knex, newsId: string, userId: string, now: Date): Promise<void> {
  await db('news_presence')
    .insert({ id: presenceKey(newsId, userId), news_id: newsId, user_id: userId, seen_at: dbDate(db, now) })
    .onConflict('id')
    .merge(['seen_at']);
}

/** The others with the story open now, with their profile names, in the order they arrived. */
export async function editorsOf(db: Knex, newsId: string, exceptUser: string, now: Date): Promise<PresentEditor[]> {
  const rows = (await db('news_presence as p')
    .leftJoin('profiles as f', 'f.user_id', 'p.user_id')
    .where('p.news_id', newsId)
    .whereNot('p.user_id', exceptUser)
    .where('p.seen_at', '>=', dbDate(db, presentSince(now)))
    .orderBy('p.id')
    .select('p.user_id', 'f.full_name')) as Array<{ user_id: string; full_name: string | null }>;
  return rows.map((r) => ({ user_id: r.user_id, name: r.full_name }));
}

/** The editor page closed. */
export async function leave(db: Knex, newsId: string, userId: string): Promise<void> {
  await db('news_presence').where('id', presenceKey(newsId, userId)).delete();
}

/** Beats nobody will look at again (closed tabs, people gone for the day). */
export async function purge(db: Knex, now: Date): Promise<void> {
  await db('news_presence')
    .where('seen_at', '<', dbDate(db, new Date(now.getTime() - PRESENCE_PURGE_MS)))
    .delete();
}
