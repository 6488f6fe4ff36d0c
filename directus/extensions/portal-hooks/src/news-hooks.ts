/**
 * The news hooks, in the order they run (issue #31, item 3). A save reads the
 * story's rows once, before the write (`beforeRows`), and everything the
 * rules need comes from that one read: the stale-edit check, the form's
 * validation, the municipality and slug rules, what the page was (for the
 * build it asks) and which files it used (for their visibility). What the
 * filter learns reaches the action after commit as one carried object.
 *
 * After commit, in order: each row's own publish date (batch publishes), one
 * read of the rows as saved, the story's addresses, the files' visibility,
 * then the build — so the photo of a story going live is readable when the
 * builder renders its page.
 */
import { uniqueSlug } from '@portal/domain/slug';
import { isSlugLocked } from '@portal/domain/permalinks';
import { SERVER_VALIDATORS } from '@portal/domain/validation';
import { dbDate, isoFromDb } from '../../shared/db-date.ts';
import { invalid } from '../../shared/portal-error.ts';
import { loadActor, type Accountability } from './actor.ts';
import { carried, carry } from './carry.ts';
import { refuseStaleEdit } from './edit-conflict.ts';
import { refusal } from './validation-filters.ts';
import { assertFileUse } from './file-use.ts';
import { candidateFiles, liveEntryFiles, openSavedFiles, refreshFileVisibility, type SavedRows } from './file-visibility.ts';
import { prepareNewsCreate, prepareNewsUpdate, publishDatesByRow, type NewsPayload, type PreviousNews } from './news-rules.ts';
import { PERMALINK_COLUMNS, recordPermalinks, takenSlugs, type SavedRow, type SlugBefore } from './permalink-store.ts';
import { newsRebuild, type NewsState } from './rebuild-trigger.ts';
import type { BuildRequest } from '@portal/domain/build-contract';

type Keys = Array<string | number>;
type Db = any;
type Row = Record<string, unknown>;
type FilterHandler = (payload: unknown, meta: unknown, context: { database: unknown; accountability?: unknown }) => Promise<unknown>;
type ActionHandler = (meta: Record<string, any>) => Promise<void>;

/** Every column a save's rules read of the rows before it: one query (issue #31). */
export const NEWS_BEFORE_COLUMNS = [
  'id',
  'slug',
  'status',
  'published_at',
  'first_published_at',
  'municipality_id',
  'author_id',
  'updated_at',
  ...SERVER_VALIDATORS.news.columns,
  'featured_image',
  'featured_image_renditions',
  'live_status',
  'live_started_at',
] as const;
const columns = [...new Set(NEWS_BEFORE_COLUMNS)];

/** What an update or delete learned before the write, for after it (carry.ts). */
const NEWS_SAVE = Symbol('portal.news-save');
type NewsSave = { states: NewsState[]; slugs: SlugBefore[]; rowDates: Record<string, string | null> | null; files: string[] };

export const beforeRows = (db: Db, keys: Keys): Promise<Row[]> => (keys.length ? db('news').whereIn('id', keys).select(...columns) : Promise.resolve([]));

const stateOf = (r: Row): NewsState => ({ id: String(r.id), slug: String(r.slug), status: r.status as NewsState['status'], published_at: isoFromDb(r.published_at) });
const slugOf = (r: Row): SlugBefore => ({ id: String(r.id), slug: String(r.slug), locked: isSlugLocked(r as Parameters<typeof isSlugLocked>[0]) });
const previousOf = (r: Row): PreviousNews => ({
  id: String(r.id),
  slug: String(r.slug),
  status: r.status as PreviousNews['status'],
  published_at: (r.published_at as string | null) ?? null,
  first_published_at: (r.first_published_at as string | null) ?? null,
  municipality_id: (r.municipality_id as string | null) ?? null,
  author_id: (r.author_id as string | null) ?? null,
  live_status: (r.live_status as string | null) ?? null,
  live_started_at: isoFromDb(r.live_started_at),
});

/** Slug unique among news and their old addresses: "titulo", "titulo-2", … (self excluded on update). */
const freeSlug = async (db: Db, slug: string, selfIds: Keys = []): Promise<string> => uniqueSlug(slug, await takenSlugs(db, slug, selfIds));

