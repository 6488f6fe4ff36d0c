import http from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFrontServer } from './front-server.ts';

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
  writeFileSync(path.join(site, 'category/politica/index.html'), 'CATEGORIA');
  writeFileSync(path.join(site, '404.html'), 'Oops! Page not found');
  writeFileSync(path.join(site, 'news-not-found.html'), 'Notícia não encontrada');
  writeFileSync(path.join(admin, 'index.html'), 'ADMIN');
  writeFileSync(path.join(admin, 'assets/app.js'), 'js');
  let served = 0;
  upstream = http
    .createServer((req, res) => {
      // Shared public JSON, as /portal/rankings answers it (issue #9).
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
});
