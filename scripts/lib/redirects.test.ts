import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { newsRedirect, REDIRECTS_FILE } from './redirects.ts';

const release = (aliases: unknown) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-redirects-'));
  writeFileSync(path.join(dir, REDIRECTS_FILE), typeof aliases === 'string' ? aliases : JSON.stringify(aliases));
  return dir;
};

describe('newsRedirect', () => {
  const dir = release({ 'c-mara-de-bel-m': 'camara-de-belem', antigo: 'novo' });
  it('maps an old news address, with or without the trailing slash', () => {
    expect(newsRedirect(dir, '/news/c-mara-de-bel-m/')).toBe('/news/camara-de-belem/');
    expect(newsRedirect(dir, '/news/antigo')).toBe('/news/novo/');
  });
  it('leaves unknown addresses and other paths alone', () => {
    expect(newsRedirect(dir, '/news/outro/')).toBeNull();
    expect(newsRedirect(dir, '/category/antigo/')).toBeNull();
    expect(newsRedirect(dir, '/news/antigo/extra')).toBeNull();
    expect(newsRedirect(dir, '/news/__proto__/')).toBeNull();
  });
  it('a release without the file, or with a damaged one, redirects nothing and never throws', () => {
    expect(newsRedirect(mkdtempSync(path.join(os.tmpdir(), 'portal-redirects-')), '/news/antigo/')).toBeNull();
    expect(newsRedirect(release('{não é json'), '/news/antigo/')).toBeNull();
  });
  it('a new file in the same place is read again', () => {
    const d = release({ a: 'b' });
    expect(newsRedirect(d, '/news/a/')).toBe('/news/b/');
    writeFileSync(path.join(d, REDIRECTS_FILE), JSON.stringify({ a: 'c' }));
    utimesSync(path.join(d, REDIRECTS_FILE), new Date(), new Date(Date.now() + 5000));
    expect(newsRedirect(d, '/news/a/')).toBe('/news/c/');
  });
});
