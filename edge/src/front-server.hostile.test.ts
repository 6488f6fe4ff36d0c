/**
 * Hostile public, front server: hundreds of malformed or abusive requests,
 * each answered with a 4xx (never a crash), then a normal page is still
 * served (issue #10). Raw sockets, so nothing is cleaned up on the way.
 */
import http from 'node:http';
import net from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CSP, SITE_CSP } from './security-headers.ts';
import { startFrontServer } from './front-server.ts';

let front: http.Server;
let upstream: http.Server;
let port: number;
let base: string;

beforeAll(async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'front-hostile-'));
  const site = path.join(root, 'site');
  const admin = path.join(root, 'admin');
  mkdirSync(path.join(site, 'news/ola'), { recursive: true });
  mkdirSync(admin, { recursive: true });
  writeFileSync(path.join(site, 'index.html'), 'HOME');
  writeFileSync(path.join(site, 'news/ola/index.html'), 'ARTIGO');
  writeFileSync(path.join(site, '404.html'), 'Oops! Page not found');
  writeFileSync(path.join(site, 'news-not-found.html'), 'Notícia não encontrada');
  writeFileSync(path.join(admin, 'index.html'), 'ADMIN');
  // A stand-in for Directus's /assets: it answers with whatever type the file was stored as.
  upstream = http
    .createServer((req, res) => {
      const type = new URL(req.url ?? '/', 'http://x').searchParams.get('type') ?? 'image/jpeg';
      res.writeHead(200, { 'content-type': type });
      res.end('bytes');
    })
    .listen(0);
  await new Promise((r) => upstream.once('listening', r));
  front = await startFrontServer({ port: 0, siteDir: site, adminDir: admin, directusUrl: `http://127.0.0.1:${(upstream.address() as { port: number }).port}` });
  port = (front.address() as { port: number }).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => {
  front.close();
  upstream.close();
});

/** Sends raw bytes and returns the status line's code (0 if the socket closed without one). */
function raw(payload: string | Buffer): Promise<number> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    let data = '';
    s.setTimeout(5000, () => s.destroy());
    s.on('data', (d) => {
      data += d;
      if (/^HTTP\/1\.1 \d{3}/.test(data)) s.destroy();
    });
    s.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0)));
    s.on('error', () => {});
    s.write(payload);
  });
}

const req = (line: string, headers = 'host: x\r\n') => `${line}\r\n${headers}\r\n`;

const malformedPaths = [
  '/%E0%A4%A',
  '/%',
  '/%zz',
  '/news/%E0%A4%A',
  '/_admin/%C0%AF',
  '/%00',
  '/news/%00/../../etc/passwd',
  '/../../../../etc/passwd',
  '/..%2F..%2F..%2Fetc%2Fpasswd',
  `/${'a'.repeat(5000)}`,
  `/news/${'%F0%9F%94%A5'.repeat(400)}`,
  '/category/%ff%fe',
];

describe('front server under hostile requests', () => {
  it('answers malformed encodings and traversal with 4xx', async () => {
    for (const p of malformedPaths) {
      const status = await raw(req(`GET ${p} HTTP/1.1`));
      expect(status, p.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(status, p.slice(0, 40)).toBeLessThan(500);
    }
  });

  it('survives hundreds of malformed requests of every kind, then still serves pages', async () => {
    const junk: Array<string | Buffer> = [];
    for (let i = 0; i < 40; i++) {
      junk.push(req(`GET /%${(i * 7).toString(16)}%G${i} HTTP/1.1`));
      junk.push(req(`BREW${i} / HTTP/1.1`));
      junk.push(req('GET / HTTP/1.1', `host: x\r\nx-big: ${'b'.repeat(20_000 + i)}\r\n`));
      junk.push(`GARBAGE ${i}\r\n\r\n`);
      junk.push(req(`GET /news/${'%E0%A4%A'.repeat(i + 1)} HTTP/1.1`));
      junk.push(Buffer.from([0x16, 0x03, 0x01, 0x00, i, 0xff, 0x00, 0x0d, 0x0a, 0x0d, 0x0a]));
      junk.push(req(`POST / HTTP/1.1`, `host: x\r\ncontent-length: ${1e9 + i}\r\n`));
      junk.push(req(`DELETE /news/ola HTTP/1.1`));
    }
    const statuses = await Promise.all(junk.map((j) => raw(j)));
    expect(junk.length).toBeGreaterThanOrEqual(300);
    // Every answered request got a client error; none a server error.
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    // Action: a reader arrives.
    const res = await fetch(`${base}/news/ola`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('ARTIGO');
  });

  it('refuses odd methods on static pages with 405', async () => {
    for (const m of ['PUT', 'DELETE', 'PATCH', 'OPTIONS']) expect((await fetch(`${base}/`, { method: m })).status).toBe(405);
  });
});

describe('security headers', () => {
  it('site pages: CSP with frame-ancestors none, nosniff, referrer policy, no framing', async () => {
    const res = await fetch(`${base}/news/ola`);
    expect(res.headers.get('content-security-policy')).toBe(SITE_CSP);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect((await fetch(`${base}/nada`)).headers.get('content-security-policy')).toBe(SITE_CSP);
  });

  it('admin: the strict CSP (own scripts only)', async () => {
    const res = await fetch(`${base}/admin/news`);
    expect(res.headers.get('content-security-policy')).toBe(ADMIN_CSP);
    expect(ADMIN_CSP).toContain("script-src 'self';");
    expect(ADMIN_CSP).toContain("frame-ancestors 'none'");
  });

  it('assets: nosniff always; anything but a plain image is a download', async () => {
    const image = await fetch(`${base}/api/assets/1?type=image/webp`);
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('content-disposition')).toBeNull();
    for (const type of ['text/html', 'image/svg+xml', 'application/pdf', 'text/plain']) {
      const r = await fetch(`${base}/api/assets/2?type=${encodeURIComponent(type)}`);
      expect(r.headers.get('content-disposition'), type).toBe('attachment');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});
