import { existsSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { describe, expect, it, vi } from 'vitest';
import { FULL_PLAN, targetedPlan, type BuildPlan } from '@portal/domain/build-contract';
import { handedOver, mergeRows, storyRows, type RowSource } from './news-snapshot.ts';

type News = { id: string; title: string };
type Fix = { id: string; news_id: string };
type Sets = { news: News[]; fixes: Fix[] };
const rows = (ids: string[]): News[] => ids.map((id) => ({ id, title: `t-${id}` }));
const never = () => Promise.reject(new Error('never the whole archive'));

/** Sources over an archive in memory, recording what was asked of them. */
function sources(archive: Sets, asked: string[][] = []): { news: RowSource<News>; fixes: RowSource<Fix> } {
  return {
    news: { all: async () => archive.news, byIds: async (ids) => (asked.push(ids), archive.news.filter((r) => ids.includes(r.id))), story: (r) => r.id },
    fixes: { all: async () => archive.fixes, byIds: async (ids) => archive.fixes.filter((r) => ids.includes(r.news_id)), story: (r) => r.news_id },
  };
}
/** A targeted build's plan over the rows kept as `over`, and its output folder. */
const targeted = (dir: string, out: string, ids: string, over = 'live'): [BuildPlan, string] => [
  targetedPlan({ full: false, news: ids.split(',').filter(Boolean), slugs: [] }, path.join(dir, over), path.join(dir, `${over}.news.v8`)),
  path.join(dir, out),
];
/** What the builder does once a targeted build is laid over the live release (site-build.ts). */
function layOver(dir: string, out: string) {
  const base = path.join(dir, `${out}.news.v8`);
  if (existsSync(base)) renameSync(base, path.join(dir, 'live.news.v8'));
  if (existsSync(`${base}.delta`)) renameSync(`${base}.delta`, path.join(dir, 'live.news.v8.delta'));
}

describe('story rows of a build', () => {
  it('a full build reads everything and keeps it beside its output', async () => {
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'snap-')), 'release');
    const archive = { news: rows(['a', 'b']), fixes: [{ id: 'f', news_id: 'a' }] };
    const read = await storyRows<Sets>(sources(archive), FULL_PLAN, out);
    expect(read).toEqual({ rows: archive, before: null });
    expect(deserialize(readFileSync(`${out}.news.v8`))).toEqual(archive);
  });

  it('a targeted build starts from the rows under it, fetches only the stories it lists and writes only what changed', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'snap-'));
    const first = { news: rows(['a', 'b', 'c']), fixes: [{ id: 'f1', news_id: 'c' }] };
    await storyRows<Sets>(sources(first), FULL_PLAN, path.join(dir, 'live'));
    // b was edited and corrected, c left the site (no fresh row, nor its correction), d is new.
    const now = { news: [rows(['a'])[0]!, { id: 'b', title: 'new' }, ...rows(['d'])], fixes: [{ id: 'f2', news_id: 'b' }] };
    const asked: string[][] = [];
    const src = sources(now, asked);
    src.news.all = never;
    const read = await storyRows<Sets>(src, ...targeted(dir, 'r2', 'b,c,d'));
    expect(asked).toEqual([['b', 'c', 'd']]);
    expect(read.rows).toEqual({ news: [{ id: 'a', title: 't-a' }, { id: 'b', title: 'new' }, ...rows(['d'])], fixes: [{ id: 'f2', news_id: 'b' }] });
    expect(read.before).toEqual({ news: rows(['b', 'c']), fixes: [{ id: 'f1', news_id: 'c' }] });
    // Not the archive again: the changes since its base.
    expect(existsSync(path.join(dir, 'r2.news.v8'))).toBe(false);
    expect(deserialize(readFileSync(path.join(dir, 'r2.news.v8.delta')))).toMatchObject({ listed: ['b', 'c', 'd'], rows: { news: [{ id: 'b' }, { id: 'd' }] } });
    // The search index process reads but never writes.
    const [plan3, out3] = targeted(dir, 'r3', 'a');
    await storyRows<Sets>(src, { ...plan3, searchIndex: true }, out3);
    expect(existsSync(path.join(dir, 'r3.news.v8.delta'))).toBe(false);
  });

  it('deltas add up over the base: a process that never saw the earlier builds reads the same rows from disk', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'snap-'));
    const archive: Sets = { news: rows(['a', 'b']), fixes: [] };
    await storyRows<Sets>(sources(archive), FULL_PLAN, path.join(dir, 'live'));
    archive.news = [{ id: 'a', title: 'a2' }, ...rows(['b', 'c'])];
    await storyRows<Sets>(sources(archive), ...targeted(dir, 'r1', 'a,c'));
    layOver(dir, 'r1');
    archive.news = [{ id: 'a', title: 'a2' }, ...rows(['c'])];
    const warm = await storyRows<Sets>(sources(archive), ...targeted(dir, 'r2', 'b'));
    layOver(dir, 'r2');
    expect(warm.rows.news).toEqual([{ id: 'a', title: 'a2' }, ...rows(['c'])]);
    expect(deserialize(readFileSync(path.join(dir, 'live.news.v8.delta')))).toMatchObject({ listed: ['a', 'c', 'b'] });
    // Another process (a recycled warm process) has no memo: the base and the delta from disk give the same rows.
    vi.resetModules();
    const fresh: typeof import('./news-snapshot.ts') = await import('./news-snapshot.ts');
    const cold = await fresh.storyRows<Sets>(sources(archive), ...targeted(dir, 'r3', ''));
    expect(cold.rows).toEqual(warm.rows);
  });

  it('the rows a process wrote are not read back from disk by its next build, unless a file changed', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'snap-'));
    const first = await storyRows<Sets>(sources({ news: rows(['a', 'b']), fixes: [] }), FULL_PLAN, path.join(dir, 'live'));
    const again = await storyRows<Sets>(sources({ news: [], fixes: [] }), ...targeted(dir, 'r2', 'z'));
    expect(again.rows.news[0]).toBe(first.rows.news[0]); // the same objects: not deserialised again
    layOver(dir, 'r2');
    const third = await storyRows<Sets>(sources({ news: [], fixes: [] }), ...targeted(dir, 'r3', 'y'));
    expect(third.rows.news[0]).toBe(first.rows.news[0]);
    // Written by someone else (another process, a full build): read from the file.
    writeFileSync(path.join(dir, 'live.news.v8'), serialize({ news: rows(['x']), fixes: [] }));
    const other = await storyRows<Sets>(sources({ news: [], fixes: [] }), ...targeted(dir, 'r4', 'y'));
    // …and the delta made over the old base is not applied to the new one: everything is read again.
    expect(other.rows).toEqual({ news: [], fixes: [] });
  });

  it("a full build's search process reads the archive and writes the rows; the page process takes them (Directus serialises it once)", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'snap-'));
    const out = path.join(dir, 'full');
    const archive = { news: rows(['a', 'b']), fixes: [] };
    const src = sources(archive);
    const page = storyRows<Sets>({ ...src, news: { ...src.news, all: never } }, { rowsFromSearch: true }, out);
    await new Promise((r) => setTimeout(r, 250));
    await storyRows<Sets>(src, { searchIndex: true }, out);
    expect(deserialize(readFileSync(`${out}.news.v8`))).toEqual(archive);
    expect((await page).rows).toEqual(archive);
  });

  it('the page process stops waiting when the search-index process failed without the rows', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'snap-'));
    const failedFile = path.join(dir, 'x.failed');
    const waiting = handedOver(path.join(dir, 'never.news.v8'), { failedFile });
    writeFileSync(failedFile, 'índice de busca falhou (código 1): fetch failed\n');
    // The index process's own error comes with it: a failed build says why.
    await expect(waiting).rejects.toThrow(/não chegaram em .*never\.news\.v8: índice de busca falhou \(código 1\): fetch failed$/);
    await expect(handedOver(path.join(dir, 'never.news.v8'), { failedFile: path.join(dir, 'no'), maxMs: 200 })).rejects.toThrow(/não chegaram/);
  });

  it('a missing or unreadable snapshot (or one of the old format) falls back to the whole archive', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'snap-'));
    const archive = { news: rows(['a']), fixes: [] };
    expect((await storyRows<Sets>(sources(archive), ...targeted(dir, 'r1', 'a', 'missing'))).rows).toEqual(archive);
    writeFileSync(path.join(dir, 'old.news.v8'), serialize(rows(['x'])));
    expect((await storyRows<Sets>(sources(archive), ...targeted(dir, 'r2', 'a', 'old'))).rows).toEqual(archive);
  });

  it('a snapshot written before a kind of row was read (live entries, issue #30) is not used: everything is read again', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'snap-'));
    writeFileSync(path.join(dir, 'live.news.v8'), serialize({ news: rows(['a']) }));
    const archive = { news: rows(['a', 'b']), fixes: [{ id: 'f', news_id: 'b' }] };
    expect((await storyRows<Sets>(sources(archive), ...targeted(dir, 'r1', 'a'))).rows).toEqual(archive);
  });

  it('a process asked for another base lets go of the rows it kept, and what it derived from them, before reading it (issue #33: never both at once)', () => {
    // A process of its own with --expose-gc: whether the old rows can be collected is seen through a WeakRef.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'snap-'));
    writeFileSync(path.join(dir, 'a.news.v8'), serialize({ news: [{ id: 'a', title: 'x'.repeat(1_000_000) }] }));
    // The next base cannot be read: whatever the process holds then, it held from before.
    writeFileSync(path.join(dir, 'b.news.v8'), 'not v8');
    const plan = (over: string) => JSON.stringify(targeted(dir, 'out', '', over)[0]);
    const script = `
      const { storyRows } = await import(${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, 'news-snapshot.ts')).href)});
      const { storiesOf } = await import(${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, 'derive.ts')).href)});
      const src = { news: { all: async () => [], byIds: async () => [], story: (r) => r.id } };
      let read = await storyRows(src, ${plan('a')}, undefined);
      const kept = new WeakRef(read.rows.news);
      if (read.rows.news.length !== 1) throw new Error('a: not read');
      // What the build derives from them, kept for the next build to patch (derive.ts): it goes with them.
      const derived = new WeakRef(storiesOf(read.rows.news, { authors: new Map(), authorSlug: new Map(), correctionsOf: new Map() }, new Date()));
      read = await storyRows(src, ${plan('b')}, undefined);
      if (read.rows.news.length !== 0) throw new Error('b: not the whole archive');
      read = null;
      // A few rounds: some of what was derived is only let go by the collection after the one that freed its holder.
      for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 0)).then(() => globalThis.gc());
      process.stdout.write([kept, derived].map((r) => (r.deref() ? 'held' : 'gone')).join(' '));`;
    const r = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('gone gone');
  });

  it('holdsRows: whether the process holds a base, seen from another copy of the module (the warm process has two); a rewritten base is not held', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'snap-'));
    await storyRows<Sets>(sources({ news: rows(['a']), fixes: [] }), FULL_PLAN, path.join(dir, 'live'));
    await storyRows<Sets>(sources({ news: rows(['a']), fixes: [] }), FULL_PLAN, path.join(dir, 'next'));
    vi.resetModules();
    const other: typeof import('./news-snapshot.ts') = await import('./news-snapshot.ts');
    // The last base written or read is held: the next release's, not the live one's any more.
    expect(other.holdsRows(path.join(dir, 'next.news.v8'))).toBe(true);
    expect(other.holdsRows(path.join(dir, 'live.news.v8'))).toBe(false);
    await storyRows<Sets>(sources({ news: [], fixes: [] }), ...targeted(dir, 'r2', 'z'));
    expect(other.holdsRows(path.join(dir, 'live.news.v8'))).toBe(true);
    writeFileSync(path.join(dir, 'live.news.v8'), serialize({ news: rows(['x']), fixes: [] }));
    expect(other.holdsRows(path.join(dir, 'live.news.v8'))).toBe(false);
  });

  it('mergeRows replaces listed stories’ rows by their fresh ones', () => {
    expect(mergeRows(rows(['a', 'b']), ['b', 'c'], rows(['c']), (r) => r.id)).toEqual(rows(['a', 'c']));
  });
});
