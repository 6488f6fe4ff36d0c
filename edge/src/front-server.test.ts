import http from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { negotiateEncoding, notModified, SharedCache, startFrontServer } from './front-server.ts';

let front: http.Server;
let upstream: http.Server;
let base: string;

beforeAll(async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'front-'));
  const site = path.join(root, 'site');
  const admin = path.join(root, 'admin');
  for (const d of [site, path.join(site, 'news/ola'), path.join(site, 'category/politica'), path.join(admin, 'assets')]) mkdirSync(d, { recursive: true });
  writeFileSync(path.join(site, 'index.html'), 'HOME');
  writeFileSync(path.join(site, 'news/ola/index.html'), 'ARTIGO');
  writeFileSync(path.join(site, 'news/ola/ao-vivo.json'), '{"v":1}');
  writeFileSync(path.join(site, 'category/politica/index.html'), 'CATEGORIA');
  writeFileSync(path.join(site, '404.html'), 'Oops! Page not found');
  writeFileSync(path.join(site, 'news-not-found.html'), 'Notícia não encontrada');
  // An imported WordPress's addresses (issue #27), as the build writes them.
  writeFileSync(path.join(site, 'redirects.json'), JSON.stringify({ '/2019/08/01/ola': '/news/ola/', '/?p=41': '/news/ola/', antigo: 'ola' }));
  writeFileSync(path.join(admin, 'index.html'), 'ADMIN');
  writeFileSync(path.join(admin, 'assets/app.js'), 'js');
  mkdirSync(path.join(site, '_astro'), { recursive: true });
  writeFileSync(path.join(site, '_astro/island.Ab12Cd34.js'), BUNDLE);
  writeFileSync(path.join(site, '_astro/photo.Ab12Cd34.jpg'), Buffer.alloc(4096, 7));
  let served = 0;
  upstream = http
    .createServer((req, res) => {
      // Shared public JSON, as /portal/rankings answers it (issue #9).
      // A file as Directus's /assets answers it: public for a month while readable, 403 once it is not.
      if (req.url?.startsWith('/assets/')) {
        if (!assetReadable) {
          res.writeHead(403, { 'content-type': 'application/json' });
          return res.end('{"errors":[{"message":"forbidden"}]}');
        }
        res.writeHead(200, { 'content-type': 'image/jpeg', 'cache-control': 'public, max-age=2592000' });
        return res.end(Buffer.alloc(300 * 1024, 1));
      }
      if (req.url?.startsWith('/portal/shared')) {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': req.url.includes('private') ? 'private, max-age=60' : 'public, max-age=60' });
        return res.end(JSON.stringify({ served: ++served }));
      }
      res.end(`directus:${req.method} ${req.url}`);
    })
    .listen(0);
  await new Promise((r) => upstream.once('listening', r));
  const up = upstream.address() as { port: number };
  front = await startFrontServer({ port: 0, siteDir: site, adminDir: admin, directusUrl: `http://127.0.0.1:${up.port}` });
  base = `http://127.0.0.1:${(front.address() as { port: number }).port}`;
});
let assetReadable = true;
/** A script as Astro bundles them: text, repetitive, larger than one TCP window. */
const BUNDLE = Array.from({ length: 3000 }, (_, i) => `export const v${i} = () => document.querySelector('[data-x="${i % 50}"]');`).join('\n');

afterAll(() => {
  front.close();
  upstream.close();
});

const get = async (p: string, init?: RequestInit) => {
  const r = await fetch(base + p, init);
  return [r.status, await r.text()] as const;
};

