/**
 * Old addresses of renamed lists (issue #8; rule in domain/src/permalinks.ts):
 * a category or municipality whose slug changes keeps the old one as an
 * alias, so links to the list and its archive answer with a 301 to the new
 * address instead of a 404. Runs in the update action, before the build is
 * asked for (the build reads the aliases).
 */
import { CATALOGUE_LISTS, type CatalogueList } from '@portal/domain/archive';
import { dbDate } from '../../shared/db-date.ts';

export type ListSlug = { id: string; slug: string };

export async function listSlugs(db: any, list: CatalogueList, keys: unknown): Promise<ListSlug[]> {
  if (!Array.isArray(keys) || !keys.length) return [];
  return (await db(CATALOGUE_LISTS[list].collection).whereIn('id', keys).select('id', 'slug')) as ListSlug[];
}

/** After an update commits: each list whose slug changed keeps its old one; a list back at an old address drops that alias. */
export async function recordListRedirects(db: any, list: CatalogueList, before: readonly ListSlug[], after: readonly ListSlug[], now: Date): Promise<void> {
  const { key } = CATALOGUE_LISTS[list];
  for (const row of after) {
    const old = before.find((b) => b.id === row.id);
    if (old && old.slug && old.slug !== row.slug) {
      // One list per old address of a kind: the latest rename takes it.
      await db('list_redirects').where('slug', old.slug).whereNotNull(key).delete();
      await db('list_redirects').insert({ slug: old.slug, [key]: row.id, created_at: dbDate(db, now) });
    }
    await db('list_redirects').where({ slug: row.slug, [key]: row.id }).delete();
  }
}
