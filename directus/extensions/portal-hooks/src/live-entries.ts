/**
 * Live coverage entries (issue #30, decision 062), held by the server for
 * every client: who writes on which coverage, the story's statuses and
 * publish rule, the fields only editors set, the correction's date — then,
 * after commit, the files' visibility and one targeted build of the coverage
 * (its page and its feed) when readers' view of it changed.
 */
import {
  ENTRY_EDITOR_FIELDS,
  ENTRY_EDITOR_ONLY,
  ENTRY_MOVE_ERROR,
  ENTRY_MUNICIPALITY_ERROR,
  ENTRY_NEEDS_LIVE,
  ENTRY_STATUS_ERROR,
  createdEntryDate,
  isCoveragePublic,
  isEntryPublic,
  producerMayWriteOn,
} from '@portal/domain/live';
import type { NewsStatus } from '@portal/domain/news-status';
import { isEditorLevel } from '@portal/domain/roles';
import type { BuildRequest } from '@portal/domain/build-contract';
import { dbDate, isoFromDb } from '../../shared/db-date.ts';
import { forbidden, invalid } from '../../shared/portal-error.ts';
import { loadActor, type Accountability, type Actor } from './actor.ts';
import { carried, carry } from './carry.ts';
import { assertFileUse } from './file-use.ts';
import { candidateFiles, openSavedFiles, refreshFileVisibility, type SavedRows } from './file-visibility.ts';
import { checkStatus, publishDatesByRow } from './news-rules.ts';

type Keys = Array<string | number>;
type Db = any;
type Row = Record<string, unknown>;
type FilterHandler = (payload: unknown, meta: unknown, context: { database: unknown; accountability?: unknown }) => Promise<unknown>;
type ActionHandler = (meta: Record<string, any>) => Promise<void>;

const ENTRY_COLUMNS = ['id', 'news_id', 'status', 'published_at', 'created_by', 'image', 'body', 'correction_note'] as const;
const COVERAGE_COLUMNS = ['id', 'slug', 'status', 'published_at', 'live_status', 'municipality_id'] as const;

type Coverage = { id: string; slug: string; status: string; published_at: string | null; live_status: string | null; municipality_id: string | null };
/** What a write learned before it, for after it: each coverage touched and whether readers saw the entry. */
type EntrySave = { coverages: string[]; wasPublic: boolean; files: string[]; dates: Record<string, string | null> | null };
const ENTRY_SAVE = Symbol('portal.live-entry-save');

/** The coverages of these ids, in one read. */
const coveragesOf = async (db: Db, ids: unknown[]): Promise<Map<string, Coverage>> => {
  const wanted = [...new Set(ids.filter((id) => id != null && id !== '').map(String))];
  const rows: Row[] = wanted.length ? await db('news').whereIn('id', wanted).select(...COVERAGE_COLUMNS) : [];
  return new Map(rows.map((r) => [String(r.id), { ...(r as Coverage), id: String(r.id), published_at: isoFromDb(r.published_at) }]));
};
const isPublicOn = (r: Row, coverages: Map<string, Coverage>, now: Date) => {
  const c = coverages.get(String(r.news_id));
  return !!c && isEntryPublic({ status: String(r.status), published_at: isoFromDb(r.published_at) }, c, now);
};

/** Pinning, correcting and promoting are editors' (a producer's form never sends them). */
function checkEditorFields(p: Row, actor: Actor) {
  if (actor.kind !== 'user' || isEditorLevel(actor.role)) return;
  if (ENTRY_EDITOR_FIELDS.some((f) => f in p && p[f] !== null && p[f] !== false && p[f] !== '')) throw forbidden(ENTRY_EDITOR_ONLY);
}

/** A producer writes on a running coverage of their municipality; anyone writes new entries only while it runs. */
function checkCoverage(coverage: Coverage | undefined, actor: Actor, creating: boolean) {
  if (!coverage || (creating && coverage.live_status !== 'live')) throw invalid(ENTRY_NEEDS_LIVE);
  if (actor.kind === 'user' && !isEditorLevel(actor.role) && !producerMayWriteOn(coverage, actor.municipalityId)) throw forbidden(ENTRY_MUNICIPALITY_ERROR);
}

