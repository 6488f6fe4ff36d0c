import { mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { handedOver, mergeRows, newsRows } from './news-snapshot.ts';

const rows = (ids: string[]) => ids.map((id) => ({ id, title: `t-${id}` }));

describe('news rows of a build', () => {
  it('a full build reads everything and keeps it beside its output', async () => {
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'snap-')), 'release');
    const read = await newsRows({ all: async () => rows(['a', 'b']), byIds: async () => [] }, { SITE_OUT_DIR: out });
    expect(read).toEqual({ rows: rows(['a', 'b']), before: null });
    expect(deserialize(readFileSync(`${out}.news.v8`))).toEqual(rows(['a', 'b']));
  });

  it('a targeted build starts from the rows under it and fetches only the stories it lists', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'snap-'));
    await newsRows({ all: async () => rows(['a', 'b', 'c']), byIds: async () => [] }, { SITE_OUT_DIR: path.join(dir, 'r1') });
    const asked: string[][] = [];
    const env = { SITE_OUT_DIR: path.join(dir, 'r2'), PORTAL_BUILD_NEWS_IDS: 'b,c,d', PORTAL_NEWS_SNAPSHOT: path.join(dir, 'r1.news.v8') };
    // b was edited, c left the site (no fresh row), d is new.
    const read = await newsRows(
      {
        all: async () => Promise.reject(new Error('never the whole archive')),
        byIds: async (ids) => (
          asked.push(ids),
          [
            { id: 'b', title: 'new' },
            { id: 'd', title: 't-d' },
          ]
        ),
      },
      env,
    );
    expect(asked).toEqual([['b', 'c', 'd']]);
    expect(read.rows).toEqual([
      { id: 'a', title: 't-a' },
      { id: 'b', title: 'new' },
      { id: 'd', title: 't-d' },
    ]);
    expect(read.before).toEqual(rows(['b', 'c']));
    // The search index process reads but never writes.
    await newsRows({ all: async () => [], byIds: async () => [] }, { ...env, SITE_OUT_DIR: path.join(dir, 'r3'), PORTAL_SEARCH_INDEX_PROCESS: '1' });
    expect(() => readFileSync(path.join(dir, 'r3.news.v8'))).toThrow();
  });

  it('the rows a process wrote are not read back from disk by its next build, unless the file changed', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'snap-'));
    const first = await newsRows({ all: async () => rows(['a', 'b']), byIds: async () => [] }, { SITE_OUT_DIR: path.join(dir, 'r1') });
    // The builder moves a build's rows beside the release it lays the build over.
    renameSync(path.join(dir, 'r1.news.v8'), path.join(dir, 'live.news.v8'));
    const env = { SITE_OUT_DIR: path.join(dir, 'r2'), PORTAL_BUILD_NEWS_IDS: 'z', PORTAL_NEWS_SNAPSHOT: path.join(dir, 'live.news.v8') };
    const again = await newsRows({ all: async () => [], byIds: async () => [] }, env);
    expect(again.rows[0]).toBe(first.rows[0]); // the same objects: not deserialised again
    // Written by someone else (another process, a full build): read from the file.
    writeFileSync(path.join(dir, 'live.news.v8'), serialize(rows(['x'])));
    const other = await newsRows({ all: async () => [], byIds: async () => [] }, { ...env, SITE_OUT_DIR: path.join(dir, 'r3') });
    expect(other.rows).toEqual(rows(['x']));
  });

  it("a full build's search process reads the archive and writes the rows; the page process takes them (Directus serialises it once)", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'snap-'));
    const out = path.join(dir, 'full');
    const page = newsRows(
      { all: async () => Promise.reject(new Error('never a second read of the archive')), byIds: async () => [] },
      { SITE_OUT_DIR: out, PORTAL_ROWS_FROM_SEARCH: '1' },
    );
    await new Promise((r) => setTimeout(r, 250));
    await newsRows({ all: async () => rows(['a', 'b']), byIds: async () => [] }, { SITE_OUT_DIR: out, PORTAL_SEARCH_INDEX_PROCESS: '1' });
    expect(deserialize(readFileSync(`${out}.news.v8`))).toEqual(rows(['a', 'b']));
    expect((await page).rows).toEqual(rows(['a', 'b']));
  });

  it('the page process stops waiting when the search-index process failed without the rows', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'snap-'));
    const failedFile = path.join(dir, 'x.failed');
    const waiting = handedOver(path.join(dir, 'never.news.v8'), { failedFile });
    writeFileSync(failedFile, '');
    await expect(waiting).rejects.toThrow(/não chegaram/);
    await expect(handedOver(path.join(dir, 'never.news.v8'), { failedFile: path.join(dir, 'no'), maxMs: 200 })).rejects.toThrow(/não chegaram/);
  });

  it('an unreadable snapshot falls back to the whole archive', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'snap-'));
    const env = { PORTAL_BUILD_NEWS_IDS: 'a', PORTAL_NEWS_SNAPSHOT: path.join(dir, 'missing.news.v8') };
    expect((await newsRows({ all: async () => rows(['a']), byIds: async () => [] }, env)).rows).toEqual(rows(['a']));
  });

  it('mergeRows replaces listed rows by their fresh ones', () => {
    expect(mergeRows(rows(['a', 'b']), ['b', 'c'], rows(['c']))).toEqual(rows(['a', 'c']));
  });
});
