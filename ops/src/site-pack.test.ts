import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { packSite, splitRelease, unpackSite } from './site-pack.ts';

const dirs: string[] = [];
const temp = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'site-pack-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Every file under `dir` with its bytes, by relative path. */
const tree = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => [path.relative(dir, path.join(e.parentPath, e.name)), readFileSync(path.join(e.parentPath, e.name), 'utf8')]),
  );

const write = (dir: string, files: Record<string, string>) => {
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), body);
  }
};

describe('the live site in two packs (issue #28)', () => {
  it('a release folder packs and unpacks to the same files and bytes, with names in Portuguese', async () => {
    const release = temp();
    write(release, {
      'index.html': '<h1>Portal</h1><a href="/news/chuva-em-belem">Chuva</a>',
      'news/chuva-em-belem/index.html': '<p>Chuva forte em Belém</p>'.repeat(500),
      'news/antiga/index.html': '<p>Antiga</p>',
      'category/política/index.html': 'Política',
    });
    const out = temp();
    const packs = { first: path.join(out, 'first.tar.zst'), rest: path.join(out, 'release.tar.zst') };
    expect(await packSite(release, packs)).toEqual({ files: 4, first: 3 });
    expect(statSync(packs.first).size).toBeLessThan(2000);
    const back = path.join(temp(), 'restored');
    await unpackSite(packs.first, back);
    expect(Object.keys(tree(back)).sort()).toEqual(['category/política/index.html', 'index.html', 'news/chuva-em-belem/index.html']);
    await unpackSite(packs.rest, back);
    expect(tree(back)).toEqual(tree(release));
  });

  it('first: everything but story pages and search fragments, and the stories the home, the lists\' first pages and the feeds link to', () => {
    const release = temp();
    write(release, {
      'index.html': '<a href="/news/na-capa">capa</a>',
      'category/policia/index.html': '<a href="https://portal.example/news/na-lista?utm=x">lista</a>',
      'category/policia/2/index.html': '<a href="/news/so-na-pagina-2">2</a>',
      'municipio/belem/index.html': "<a href='/news/no-municipio'>m</a>",
      'autor/ana/index.html': '<a href="/news/da-autora/">a</a>',
      'rss.xml': '<link>https://portal.example/news/no-rss</link>',
      'news-sitemap.xml': '<loc>https://portal.example/news/no-sitemap</loc>',
      'sobre/index.html': '<a href="/news/so-no-sobre">s</a>',
      'pagefind/pagefind.js': 'x',
      'pagefind/index/a.pf_index': 'x',
      'pagefind/fragment/a.pf_fragment': 'x',
      'pagefind-2/fragment/b.pf_fragment': 'x',
      'pagefind-2/index/b.pf_index': 'x',
      '_astro/app.js': 'x',
      ...Object.fromEntries(
        ['na-capa', 'na-lista', 'so-na-pagina-2', 'no-municipio', 'da-autora', 'no-rss', 'no-sitemap', 'so-no-sobre', 'antiga'].map((s) => [`news/${s}/index.html`, s]),
      ),
    });
    const { first, rest } = splitRelease(release);
    expect(rest.sort()).toEqual([
      'news/antiga/index.html',
      'news/so-na-pagina-2/index.html',
      'news/so-no-sobre/index.html',
      'pagefind-2/fragment/b.pf_fragment',
      'pagefind/fragment/a.pf_fragment',
    ]);
    expect(first).toHaveLength(Object.keys(tree(release)).length - rest.length);
    for (const s of ['na-capa', 'na-lista', 'no-municipio', 'da-autora', 'no-rss', 'no-sitemap']) expect(first).toContain(`news/${s}/index.html`);
  });

  it('a damaged pack is refused', async () => {
    const release = temp();
    for (let i = 0; i < 50; i++) writeFileSync(path.join(release, `p${i}.html`), `página ${i} `.repeat(2000));
    const out = temp();
    const packs = { first: path.join(out, 'first.tar.zst'), rest: path.join(out, 'release.tar.zst') };
    await packSite(release, packs);
    truncateSync(packs.first, Math.floor(statSync(packs.first).size / 2));
    await expect(unpackSite(packs.first, path.join(out, 'restored'))).rejects.toThrow();
  });
});