export function newsHooks(o: { knex: Db; notify: (req: BuildRequest) => Promise<void> }): {
  filters: Array<[string, FilterHandler]>;
  actions: Array<[string, ActionHandler]>;
  /** After commit: asks the build for what readers see of `keys`, from the rows `before` and now. */
  rebuild: (keys: Keys, before: NewsState[]) => Promise<void>;
} {
  const { knex } = o;
  /** The rows as the save left them: one read after commit, for the addresses and the build. */
  const afterRows = async (keys: Keys): Promise<Array<SavedRow & Row>> =>
    keys.length ? knex('news').whereIn('id', keys).select(...new Set([...PERMALINK_COLUMNS, 'published_at'])) : [];
  const ask = async (before: NewsState[], after: Row[]) => {
    const req = newsRebuild(before, after.map(stateOf), new Date());
    if (req) await o.notify(req);
  };
  const rebuild = async (keys: Keys, before: NewsState[]) => ask(before, await afterRows(keys));
  /** The stories just saved and their live entries (a coverage's photos follow it). */
  const savedStories = (keys: Keys): SavedRows => [
    ['news', (q) => q.whereIn('id', keys)],
    ['news_live_entries', (q) => q.whereIn('news_id', keys)],
  ];

  const filters: Array<[string, FilterHandler]> = [
    [
      'news.items.create',
      async (payload, _meta, { database: db, accountability }) => {
        const p = payload as Row;
        const error = refusal('news', null, p);
        if (error) throw invalid(error);
        const actor = await loadActor(accountability as Accountability, db as Db);
        await assertFileUse(db, actor, [p.featured_image, p.featured_image_renditions, p.content]);
        const out = prepareNewsCreate(p as NewsPayload, actor, new Date());
        out.slug = await freeSlug(db, out.slug as string);
        return out;
      },
    ],
    [
      'news.items.update',
      async (payload, meta, { database: db, accountability }) => {
        const keys = (meta as { keys?: Keys }).keys ?? [];
        const p = payload as Row;
        const rows = await beforeRows(db, keys);
        await refuseStaleEdit(db, p, rows);
        // The form's rules on each row as it will be (validation-filters.ts).
        const error = refusal('news', keys.length ? rows : [{}], p);
        if (error) throw invalid(error);
        const actor = await loadActor(accountability as Accountability, db as Db);
        await assertFileUse(db, actor, [p.featured_image, p.featured_image_renditions, p.content]);
        const previous = rows.map(previousOf);
        const now = new Date();
        const out = prepareNewsUpdate(p as NewsPayload, previous, actor, now);
        if (typeof out.slug === 'string') out.slug = await freeSlug(db, out.slug, keys);
        // Rows of a batch that need different dates get theirs after commit (only once access was checked).
        const rowDates = !('published_at' in out) && ('status' in out || 'scheduled_at' in out) ? publishDatesByRow(out, previous, now) : null;
        const visibility = 'status' in out || 'scheduled_at' in out || 'live_status' in out;
        const files = [...candidateFiles('news', rows, [out]), ...(visibility ? await liveEntryFiles(db, keys) : [])];
        const save: NewsSave = { states: rows.map(stateOf), slugs: rows.map(slugOf), rowDates, files };
        carry(keys, NEWS_SAVE, save);
        return out;
      },
    ],
    [
      'news.items.delete',
      async (keys, _meta, { database: db }) => {
        const rows = await beforeRows(db, keys as Keys);
        const files = [...candidateFiles('news', rows, []), ...(await liveEntryFiles(db, keys as Keys))];
        carry(keys as Keys, NEWS_SAVE, { states: rows.map(stateOf), slugs: [], rowDates: null, files } satisfies NewsSave);
        return keys;
      },
    ],
  ];

  const actions: Array<[string, ActionHandler]> = [
    [
      'news.items.create',
      async ({ key, payload }) => {
        const rows = await afterRows([key as string]);
        await recordPermalinks(knex, rows, [], new Date());
        // A new row has no "before": the files it uses are in its payload.
        const rest = await openSavedFiles(knex, candidateFiles('news', [], [payload as Row]), savedStories([key as string]));
        await ask([], rows);
        await refreshFileVisibility(knex, rest);
      },
    ],
    [
      'news.items.update',
      async ({ keys }) => {
        const save = carried<NewsSave>(keys, NEWS_SAVE);
        for (const [id, at] of Object.entries(save?.rowDates ?? {}))
          await knex('news')
            .where('id', id)
            .update({ published_at: at ? dbDate(knex, new Date(at)) : null });
        const rows = await afterRows(keys as Keys);
        await recordPermalinks(knex, rows, save?.slugs ?? [], new Date());
        // The photos a story now public uses are readable before its build is asked for; what may turn private after.
        const rest = await openSavedFiles(knex, save?.files ?? [], savedStories(keys as Keys));
        await ask(save?.states ?? [], rows);
        await refreshFileVisibility(knex, rest);
      },
    ],
    [
      'news.items.delete',
      async ({ keys }) => {
        const save = carried<NewsSave>(keys, NEWS_SAVE);
        // Gone, its files can only turn private: the page first.
        await rebuild(keys as Keys, save?.states ?? []);
        await refreshFileVisibility(knex, save?.files ?? []);
      },
    ],
  ];
  return { filters, actions, rebuild };
}
