/**
 * Which uploaded files readers may fetch (issue #10): only files that
 * published content uses. `directus_files.portal_public` is the flag the
 * public read permission filters on. Before a write the filter notes which
 * files the rows use (before and after); once the write has committed, each
 * of them is recomputed from what is stored — so an embargoed story's photo
 * stays private until the story is live, and private again once it is not,
 * and a refused write changes nothing.
 */
import { fileRefs } from '@portal/domain/files';
import { isoFromDb, isSqlite } from '../../shared/db-date.ts';
import { wherePublicNews } from '../../shared/visibility.ts';
import { isPubliclyVisible } from '@portal/domain/news-access';

type Row = Record<string, unknown>;
type Knex = any;

/** Where content refers to files, and when that content is public. */
export const FILE_SOURCES = {
  news: {
    pk: 'id',
    fields: ['featured_image', 'featured_image_renditions', 'content'],
    isPublic: (r: Row, now: Date) => isPubliclyVisible({ status: String(r.status), published_at: isoFromDb(r.published_at) }, now),
    publicRows: (q: Knex, db: Knex, now: Date) => wherePublicNews(q, db, now),
  },
  // A live entry's photo and inline images (issue #30): public with the entry, on a public coverage in live mode.
  news_live_entries: {
    pk: 'id',
    fields: ['image', 'body'],
    publicRows: (q: Knex, db: Knex, now: Date) =>
      wherePublicNews(q, db, now).whereIn('news_id', wherePublicNews(db('news'), db, now).whereNotNull('live_status').select('id')),
  },
  events: { pk: 'id', fields: ['image_url'], isPublic: (r: Row) => !!r.is_active, publicRows: (q: Knex) => q.where('is_active', true) },
  ads: { pk: 'id', fields: ['content'], isPublic: (r: Row) => !!r.is_active, publicRows: (q: Knex) => q.where('is_active', true) },
  // Bylines show the author's photo; the portal's settings hold its public texts.
  profiles: { pk: 'id', fields: ['avatar_url'], isPublic: () => true, publicRows: (q: Knex) => q },
  settings: { pk: 'key', fields: ['value'], isPublic: () => true, publicRows: (q: Knex) => q },
} as const;

export type FileSource = keyof typeof FILE_SOURCES;

/** Files the rows refer to; row by row (spread as arguments, 100,000 stories overflowed the stack at start). */
function refsOf(source: FileSource, rows: Row[]): string[] {
  const out = new Set<string>();
  for (const r of rows) for (const f of FILE_SOURCES[source].fields) for (const id of fileRefs(r[f])) out.add(id);
  return [...out];
}

/** Files the rows refer to before and after a write: the ones whose flag may change. */
export function candidateFiles(source: FileSource, before: Row[], after: Row[]): string[] {
  return [...new Set([...refsOf(source, before), ...refsOf(source, after)])];
}

/** The files of these stories' live entries (issue #30): public only while their coverage is, so they follow it. */
export async function liveEntryFiles(db: Knex, newsIds: unknown[]): Promise<string[]> {
  return newsIds.length ? candidateFiles('news_live_entries', await db('news_live_entries').whereIn('news_id', newsIds).select('image', 'body'), []) : [];
}

/** Rows of a source that a write just saved (their key, or their parent's), to narrow a query of it to them. */
export type SavedRows = Array<[FileSource, (q: Knex) => Knex]>;

/**
 * Computes and writes the flags of `ids` in one transaction that locks their rows first (PostgreSQL; SQLite's
 * one connection runs one transaction at a time): two refreshes of one file, say a story's create and its
 * publish a moment later, on one instance or two, take turns, each reading what is stored once it holds the
 * lock. Read outside it, the create's refresh could read "pending", the publish's write public, and the
 * create's then write private over it: a live story's photo stayed private (the API suite, twice).
 */
async function writeFlags(db: Knex, ids: string[], compute: (trx: Knex) => Promise<{ open: string[]; closed: string[] }>, beforeWrite?: () => Promise<void>) {
  if (!ids.length) return;
  await db.transaction(async (trx: Knex) => {
    if (!isSqlite(db)) await trx('directus_files').whereIn('id', ids).orderBy('id').forUpdate().select('id');
    const { open, closed } = await compute(trx);
    await beforeWrite?.();
    if (open.length) await trx('directus_files').whereIn('id', open).update({ portal_public: true });
    if (closed.length) await trx('directus_files').whereIn('id', closed).update({ portal_public: false });
  });
}

