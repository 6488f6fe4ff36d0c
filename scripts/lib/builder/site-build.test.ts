import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pruneArchive } from './site-build.ts';

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

describe('pruneArchive: the months a targeted build wrote lose their old files first', () => {
  it('only those months, in every category and municipality, with their sitemaps', () => {
    const dir = release(LIVE);
    const scratch = release([]);
    writeFileSync(`${scratch}.archive.json`, JSON.stringify(['2026-03']));
    // Action
    pruneArchive(scratch, dir);
    // Assert
    const left = LIVE.filter((f) => existsSync(path.join(dir, f)));
    expect(left).toEqual([
      'category/politica/2026/01/index.html',
      'category/politica/arquivo/index.html',
      'category/politica/index.html',
      'municipio/santarem/2026/01/index.html',
      'municipio/santarem/arquivo/index.html',
      'sitemaps/news-2026-01.xml',
      'sitemaps/pages.xml',
    ]);
    expect(existsSync(`${scratch}.archive.json`)).toBe(false);
  });

  it('every month when the build wrote them all; nothing without a record', () => {
    const dir = release(LIVE);
    pruneArchive(release([]), dir);
    expect(LIVE.every((f) => existsSync(path.join(dir, f)))).toBe(true);
    const scratch = release([]);
    writeFileSync(`${scratch}.archive.json`, '"all"');
    pruneArchive(scratch, dir);
    expect(LIVE.filter((f) => existsSync(path.join(dir, f)))).toEqual([
      'category/politica/arquivo/index.html',
      'category/politica/index.html',
      'municipio/santarem/arquivo/index.html',
      'sitemaps/pages.xml',
    ]);
  });
});
