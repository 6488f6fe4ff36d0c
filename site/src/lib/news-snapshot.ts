/**
 * The news rows of a build (issue #8, docs/decisions/006-publish-pipeline.md).
 * A full build reads every published story from Directus and keeps the rows
 * beside its release. A targeted build starts from the rows of the release it
 * is laid over and fetches only the stories its request lists (a publish, an
 * edit, an unpublish): the archive is read from one local file, not queried
 * and serialised by Directus on every publish — the same Directus the
 * newsroom is working in. Everything else (categories, settings, profiles…)
 * is small and always read fresh. A catalogue change reads everything again
 * (category and municipality names are joined into the rows); the next full
 * build (at most a minute after a change) catches up anything else.
 */
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import { listedIds, NEWS_SNAPSHOT_ENV, ROWS_FROM_SEARCH_ENV, rowsFailedFile, SEARCH_INDEX_PROCESS_ENV, newsSnapshotFile } from '@portal/domain/build-contract';

type Env = Record<string, string | undefined>;
type Row = { id: string };

/**
 * The rows a build renders from: the snapshot with the listed stories
 * replaced by their fresh rows (a listed story that is not public any more
 * has no fresh row, so it leaves).
 * @example mergeRows([{ id: 'a' }, { id: 'b' }], ['b', 'c'], [{ id: 'c' }]) // [{ id: 'a' }, { id: 'c' }]
 */
export function mergeRows<T extends Row>(snapshot: readonly T[], listed: readonly string[], fresh: readonly T[]): T[] {
  const drop = new Set(listed);
  return [...snapshot.filter((r) => !drop.has(r.id)), ...fresh];
}

/**
 * The last snapshot this process wrote or read, with its rows, so the warm
 * render process (scripts/lib/builder/warm-render.ts) does not read back the
 * archive it wrote one publish ago (at 100,000 stories, seconds). Keyed by the
 * file's identity (a rename keeps it; any rewrite changes it). The rows are
 * never mutated (mergeRows makes a new array).
 */
let last: { key: string; rows: unknown[] } | undefined;

function identity(file: string): string | null {
  try {
    const s = statSync(file, { bigint: true });
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}`;
  } catch {
    return null;
  }
}

function readSnapshot<T>(file: string | undefined): T[] | null {
  const key = file ? identity(file) : null;
  if (!file || !key) return null;
  if (last?.key === key) return last.rows as T[];
  try {
    const rows = deserialize(readFileSync(file));
    if (!Array.isArray(rows)) return null;
    last = { key, rows };
    return rows as T[];
  } catch {
    return null; // Unreadable: the build reads everything from Directus, as a full one does.
  }
}

/**
 * The rows this build's search-index process read and wrote (a full build):
 * waited for while it works; an error once it failed without them (its parent
 * leaves `failedFile`) or after `maxMs`.
 */
export async function handedOver<T>(file: string, o: { failedFile: string; maxMs?: number }): Promise<T[]> {
  const until = Date.now() + (o.maxMs ?? 30 * 60_000);
  for (;;) {
    const rows = readSnapshot<T>(file);
    if (rows) return rows;
    if (existsSync(o.failedFile) || Date.now() > until) throw new Error(`as notícias do build não chegaram em ${file}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The build's news rows. `all` reads every published story; `byIds` reads the listed ones.
 * `before`: the listed stories' rows in the snapshot (where they were listed until now),
 * or null without a snapshot. Writes the rows beside the output for the next targeted
 * build: the process that read them does (a targeted build's page process; a full
 * build's search-index process, which starts first, and whose rows its page process
 * takes instead of reading the archive again).
 */
export async function newsRows<T extends Row>(
  fetch: { all: () => Promise<T[]>; byIds: (ids: string[]) => Promise<T[]> },
  env: Env = process.env,
): Promise<{ rows: T[]; before: T[] | null }> {
  const targeted = listedIds(env);
  const listed = targeted ?? [];
  const snapshot = targeted ? readSnapshot<T>(env[NEWS_SNAPSHOT_ENV]) : null;
  const out = env.SITE_OUT_DIR;
  const searchProcess = env[SEARCH_INDEX_PROCESS_ENV] === '1';
  // A full build's page process takes the rows its search-index process read: Directus serialises the archive once.
  const fromSearch = !targeted && !searchProcess && env[ROWS_FROM_SEARCH_ENV] === '1' && !!out;
  const rows = snapshot
    ? mergeRows(snapshot, listed, listed.length ? await fetch.byIds(listed) : [])
    : fromSearch
      ? await handedOver<T>(newsSnapshotFile(out), { failedFile: rowsFailedFile(out) })
      : await fetch.all();
  // Whoever read them writes them: the page process, or in a full build its search-index process.
  const writes = searchProcess ? !targeted : !fromSearch;
  if (out && writes) {
    const file = newsSnapshotFile(out);
    writeFileSync(`${file}.tmp.${process.pid}`, serialize(rows));
    renameSync(`${file}.tmp.${process.pid}`, file);
    const key = identity(file);
    if (key) last = { key, rows };
  }
  const ids = new Set(listed);
  return { rows, before: snapshot ? snapshot.filter((r) => ids.has(r.id)) : null };
}
