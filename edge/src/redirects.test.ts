import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLegacyQuery, movedAddress, REDIRECTS_FILE } from './redirects.ts';

const release = (aliases: unknown) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-redirects-'));
  writeFileSync(path.join(dir, REDIRECTS_FILE), typeof aliases === 'string' ? aliases : JSON.stringify(aliases));
  return dir;
};

describe('movedAddress', () => {
  const dir = release({ 'c-mara-de-bel-m': 'camara-de-belem', antigo: 'novo' });
  it('maps an old news address, with or without the trailing slash', () => {
    expect(movedAddress(dir, '/news/c-mara-de-bel-m/')).toBe('/news/camara-de-belem/');
    expect(movedAddress(dir, '/news/antigo')).toBe('/news/novo/');
  });
  it('leaves unknown addresses and other paths alone', () => {
    expect(movedAddress(dir, '/news/outro/')).toBeNull();
    expect(movedAddress(dir, '/category/antigo/')).toBeNull();
    expect(movedAddress(dir, '/news/antigo/extra')).toBeNull();
    expect(movedAddress(dir, '/news/__proto__/')).toBeNull();
  });
  it('maps every page of a renamed list to the same page at its new address; a story alias never moves a list', () => {
    const d = release({ 'category/ambiente': 'meio-ambiente', 'municipio/santarem-pa': 'santarem', ambiente: 'uma-noticia' });
    expect(movedAddress(d, '/category/ambiente/')).toBe('/category/meio-ambiente/');
    expect(movedAddress(d, '/category/ambiente/2024/03/2/')).toBe('/category/meio-ambiente/2024/03/2/');
    expect(movedAddress(d, '/municipio/santarem-pa/arquivo/')).toBe('/municipio/santarem/arquivo/');
    expect(movedAddress(d, '/news/ambiente/')).toBe('/news/uma-noticia/');
    expect(movedAddress(d, '/news/category/ambiente/')).toBeNull();
  });
  it('a release without the file, or with a damaged one, redirects nothing and never throws', () => {
    expect(movedAddress(mkdtempSync(path.join(os.tmpdir(), 'portal-redirects-')), '/news/antigo/')).toBeNull();
    expect(movedAddress(release('{não é json'), '/news/antigo/')).toBeNull();
  });
  it('a new file in the same place is read again', () => {
    const d = release({ a: 'b' });
    expect(movedAddress(d, '/news/a/')).toBe('/news/b/');
    writeFileSync(path.join(d, REDIRECTS_FILE), JSON.stringify({ a: 'c' }));
    utimesSync(path.join(d, REDIRECTS_FILE), new Date(), new Date(Date.now() + 5000));
    expect(movedAddress(d, '/news/a/')).toBe('/news/c/');
  });
  it("keeps the reader's query on a story's or list's move (campaign tags)", () => {
    expect(movedAddress(dir, '/news/antigo/', '?utm_source=whatsapp')).toBe('/news/novo/?utm_source=whatsapp');
  });
});

describe("an imported portal's addresses (issue #27)", () => {
  const d = release({
    '/2020/05/03/ponte-nova': '/news/ponte-nova/',
    '/ponte-nova': '/news/ponte-nova/',
    '/?p=12': '/news/ponte-nova/',
    '/category/cidades': '/category/cidades-para/',
    '/?cat=7': '/category/cidades-para/',
    '/fora': 'https://outro.site/',
  });
  it('answers WordPress permalinks, with or without the trailing slash, in any case and percent-encoded', () => {
    expect(movedAddress(d, '/2020/05/03/ponte-nova/')).toBe('/news/ponte-nova/');
    expect(movedAddress(d, '/2020/05/03/ponte-nova')).toBe('/news/ponte-nova/');
    expect(movedAddress(d, '/Ponte-Nova/')).toBe('/news/ponte-nova/');
    expect(movedAddress(d, '/%70onte-nova/')).toBe('/news/ponte-nova/');
    expect(movedAddress(d, '/category/cidades/')).toBe('/category/cidades-para/');
  });
  it("answers `/?p=ID` and `/?cat=ID` by the query WordPress addresses with, and drops it (it was the key)", () => {
    expect(movedAddress(d, '/', '?p=12')).toBe('/news/ponte-nova/');
    expect(movedAddress(d, '/', '?utm=x&p=12')).toBe('/news/ponte-nova/');
    expect(movedAddress(d, '/', '?cat=7')).toBe('/category/cidades-para/');
    expect(movedAddress(d, '/', '?p=13')).toBeNull();
    expect(movedAddress(d, '/', '?p=abc')).toBeNull();
    expect(movedAddress(d, '/')).toBeNull();
  });
  it('never sends a reader off the site, nor answers a path that tries to climb', () => {
    expect(movedAddress(d, '/fora/')).toBeNull();
    expect(movedAddress(d, '/../ponte-nova/')).toBeNull();
    expect(movedAddress(d, '/%E0%A4%A/')).toBeNull();
  });
  it('tells a WordPress query on the home page from any other', () => {
    expect(isLegacyQuery(new URLSearchParams('p=12'))).toBe(true);
    expect(isLegacyQuery(new URLSearchParams('page_id=3'))).toBe(true);
    expect(isLegacyQuery(new URLSearchParams('utm_source=x'))).toBe(false);
    expect(isLegacyQuery(new URLSearchParams('p=x'))).toBe(false);
  });
});