describe('front server (one origin)', () => {
  it('serves the static site', async () => {
    expect(await get('/')).toEqual([200, 'HOME']);
    expect(await get('/news/ola')).toEqual([200, 'ARTIGO']);
    expect(await get('/category/politica/')).toEqual([200, 'CATEGORIA']);
  });
  it.each(['/auth', '/admin', '/admin/news', '/admin/settings', '/dashboard', '/profile'])('%s is the admin SPA', async (p) => {
    expect(await get(p)).toEqual([200, 'ADMIN']);
  });
  it('serves the admin assets under /_admin/', async () => {
    expect(await get('/_admin/assets/app.js')).toEqual([200, 'js']);
  });
  it('a missing article gets "Notícia não encontrada" with status 404', async () => {
    expect(await get('/news/nao-existe')).toEqual([404, 'Notícia não encontrada']);
  });
  it('anything else missing is the 404 page', async () => {
    expect(await get('/qualquer/coisa')).toEqual([404, 'Oops! Page not found']);
    expect(await get('/administrador')).toEqual([404, 'Oops! Page not found']);
  });
  it('does not escape the site folder', async () => {
    expect((await get('/..%2F..%2Fetc%2Fpasswd'))[0]).toBe(404);
  });
  it('gzips text for clients that accept it', async () => {
    const r = await fetch(`${base}/news/ola`, { headers: { 'accept-encoding': 'gzip' } });
    expect(r.headers.get('content-encoding')).toBe('gzip');
    expect(await r.text()).toBe('ARTIGO');
  });
  it('sends a script br-encoded to a browser, and it decodes to the very bytes on disk', async () => {
    const raw = (h: Record<string, string>) =>
      new Promise<http.IncomingMessage & { body: Buffer }>((resolve, reject) => {
        http
          .get(`${base}/_astro/island.Ab12Cd34.js`, { headers: h }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve(Object.assign(res, { body: Buffer.concat(chunks) })));
          })
          .on('error', reject);
      });
    const br = await raw({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(BUNDLE.length / 5);
    expect(brotliDecompressSync(br.body).toString()).toBe(BUNDLE);
    const gz = await raw({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(BUNDLE);
    const plain = await raw({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BUNDLE);
    // A range is of the bytes as stored, never of a compressed copy.
    const ranged = await raw({ 'accept-encoding': 'br', range: 'bytes=0-9' });
    expect(ranged.headers['content-encoding']).toBeUndefined();
    // Compressed once: the second answer is the same buffer from the cache.
    const again = await raw({ 'accept-encoding': 'br' });
    expect(again.body.equals(br.body)).toBe(true);
  });
  it('never compresses an image or a file from /api/assets', async () => {
    const img = await fetch(`${base}/_astro/photo.Ab12Cd34.jpg`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(img.headers.get('content-encoding')).toBeNull();
    expect((await img.arrayBuffer()).byteLength).toBe(4096);
    const asset = await fetch(`${base}/api/assets/0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d?enc=1`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.headers.get('content-encoding')).toBeNull();
    expect((await asset.arrayBuffer()).byteLength).toBe(300 * 1024);
  });
  it('proxies /api to Directus without the prefix, any method', async () => {
    expect(await get('/api/items/news?limit=1')).toEqual([200, 'directus:GET /items/news?limit=1']);
    expect(await get('/api/portal/likes', { method: 'POST', body: '{}' })).toEqual([200, 'directus:POST /portal/likes']);
  });

  it('keeps shared public JSON for its max-age: a burst of readers costs Directus one request', async () => {
    const first = await Promise.all(Array.from({ length: 3 }, () => fetch(`${base}/api/portal/shared?x=1`).then((r) => r.json())));
    await new Promise((r) => setTimeout(r, 20));
    const later = await fetch(`${base}/api/portal/shared?x=1`);
    expect(later.headers.get('cache-control')).toBe('public, max-age=60');
    expect(later.headers.get('x-content-type-options')).toBe('nosniff');
    const n = ((await later.json()) as { served: number }).served;
    expect(first.map((b) => (b as { served: number }).served)).toContain(n);
    // Another query is another entry; credentials or a private answer never use the cache.
    expect(((await fetch(`${base}/api/portal/shared?x=2`).then((r) => r.json())) as { served: number }).served).not.toBe(n);
    const withAuth = (await fetch(`${base}/api/portal/shared?x=1`, { headers: { authorization: 'Bearer t' } }).then((r) => r.json())) as { served: number };
    expect(withAuth.served).not.toBe(n);
    const p1 = (await fetch(`${base}/api/portal/shared/private`).then((r) => r.json())) as { served: number };
    const p2 = (await fetch(`${base}/api/portal/shared/private`).then((r) => r.json())) as { served: number };
    expect(p2.served).toBe(p1.served + 1);
  });

  it('never keeps a file: once Directus refuses it (story unpublished), readers get the refusal at once (issue #32)', async () => {
    assetReadable = true;
    const url = `${base}/api/assets/0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d`;
    for (let v = 1; v <= 20; v++) expect((await fetch(`${url}?v=${v}`)).status).toBe(200);
    expect((await fetch(url)).status).toBe(200);
    assetReadable = false;
    expect((await fetch(url)).status).toBe(403);
    for (let v = 1; v <= 20; v++) expect((await fetch(`${url}?v=${v}`)).status).toBe(403);
    assetReadable = true;
  });
});

describe("a live coverage's feed (issue #30)", () => {
  it('is cached a few seconds, less than the poll, and an unchanged one is a 304 with no body', async () => {
    const first = await fetch(`${base}/news/ola/ao-vivo.json`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=5');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    expect(await first.text()).toBe('{"v":1}');
    const again = await fetch(`${base}/news/ola/ao-vivo.json`, { headers: { 'if-none-match': etag, 'accept-encoding': 'gzip' } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('public, max-age=5');
    expect(await again.text()).toBe('');
    const stale = await fetch(`${base}/news/ola/ao-vivo.json`, { headers: { 'if-none-match': 'W/"0-0"' } });
    expect(stale.status).toBe(200);
  });
  it('If-None-Match is compared weakly, any of a list', () => {
    expect(notModified('W/"a-1", "b-2"', 'W/"b-2"')).toBe(true);
    expect(notModified('"a-1"', 'W/"b-2"')).toBe(false);
    expect(notModified(undefined, 'W/"b-2"')).toBe(false);
  });
  it('a missing feed (the coverage went) is a 404', async () => {
    expect((await get('/news/nao-existe/ao-vivo.json'))[0]).toBe(404);
  });
});

describe('the shared cache is bounded in bytes, not entries', () => {
  const entry = (n: number) => ({ at: 0, until: Date.now() + 60_000, headers: {}, body: Buffer.alloc(n) });

  it('drops the oldest entries to fit a new one, and keeps none larger than an entry may be', () => {
    const cache = new SharedCache(1000, 400);
    cache.set('a', entry(400));
    cache.set('b', entry(400));
    cache.set('c', entry(400));
    expect(cache.usedBytes).toBeLessThanOrEqual(1000);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')?.body.length).toBe(400);
    cache.set('huge', entry(401));
    expect(cache.get('huge')).toBeUndefined();
    for (let i = 0; i < 500; i++) cache.set(`k${i}`, entry(100));
    expect(cache.usedBytes).toBeLessThanOrEqual(1000);
    expect(cache.size).toBe(10);
  });

  it('forgets an entry past its max-age', () => {
    const cache = new SharedCache();
    cache.set('old', { ...entry(10), until: Date.now() - 1 });
    expect(cache.get('old')).toBeUndefined();
    expect(cache.usedBytes).toBe(0);
  });
});

describe('compression, chosen by Accept-Encoding (issue #34)', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0.1', 'gzip'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
    ['BR', 'br'],
    ['br;q=abc, gzip', 'gzip'],
  ])('%j → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe("an imported portal's addresses answer 301 (issue #27)", () => {
  const head = (p: string) => fetch(`${base}${p}`, { redirect: 'manual' });
  it('a WordPress permalink and `/?p=ID` go to the story; the query that was the key is not carried', async () => {
    for (const p of ['/2019/08/01/ola/', '/2019/08/01/OLA', '/?p=41', '/?p=41&utm_source=x']) {
      const res = await head(p);
      expect(res.status, p).toBe(301);
      expect(res.headers.get('location'), p).toBe('/news/ola/');
    }
  });
  it('the home page with any other query is the home page; an unknown old address is the 404 page', async () => {
    const home = await head('/?p=42');
    expect(home.status).toBe(200);
    expect(await home.text()).toBe('HOME');
    expect((await head('/?utm_source=x')).status).toBe(200);
    expect((await head('/2019/08/02/outra/')).status).toBe(404);
  });
  it("a story's old slug still keeps the reader's query", async () => {
    const res = await head('/news/antigo/?utm_source=whatsapp');
    expect(res.headers.get('location')).toBe('/news/ola/?utm_source=whatsapp');
  });
});
