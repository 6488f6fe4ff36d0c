/**
 * Reading the whole archive from Directus in pages (a full build). One request
 * for 100,000 stories holds Directus's event loop for seconds while it
 * serialises them, and the newsroom's saves and the live lane's reads wait
 * behind it; pages of a few thousand let them in between.
 *
 * Pages by offset can repeat a story (one published meanwhile) or skip one
 * (one withdrawn meanwhile, before the offset). So the ids public at the end
 * are read (a small response) and the rows reconciled with them: repeats are
 * merged, missing stories fetched, stories gone dropped. Directus refuses
 * range filters on uuids, so pages cannot be keyed by id.
 */
export const PAGE_SIZE = 2000;

export async function everyRow<T extends { id: string }>(read: {
  page: (offset: number, limit: number) => Promise<T[]>;
  ids: () => Promise<string[]>;
  byIds: (ids: string[]) => Promise<T[]>;
  pageSize?: number;
}): Promise<T[]> {
  const size = read.pageSize ?? PAGE_SIZE;
  const rows = new Map<string, T>();
  for (let offset = 0; ; offset += size) {
    const part = await read.page(offset, size);
    for (const r of part) rows.set(r.id, r);
    if (part.length < size) break;
  }
  const now = await read.ids();
  const missing = now.filter((id) => !rows.has(id));
  for (const r of missing.length ? await read.byIds(missing) : []) rows.set(r.id, r);
  const keep = new Set(now);
  return [...rows.values()].filter((r) => keep.has(r.id));
}
