/**
 * The story rows of a build (issue #8, docs/decisions/006-publish-pipeline.md):
 * the published stories, their corrections, their old addresses and the
 * entries of live coverages (issue #30), each row belonging to one story. A full build reads them all from Directus and keeps
 * them beside its release (the base). A targeted build starts from the rows of
 * the release it is laid over and fetches only the stories its request lists
 * (a publish, an edit, a correction, an unpublish): the archive is read from
 * one local file, not queried and serialised by Directus on every publish —
 * the same Directus the newsroom is working in.
 *
 * What a targeted build changed is kept beside the release as a delta (the
 * stories changed since the base and their fresh rows), not by rewriting the
 * whole archive: at 100,000 stories that file is 128 MB, a second per publish.
 * The next full build (the catch-up) writes a new base.
 *
 * Everything else (categories, settings, profiles…) is small and always read
 * fresh. Category and municipality names joined into the rows are as they
 * were when each row was read; the build re-joins them to the catalogue it
 * read by id (content.ts withCatalogue), so a rename reads no story again.
 */
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import { forgetRows, onOtherRows } from './per-build.ts';
import { buildPlan, isStoryHelper, listedIds, newsSnapshotFile, rowsFailedFile, snapshotDeltaFile, type BuildPlan } from '@portal/domain/build-contract';

/** Rows of several kinds, by kind: each row belongs to one story. */
export type StorySets = Record<string, readonly object[]>;

/** How one kind of row is read: all of them, the listed stories' ones, and whose story a row is. */
export type RowSource<T> = { all: () => Promise<T[]>; byIds: (ids: string[]) => Promise<T[]>; story: (row: T) => string };
export type RowSources<S extends StorySets> = { [K in keyof S]: RowSource<S[K][number]> };

/** A release's changes since its base: the stories changed, and the rows they have now (none for a story that left). */
type Delta<S extends StorySets> = { base: string; listed: string[]; rows: S };

/**
 * The rows with the listed stories' rows replaced by their fresh ones (a
 * listed story that is not public any more has no fresh row, so it leaves).
 * @example mergeRows([{ id: 'a' }, { id: 'b' }], ['b', 'c'], [{ id: 'c' }], (r) => r.id) // [{ id: 'a' }, { id: 'c' }]
 */
export function mergeRows<T>(rows: readonly T[], listed: readonly string[], fresh: readonly T[], story: (row: T) => string): T[] {
  return mergeSplit(rows, listed, fresh, story).rows;
}

/** One pass over the archive's rows: the merged rows, and the listed stories' old rows (`before`). */
function mergeSplit<T>(rows: readonly T[], listed: readonly string[], fresh: readonly T[], story: (row: T) => string): { rows: T[]; before: T[] } {
  if (!listed.length) return { rows: rows as T[], before: [] };
  const drop = new Set(listed);
  const kept: T[] = [];
  const before: T[] = [];
  for (const r of rows) (drop.has(story(r)) ? before : kept).push(r);
  for (const r of fresh) kept.push(r);
  return { rows: kept, before };
}

function mergeSets<S extends StorySets>(sets: S, listed: readonly string[], fresh: S, sources: RowSources<S>): S {
  return mergeSetsSplit(sets, listed, fresh, sources).rows;
}

function mergeSetsSplit<S extends StorySets>(sets: S, listed: readonly string[], fresh: S, sources: RowSources<S>): { rows: S; before: S } {
  const rows = {} as Record<keyof S, object[]>;
  const before = {} as Record<keyof S, object[]>;
  for (const k of Object.keys(sources) as Array<keyof S>) {
    const split = mergeSplit<object>(sets[k] ?? [], listed, fresh[k] ?? [], sources[k].story as (r: object) => string);
    rows[k] = split.rows;
    before[k] = split.before;
  }
  return { rows: rows as unknown as S, before: before as unknown as S };
}