export function liveEntryHooks(o: { knex: Db; notify: (req: BuildRequest) => Promise<void> }): {
  filters: Array<[string, FilterHandler]>;
  actions: Array<[string, ActionHandler]>;
} {
  const { knex } = o;
  /** After commit: the coverages whose readers' view changed get a targeted build (page and feed). */
  const rebuild = async (coverageIds: string[], wasPublic: boolean, entryIds: Keys) => {
    const now = new Date();
    const covers = await coveragesOf(knex, coverageIds);
    const rows: Row[] = entryIds.length ? await knex('news_live_entries').whereIn('id', entryIds).select('news_id', 'status', 'published_at') : [];
    if (!wasPublic && !rows.some((r) => isPublicOn(r, covers, now))) return;
    const visible = [...covers.values()].filter((c) => isCoveragePublic(c, now));
    // An entry changes its coverage's own pages and the feeds that date it, nothing else (no list, card or month).
    if (visible.length) await o.notify({ full: false, news: visible.map((c) => c.id), slugs: visible.map((c) => c.slug), storiesOnly: true });
  };
  /** The entries as stored before a write, their coverages, and whether readers saw any of them. */
  const before = async (db: Db, keys: Keys): Promise<{ rows: Row[]; coverages: Map<string, Coverage>; wasPublic: boolean }> => {
    const rows: Row[] = keys.length ? await db('news_live_entries').whereIn('id', keys).select(...ENTRY_COLUMNS) : [];
    const coverages = await coveragesOf(db, rows.map((r) => r.news_id));
    const now = new Date();
    return { rows, coverages, wasPublic: rows.some((r) => isPublicOn(r, coverages, now)) };
  };

  const filters: Array<[string, FilterHandler]> = [
    [
      'news_live_entries.items.create',
      async (payload, _meta, { database: db, accountability }) => {
        const p = { ...(payload as Row) };
        const actor = await loadActor(accountability as Accountability, db as Db);
        checkCoverage((await coveragesOf(db, [p.news_id])).get(String(p.news_id)), actor, true);
        p.status ??= 'draft';
        checkStatus(p.status, actor, ENTRY_STATUS_ERROR);
        checkEditorFields(p, actor);
        await assertFileUse(db, actor, [p.image, p.body]);
        if (actor.kind === 'user') {
          // A producer signs their own entries; an editor may post one without a byline (author_id null) or for a colleague.
          if (!isEditorLevel(actor.role) || !('author_id' in p)) p.author_id = actor.userId;
        }
        p.published_at = createdEntryDate(p.status as NewsStatus, p.published_at, actor.kind === 'user' && actor.admin, new Date());
        if (typeof p.correction_note === 'string' && p.correction_note.trim()) p.corrected_at = new Date().toISOString();
        return p;
      },
    ],
    [
      'news_live_entries.items.update',
      async (payload, meta, { database: db, accountability }) => {
        const keys = (meta as { keys?: Keys }).keys ?? [];
        const p = { ...(payload as Row) };
        const actor = await loadActor(accountability as Accountability, db as Db);
        const { rows, coverages, wasPublic } = await before(db, keys);
        if ('news_id' in p && rows.some((r) => String(r.news_id) !== String(p.news_id))) throw invalid(ENTRY_MOVE_ERROR);
        delete p.news_id;
        for (const r of rows) checkCoverage(coverages.get(String(r.news_id)), actor, false);
        checkStatus(p.status, actor, ENTRY_STATUS_ERROR);
        checkEditorFields(p, actor);
        await assertFileUse(db, actor, [p.image, p.body]);
        if (actor.kind === 'user' && !isEditorLevel(actor.role)) delete p.author_id;
        const now = new Date();
        if ('correction_note' in p) p.corrected_at = typeof p.correction_note === 'string' && p.correction_note.trim() ? now.toISOString() : null;
        // Each row keeps its own first publication (a batch approval publishes each pending one now).
        let dates: Record<string, string | null> | null = null;
        delete p.published_at;
        if ('status' in p) {
          // The story's rule, row by row (an entry has no schedule).
          dates = publishDatesByRow(p, rows.map((r) => ({ id: String(r.id), status: r.status as NewsStatus, published_at: isoFromDb(r.published_at) })), now);
          const values = new Set(Object.values(dates));
          if (values.size === 1) [p.published_at] = [...values];
          if (values.size <= 1) dates = null;
        }
        const save: EntrySave = { coverages: rows.map((r) => String(r.news_id)), wasPublic, files: candidateFiles('news_live_entries', rows, [p]), dates };
        carry(keys, ENTRY_SAVE, save);
        return p;
      },
    ],
    [
      'news_live_entries.items.delete',
      async (keys, _meta, { database: db }) => {
        const { rows, wasPublic } = await before(db, keys as Keys);
        carry(keys as Keys, ENTRY_SAVE, { coverages: rows.map((r) => String(r.news_id)), wasPublic, files: candidateFiles('news_live_entries', rows, []), dates: null } satisfies EntrySave);
        return keys;
      },
    ],
  ];

  const savedEntries = (keys: Keys): SavedRows => [['news_live_entries', (q) => q.whereIn('id', keys)]];
  const actions: Array<[string, ActionHandler]> = [
    [
      'news_live_entries.items.create',
      async ({ key, payload }) => {
        // An embargoed photo becomes readable with its entry, not before (and before the entry's build is asked for).
        const rest = await openSavedFiles(knex, candidateFiles('news_live_entries', [], [payload as Row]), savedEntries([key as string]));
        await rebuild([String((payload as Row).news_id)], false, [key as string]);
        await refreshFileVisibility(knex, rest);
      },
    ],
    [
      'news_live_entries.items.update',
      async ({ keys }) => {
        const save = carried<EntrySave>(keys, ENTRY_SAVE);
        for (const [id, at] of Object.entries(save?.dates ?? {}))
          await knex('news_live_entries')
            .where('id', id)
            .update({ published_at: at ? dbDate(knex, new Date(at)) : null });
        const rest = await openSavedFiles(knex, save?.files ?? [], savedEntries(keys as Keys));
        await rebuild(save?.coverages ?? [], save?.wasPublic ?? false, keys as Keys);
        await refreshFileVisibility(knex, rest);
      },
    ],
    [
      'news_live_entries.items.delete',
      async ({ keys }) => {
        const save = carried<EntrySave>(keys, ENTRY_SAVE);
        // Gone, its files can only turn private: the page first.
        await rebuild(save?.coverages ?? [], save?.wasPublic ?? false, []);
        await refreshFileVisibility(knex, save?.files ?? []);
      },
    ],
  ];
  return { filters, actions };
}
