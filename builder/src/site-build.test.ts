import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { execFileSync, spawn } from 'node:child_process';
import net from 'node:net';
import { goneLists, overlay, rowsAndIndexWritten, runAstro, staleArchiveFiles, staleStoryFiles } from './site-build.ts';
import { newsSnapshotFile, searchIndexListFile } from '@portal/domain/build-contract';
import { processesWithEnv } from '../../tests/support/processes.ts';

function release(files: string[]) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-prune-'));
  for (const f of files) {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    writeFileSync(path.join(dir, f), 'x');
  }
  return dir;
}

const LIVE = [
  'category/politica/2026/03/index.html',
  'category/politica/2026/03/2/index.html',
  'category/esportes/2026/03/index.html',
  'category/politica/2026/01/index.html',
  'category/politica/arquivo/index.html',
  'category/politica/index.html',
  'municipio/santarem/2026/03/index.html',
  'municipio/santarem/2026/01/index.html',
  'municipio/santarem/arquivo/index.html',
  'sitemaps/news-2026-03.xml',
  'sitemaps/news-2026-03-2.xml',
  'sitemaps/news-2026-01.xml',
  'sitemaps/pages.xml',
];

describe('staleStoryFiles: a listed story keeps only the files its build wrote (issue #30)', () => {
  it("a coverage no longer live loses its feed and older pages; another story's files stay", () => {
    const dir = release(['news/cirio/index.html', 'news/cirio/ao-vivo.json', 'news/cirio/atualizacoes/1/index.html', 'news/outra/ao-vivo.json']);
    const scratch = release(['news/cirio/index.html']);
    expect(staleStoryFiles(['cirio', 'gone', '../x'], scratch, dir, new Set(['news/cirio/index.html'])).sort()).toEqual(['news/cirio/ao-vivo.json', 'news/cirio/atualizacoes/1/index.html']);
  });
});

describe('staleArchiveFiles: what a targeted build takes over in the archive', () => {
  const write = (scratch: string, record: unknown) => writeFileSync(`${scratch}.archive.json`, JSON.stringify(record));

  it('the months it wrote, in every list, with their sitemaps', () => {
    const dir = release(LIVE);
    const scratch = release([]);
    write(scratch, { months: ['2026-03'], lists: 'all' });
    expect(staleArchiveFiles(scratch, dir).sort()).toEqual(
      [
        'category/esportes/2026/03/index.html',
        'category/politica/2026/03/2/index.html',
        'category/politica/2026/03/index.html',
        'municipio/santarem/2026/03/index.html',
        'sitemaps/news-2026-03-2.xml',
        'sitemaps/news-2026-03.xml',
      ].sort(),
    );
    expect(existsSync(`${scratch}.archive.json`)).toBe(false);
  });

  it('a publish that wrote some lists leaves the months of the others alone', () => {
    const dir = release(LIVE);
    const scratch = release([]);
    write(scratch, { months: ['2026-03'], lists: { category: ['politica'], municipio: [], autor: [] } });
    expect(staleArchiveFiles(scratch, dir).sort()).toEqual(
      ['category/politica/2026/03/2/index.html', 'category/politica/2026/03/index.html', 'sitemaps/news-2026-03-2.xml', 'sitemaps/news-2026-03.xml'].sort(),
    );
  });

  it('a catalogue change takes over every month of the lists it wrote whole, and no sitemap', () => {
    const dir = release(LIVE);
    const scratch = release([]);
    write(scratch, { months: [], lists: { category: ['politica'], municipio: [], autor: [] }, whole: { category: ['politica'], municipio: [] } });
    const stale = staleArchiveFiles(scratch, dir).sort();
    expect(stale).toEqual(LIVE.filter((f) => /^category\/politica\/\d{4}\//.test(f)).sort());
    expect(stale.length).toBeGreaterThan(1);
  });

  it('every month when the build wrote them all; nothing without a record', () => {
    const dir = release(LIVE);
    expect(staleArchiveFiles(release([]), dir)).toEqual([]);
    const scratch = release([]);
    write(scratch, { months: 'all', lists: 'all' });
    expect(staleArchiveFiles(scratch, dir)).toHaveLength(LIVE.length - 4);
  });
});

describe('goneLists: the lists a catalogue change takes down', () => {
  it('a named list the build wrote no page for (renamed away, deleted); never a path outside its kind', () => {
    // Renamed "ambiente" → "meio-ambiente": the build wrote the new list whole and nothing at the old address.
    const scratch = release(['category/meio-ambiente/index.html', 'category/meio-ambiente/2026/03/index.html', 'municipio/santarem/index.html']);
    expect(goneLists({ category: ['ambiente', 'meio-ambiente'], municipio: ['santarem', 'santarem-pa'] }, scratch)).toEqual([
      path.join('category', 'ambiente'),
      path.join('municipio', 'santarem-pa'),
    ]);
    expect(goneLists({ category: ['..', '../news', 'a/b', ''] }, scratch)).toEqual([]);
    expect(goneLists(undefined, scratch)).toEqual([]);
  });
});

describe("rowsAndIndexWritten: when the site's first prime may start (issue #33)", () => {
  it('not with the rows alone: once the search index is written too', () => {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'rows-index-')), 'release');
    mkdirSync(dir);
    expect(rowsAndIndexWritten(dir)).toBe(false);
    writeFileSync(newsSnapshotFile(dir), '');
    expect(rowsAndIndexWritten(dir)).toBe(false);
    writeFileSync(searchIndexListFile(dir), '[]');
    expect(rowsAndIndexWritten(dir)).toBe(true);
  });
});

