/**
 * The database side of permanent URLs (issue #8; rules in
 * domain/src/permalinks.ts). Runs in action hooks, after commit: stamps a
 * story's first publication, keeps the spec's literal slug as an alias, and
 * turns an editor's slug change into an alias of the old address.
 */
import { literalNewsSlug } from '@portal/domain/slug';
import { dbDate } from '../../shared/db-date.ts';

type Keys = Array<string | number>;
/** A row's address as it was before a save, for the action to compare (news-hooks.ts carries it). */
export type SlugBefore = { id: string; slug: string; locked: boolean };

/** Rows of `table` whose slug is `base` or `base-…` (on PostgreSQL, read off its prefix index: schema/collections.ts). */
export const slugsLike = (db: any, table: 'news' | 'news_redirects', base: string) =>
  db(table).where((q: any) => q.where('slug', base).orWhere('slug', 'like', `${base}-%`));

/** Slugs a new or renamed story may not take: other stories' slugs and their old addresses. */
export async function takenSlugs(db: any, base: string, selfIds: Keys): Promise<string[]> {
  const [news, aliases] = await Promise.all([
    slugsLike(db, 'news', base).whereNotIn('id', selfIds).pluck('slug'),
    slugsLike(db, 'news_redirects', base).whereNotIn('news_id', selfIds).pluck('slug'),
  ]);
  return [...news, ...aliases];
}

async function addAlias(db: any, slug: string, newsId: string, now: Date) {
  if (!slug) return;
  // An address another story uses stays theirs; an old alias of this one is refreshed.
  if (await db('news').where('slug', slug).whereNot('id', newsId).first('id')) return;
  await db('news_redirects')
    .insert({ slug, news_id: newsId, created_at: dbDate(db, now) })
    .onConflict('slug')
    .merge({ news_id: newsId });
}

/** The columns recordPermalinks reads of each row, as it is after the save. */
export const PERMALINK_COLUMNS = ['id', 'slug', 'title', 'status', 'first_published_at'] as const;
export type SavedRow = { id: string; slug: string; title: unknown; status: unknown; first_published_at: unknown };

/** After a create or update commits (`rows` read then): first-publication stamp, literal alias, old-address alias. */
export async function recordPermalinks(db: any, rows: readonly SavedRow[], before: SlugBefore[], now: Date): Promise<void> {
  for (const row of rows) {
    if (row.status === 'published' && !row.first_published_at) {
      await db('news').where('id', row.id).whereNull('first_published_at').update({ first_published_at: dbDate(db, now) });
      // Links to the portal this product replaces used the spec's literal slug.
      await addAlias(db, literalNewsSlug(String(row.title ?? '')), row.id, now);
    }
    const old = before.find((b) => b.id === row.id);
    if (old && old.locked && old.slug !== row.slug) await addAlias(db, old.slug, row.id, now);
    // A story that takes back one of its old addresses no longer redirects it.
    await db('news_redirects').where({ slug: row.slug, news_id: row.id }).delete();
  }
}