function identity(file: string): string | null {
  try {
    const s = statSync(file, { bigint: true });
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}`;
  } catch {
    return null;
  }
}

/**
 * The last base and the last merged rows this process wrote or read, so the
 * warm render process (builder/src/warm-render.ts) neither reads back
 * the archive nor merges it again one publish later. Keyed by the files'
 * identity (a rename keeps it; any rewrite changes it). Rows are never
 * mutated (merging makes new arrays).
 */
let lastBase: { key: string; sets: StorySets } | undefined;
let lastMerged: { key: string; base: string; sets: StorySets; delta: Delta<StorySets> | null } | undefined;
// Whose rows are held, seen from every copy of this module: the warm process has two (the site's bundle, and its own import).
const HELD = Symbol.for('portal.rows.held');
const held = globalThis as { [HELD]?: string };
function keepBase(base: { key: string; sets: StorySets }) {
  lastBase = base;
  held[HELD] = base.key;
}
onOtherRows(() => {
  lastBase = lastMerged = undefined;
  delete held[HELD];
});

/** Whether this process holds the rows of the base `file` (a warm render over that release reads nothing again). */
export function holdsRows(file: string): boolean {
  return held[HELD] !== undefined && held[HELD] === identity(file);
}

function readFile<T>(file: string, valid: (x: unknown) => boolean): T | null {
  try {
    const x = deserialize(readFileSync(file));
    return valid(x) ? (x as T) : null;
  } catch {
    return null; // Unreadable (or written before this format): the build reads everything from Directus.
  }
}

const isSets = (x: unknown) => !!x && typeof x === 'object' && !Array.isArray(x) && Object.values(x).every(Array.isArray);

function readBase<S extends StorySets>(file: string): { key: string; sets: S } | null {
  const key = identity(file);
  if (!key) return null;
  if (lastBase?.key === key) return lastBase as { key: string; sets: S };
  // Another base (a full build went live): the old rows, and all made from them, go before the new ones are read.
  forgetRows();
  const sets = readFile<S>(file, isSets);
  if (!sets) return null;
  keepBase({ key, sets });
  return lastBase as unknown as { key: string; sets: S };
}

/** The rows the release whose base is `file` was made from (base and delta), or null without a usable snapshot. */
function readSnapshot<S extends StorySets>(file: string | undefined, sources: RowSources<S>): { base: string; sets: S; delta: Delta<S> | null } | null {
  if (!file) return null;
  const base = readBase<S>(file);
  // A base written before a kind was read (entries of live coverage, issue #30) lacks its rows: everything is read again.
  if (!base || !Object.keys(sources).every((k) => Array.isArray(base.sets[k]))) return null;
  const deltaFile = snapshotDeltaFile(file);
  const deltaKey = identity(deltaFile);
  const key = `${base.key}|${deltaKey ?? ''}`;
  if (lastMerged?.key === key) return lastMerged as unknown as { base: string; sets: S; delta: Delta<S> | null };
  let delta: Delta<S> | null = null;
  if (deltaKey) {
    delta = readFile<Delta<S>>(deltaFile, (x) => !!x && typeof x === 'object' && Array.isArray((x as Delta<S>).listed) && isSets((x as Delta<S>).rows));
    // A delta made over another base (or unreadable) cannot be trusted: everything is read again.
    if (!delta || delta.base !== base.key) return null;
  }
  const sets = delta ? mergeSets(base.sets, delta.listed, delta.rows, sources) : base.sets;
  lastMerged = { key, base: base.key, sets, delta: delta as Delta<StorySets> | null };
  return { base: base.key, sets, delta };
}

/**
 * The rows this build's search-index process read and wrote (a full build):
 * waited for while it works; an error once it failed without them (its parent
 * leaves `failedFile`) or after `maxMs`.
 */
export async function handedOver<S extends StorySets>(file: string, o: { failedFile: string; maxMs?: number }): Promise<S> {
  const until = Date.now() + (o.maxMs ?? 30 * 60_000);
  for (;;) {
    const base = readBase<S>(file);
    if (base) return base.sets;
    const failed = existsSync(o.failedFile);
    if (failed || Date.now() > until) {
      // Why, when the search-index process said (post-build.ts writes its error there).
      const why = failed ? readFileSync(o.failedFile, 'utf8').trim() : '';
      throw new Error(`as notícias do build não chegaram em ${file}${why ? `: ${why}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

function write(file: string, data: unknown): string | null {
  writeFileSync(`${file}.tmp.${process.pid}`, serialize(data));
  renameSync(`${file}.tmp.${process.pid}`, file);
  return identity(file);
}

/** Each kind of row read by `read`, by kind. */
async function perKind<S extends StorySets>(sources: RowSources<S>, read: (source: RowSource<S[keyof S][number]>) => Promise<unknown[]>): Promise<S> {
  const keys = Object.keys(sources) as Array<keyof S>;
  const rows = await Promise.all(keys.map((k) => read(sources[k])));
  return Object.fromEntries(keys.map((k, i) => [k, rows[i]])) as unknown as S;
}

/**
 * The build's story rows. `before`: the listed stories' rows in the snapshot
 * (where they were listed until now), or null without a snapshot. Writes what
 * the next targeted build starts from beside the output: a targeted build over
 * a snapshot writes its delta (small); any build that read everything writes a
 * base — a targeted build's page process, or in a full build its
 * search-index process, which starts first, and whose rows its page process
 * takes instead of reading the archive again.
 */
export async function storyRows<S extends StorySets>(
  sources: RowSources<S>,
  plan: BuildPlan = buildPlan(process.env),
  out: string | undefined = process.env.SITE_OUT_DIR,
): Promise<{ rows: S; before: S | null }> {
  const targeted = listedIds(plan);
  const listed = targeted ?? [];
  const snapshot = targeted ? readSnapshot(plan.targeted?.newsSnapshot, sources) : null;
  const searchProcess = !!plan.searchIndex;
  // A full build's page process takes the rows its search-index process read: Directus serialises the archive once.
  const fromSearch = !targeted && !searchProcess && !!plan.rowsFromSearch && !!out;
  if (snapshot) {
    const fresh = await perKind(sources, (source) => (listed.length ? source.byIds(listed) : Promise.resolve([])));
    // The merged rows, and the listed stories' rows as they were (where they were listed until now).
    const { rows, before } = mergeSetsSplit(snapshot.sets, listed, fresh, sources);
    if (out && !searchProcess) {
      const base = snapshot.base;
      const prior = snapshot.delta;
      const delta: Delta<S> = {
        base,
        listed: [...new Set([...(prior?.listed ?? []), ...listed])],
        rows: prior ? mergeSets(prior.rows, listed, fresh, sources) : fresh,
      };
      const key = write(snapshotDeltaFile(newsSnapshotFile(out)), delta);
      if (key) lastMerged = { key: `${base}|${key}`, base, sets: rows, delta: delta as unknown as Delta<StorySets> };
    }
    return { rows, before };
  }
  // A full build's story helper takes the same rows as its build (story-shards.ts).
  const handover = (isStoryHelper(plan) && plan.shardOf) || out;
  const rows = fromSearch && handover ? await handedOver<S>(newsSnapshotFile(handover), { failedFile: rowsFailedFile(handover) }) : await perKind(sources, (source) => source.all());
  // Whoever read them writes them: the page process, or in a full build its search-index process.
  const writes = searchProcess ? !targeted : !fromSearch;
  if (out && writes) {
    const file = newsSnapshotFile(out);
    rmSync(snapshotDeltaFile(file), { force: true });
    const key = write(file, rows);
    if (key) keepBase({ key, sets: rows });
  }
  return { rows, before: null };
}