describe('overlay', () => {
  it('lays every file over the target by rename, story pages first', () => {
    const dir = release(['index.html', 'news/a/index.html']);
    const from = release(['index.html', 'news/b/index.html', 'category/x/index.html']);
    overlay(from, dir);
    expect(['index.html', 'news/a/index.html', 'news/b/index.html', 'category/x/index.html'].every((f) => existsSync(path.join(dir, f)))).toBe(true);
    expect(existsSync(path.join(from, 'news/b/index.html'))).toBe(false);
  });
});

describe('a cold build stopped by its signal (the builder stopping)', () => {
  it('ends with every process it started: none outlives the builder', async () => {
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'portal-abort-')), 'release');
    // A Directus that never answers: the build (and its search-index process) wait on it, as a build of a large archive reads it.
    const hung = net.createServer(() => {}).listen(0, '127.0.0.1');
    await new Promise((r) => hung.once('listening', r));
    const stop = new AbortController();
    const build = runAstro(out, {
      directusUrl: `http://127.0.0.1:${(hung.address() as net.AddressInfo).port}`,
      directusToken: 'x'.repeat(32),
      siteUrl: 'http://localhost:4321',
      signal: stop.signal,
    });
    const running = () =>
      execFileSync('ps', ['-eo', 'args'])
        .toString()
        .split('\n')
        .filter((l) => l.includes(out));
    // Its search-index process (named after the output folder) has started and waits too.
    for (let i = 0; i < 150 && !running().length; i++) await new Promise((r) => setTimeout(r, 100));
    expect(running().length).toBeGreaterThan(0);
    stop.abort();
    await expect(build).rejects.toThrow(/astro build falhou/);
    await new Promise((r) => setTimeout(r, 200));
    expect(running()).toEqual([]);
    hung.close();
  }, 30_000);
});

describe('the builder ending while a full build runs', () => {
  it('takes the build along, even stopped for a publish: nothing is left stopped for ever (issue #32)', async () => {
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'portal-builder-exit-')), 'release');
    const builder = spawn(process.execPath, [path.join(import.meta.dirname, 'fixtures/builder-exits-mid-build.ts'), out, '4000'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let said = '';
    builder.stdout.on('data', (d: Buffer) => (said += d));
    await new Promise((r) => builder.once('exit', r));
    expect(said).toBe('paused\n');
    // Every process of that build carries its output folder in its environment (Astro, search index, esbuild).
    const left = () => processesWithEnv((env) => env.includes(`SITE_OUT_DIR=${out}`));
    for (let i = 0; i < 20 && left().length; i++) await new Promise((r) => setTimeout(r, 50));
    const stuck = left();
    for (const p of stuck) process.kill(Number(p.split(' ')[0]), 'SIGKILL');
    expect(stuck).toEqual([]);
  }, 30_000);
});
