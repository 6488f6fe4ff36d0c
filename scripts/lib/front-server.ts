/**
 * The one origin readers and staff see (http://localhost:4321 in the demo;
 * nginx plays this part in production, see deploy/nginx.conf):
 *   /api/*                                → Directus (prefix stripped)
 *   /auth, /admin[/*], /dashboard, /profile → the admin SPA (index.html)
 *   /_admin/*                              → the admin SPA's assets
 *   everything else                        → the static site; a missing
 *     /news/* gets the "Notícia não encontrada" page, any other path the 404 page.
 * The site root is resolved on every request so a new build can be released
 * atomically by switching a symlink (issue #5).
 */
import { createReadStream, existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  '.pf_meta': 'application/octet-stream',
  '.pf_index': 'application/octet-stream',
  '.pf_fragment': 'application/octet-stream',
  '.pagefind': 'application/octet-stream',
  '.wasm': 'application/wasm',
};

export const ADMIN_ROUTE = /^\/(auth|dashboard|profile|admin)(\/.*)?$/;

export type FrontOptions = { port: number; siteDir: string; adminDir: string; directusUrl: string; host?: string };

function fileFor(root: string, urlPath: string): string | null {
  const clean = path.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '');
  const base = path.join(root, clean);
  if (!base.startsWith(root)) return null;
  for (const candidate of [base, path.join(base, 'index.html'), `${base}.html`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;
/** Gzipped bodies by file and mtime; releases are immutable, so entries never go stale. */
const gzipCache = new Map<string, Buffer>();

function gzipped(file: string, mtimeMs: number): Buffer {
  const key = `${file}:${mtimeMs}`;
  let body = gzipCache.get(key);
  if (!body) {
    body = gzipSync(readFileSync(file), { level: 6 });
    if (gzipCache.size > 2000) gzipCache.delete(gzipCache.keys().next().value!);
    gzipCache.set(key, body);
  }
  return body;
}

function send(req: http.IncomingMessage, res: http.ServerResponse, file: string, status = 200, cache?: string) {
  const ext = path.extname(file).toLowerCase();
  const type = TYPES[ext] ?? 'application/octet-stream';
  const headers: http.OutgoingHttpHeaders = {
    'content-type': type,
    'cache-control': cache ?? (ext === '.html' || ext === '.xml' ? 'no-cache' : 'public, max-age=31536000, immutable'),
    'x-content-type-options': 'nosniff',
    vary: 'accept-encoding',
  };
  if (COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    const body = gzipped(file, statSync(file).mtimeMs);
    res.writeHead(status, { ...headers, 'content-encoding': 'gzip', 'content-length': body.length });
    return res.end(req.method === 'HEAD' ? undefined : body);
  }
  res.writeHead(status, headers);
  if (req.method === 'HEAD') return res.end();
  createReadStream(file).pipe(res);
}

function proxy(req: http.IncomingMessage, res: http.ServerResponse, target: URL) {
  const upstream = http.request(
    {
      hostname: target.hostname,
      port: target.port,
      method: req.method,
      path: (req.url ?? '/').replace(/^\/api/, '') || '/',
      headers: { ...req.headers, host: target.host, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
    },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ errors: [{ message: 'Servidor de dados indisponível' }] }));
  });
  req.pipe(upstream);
}

export function handler(o: FrontOptions) {
  const target = new URL(o.directusUrl);
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const p = url.pathname;
    if (p === '/api' || p.startsWith('/api/')) return proxy(req, res, target);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' });
      return res.end();
    }
    const adminDir = existsSync(o.adminDir) ? realpathSync(o.adminDir) : o.adminDir;
    if (p.startsWith('/_admin/')) {
      const f = fileFor(adminDir, p.slice('/_admin'.length));
      if (f) return send(req, res, f);
    } else if (ADMIN_ROUTE.test(p)) {
      return send(req, res, path.join(adminDir, 'index.html'), 200, 'no-cache');
    }
    const siteDir = existsSync(o.siteDir) ? realpathSync(o.siteDir) : o.siteDir;
    const f = fileFor(siteDir, p);
    if (f) return send(req, res, f);
    const notFound = p.startsWith('/news/') ? path.join(siteDir, 'news-not-found.html') : path.join(siteDir, '404.html');
    if (existsSync(notFound)) return send(req, res, notFound, 404, 'no-cache');
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Oops! Page not found');
  };
}

export function startFrontServer(o: FrontOptions): Promise<http.Server> {
  const server = http.createServer(handler(o));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host ?? '127.0.0.1', () => resolve(server));
  });
}
