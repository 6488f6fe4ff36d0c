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
  upstream = http.createServer((req, res) => res.end(`directus:${req.method} ${req.url}`)).listen(0);
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
});