/**
 * Of `ids`, the ones public content uses, as stored: one search per source for all of them, each row found
 * settling every id it mentions (LIKE, as the public read permission's rule was always computed; SQLite's
 * ignores ASCII case, so the row is read the same way).
 */
async function usedPublicly(db: Knex, ids: string[], now: Date): Promise<Set<string>> {
  const left = new Set(ids);
  const used = new Set<string>();
  for (const [name, s] of Object.entries(FILE_SOURCES) as Array<[FileSource, (typeof FILE_SOURCES)[FileSource]]>) {
    while (left.size) {
      const look = [...left];
      const hit = await s
        .publicRows(db(name), db, now)
        .where((w: Knex) => {
          for (const f of s.fields) for (const id of look) w.orWhere(f, 'like', `%${id}%`);
        })
        .first(...s.fields);
      if (!hit) break;
      const text = s.fields.map((f) => String(hit[f] ?? '')).join('\n').toLowerCase();
      const mentioned = look.filter((id) => text.includes(id.toLowerCase()));
      if (!mentioned.length) break;
      for (const id of mentioned) {
        used.add(id);
        left.delete(id);
      }
    }
  }
  return used;
}

/**
 * After a write has committed, its first step: the candidates that the rows it saved use while public (as stored
 * now) are public, found by those rows' keys, with no search of everything: a story published with its photos has
 * them readable before its build is asked for. Returns the other candidates, for refreshFileVisibility once the
 * build is asked for (at 100,000 stories its search reads every public story's text: about half a second on
 * PostgreSQL).
 */
export async function openSavedFiles(db: Knex, fileIds: string[], saved: SavedRows, now = new Date()): Promise<string[]> {
  const ids = [...new Set(fileIds)];
  const opened = new Set<string>();
  await writeFlags(db, ids, async (trx) => {
    for (const [name, narrow] of saved) {
      const s = FILE_SOURCES[name];
      for (const id of refsOf(name, await narrow(s.publicRows(trx(name), trx, now)).select(...s.fields))) opened.add(id);
    }
    return { open: ids.filter((id) => opened.has(id)), closed: [] };
  });
  return ids.filter((id) => !opened.has(id));
}

/** After a write has committed: each candidate file is public exactly while public content uses it. */
export async function refreshFileVisibility(db: Knex, fileIds: string[], now = new Date(), o: { beforeWrite?: () => Promise<void> } = {}) {
  const ids = [...new Set(fileIds)];
  await writeFlags(
    db,
    ids,
    async (trx) => {
      const used = await usedPublicly(trx, ids, now);
      return { open: ids.filter((id) => used.has(id)), closed: ids.filter((id) => !used.has(id)) };
    },
    o.beforeWrite,
  );
}

/** A save with no build to ask for between: the files its rows open first, then the rest. */
export async function refreshAfterSave(db: Knex, fileIds: string[], saved: SavedRows) {
  const now = new Date();
  await refreshFileVisibility(db, await openSavedFiles(db, fileIds, saved, now), now);
}

/** Rows of `source` as stored, with the columns the rules read. */
export async function storedRows(db: Knex, source: FileSource, keys: unknown[]): Promise<Row[]> {
  if (!keys.length) return [];
  const s = FILE_SOURCES[source];
  const extra = source === 'news' ? ['status', 'published_at'] : source === 'events' || source === 'ads' ? ['is_active'] : [];
  return db(source).whereIn(s.pk, keys).select(s.pk, ...s.fields, ...extra);
}

/** Every file from scratch (apply, or files from before this rule existed). */
export async function reconcileAllFiles(db: Knex, now = new Date()) {
  const visible = new Set<string>();
  for (const [name, s] of Object.entries(FILE_SOURCES) as Array<[FileSource, (typeof FILE_SOURCES)[FileSource]]>) {
    const rows: Row[] = await s.publicRows(db(name), db, now).select(...s.fields);
    for (const id of refsOf(name, rows)) visible.add(id);
  }
  await db('directus_files').update({ portal_public: false });
  const ids = [...visible];
  for (let i = 0; i < ids.length; i += 500) await db('directus_files').whereIn('id', ids.slice(i, i + 500)).update({ portal_public: true });
  return visible.size;
}
