/**
 * Reading the whole archive from Directus in pages (a full build). One request
 * for 100,000 stories holds Directus's event loop for seconds while it
 * serialises them, and the newsroom's saves and the live lane's reads wait
 * behind it; pages of a thousand let them in between (and keep Directus's heap
 * smaller while it serves them: docs/decisions/066).
 *
 * Pages go down a sortable key with an index (the publication time), newest
 * first: each page is an index range from where the last one stopped, so it
 * costs the same at the end of the archive as at its start (an offset sorts
 * and skips everything before it: seconds per page at 100,000). Stories that
 * share the key at a page's edge are carried over by id. Directus refuses
 * range filters on uuids, so the key cannot be the id.
 *
 * A story published (or rescheduled) while the pages are read may land where
 * the pages already went, so the ids public at the end are read (a small
 * response) and the rows reconciled with them: missing stories fetched,
 * stories gone dropped.
 */
export const PAGE_SIZE = 1000;
/** More rows than this with one key at a page's edge are read in one request of their own. */
const MAX_CARRIED = 100;

/** Where a page starts: below `key` (`strict`), or at it without the rows already read (`skip`); null: the top. */
export type Cursor = { key: string; strict: boolean; skip: string[] } | null;

export async function everyRow<T extends { id: string }>(read: {
  /** Up to `limit` rows from `cursor` down, by key then id. */
  page: (cursor: Cursor, limit: number) => Promise<T[]>;
  /** Every row whose key is exactly `key`. */
  at: (key: string) => Promise<T[]>;
  key: (row: T) => string;
  ids: () => Promise<string[]>;
  byIds: (ids: string[]) => Promise<T[]>;
  pageSize?: number;
}): Promise<T[]> {
  const size = read.pageSize ?? PAGE_SIZE;
  const rows = new Map<string, T>();
  let cursor: Cursor = null;
  for (;;) {
    const part = await read.page(cursor, size);
    for (const r of part) rows.set(r.id, r);
    if (part.length < size) break;
    const key = read.key(part.at(-1)!);
    const carried: string[] = [...(cursor && !cursor.strict && cursor.key === key ? cursor.skip : []), ...part.filter((r) => read.key(r) === key).map((r) => r.id)];
    if (carried.length <= MAX_CARRIED) cursor = { key, strict: false, skip: carried };
    else {
      for (const r of await read.at(key)) rows.set(r.id, r);
      cursor = { key, strict: true, skip: [] };
    }
  }
  const now = await read.ids();
  const missing = now.filter((id) => !rows.has(id));
  for (const r of missing.length ? await read.byIds(missing) : []) rows.set(r.id, r);
  const keep = new Set(now);
  return [...rows.values()].filter((r) => keep.has(r.id));
}
