/**
 * The one origin readers and staff see (http://localhost:4321 in the demo;
 * nginx plays this part in production, see deploy/nginx.conf):
 *   /api/*                                → Directus (prefix stripped)
 *   /auth, /admin[/*], /dashboard, /profile → the admin SPA (index.html)
 *   /_admin/*                              → the admin SPA's assets
 *   everything else                        → the static site; a missing
 *     page is first looked up among old addresses of stories and renamed
 *     lists (301, issue #8); then a /news/* path gets the "Notícia não
 *     encontrada" page, any other path the 404 page.
 * The site root is resolved on every request so a new build can be released
 * atomically by switching a symlink (issue #5).
 */
import { createReadStream, existsSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { isLegacyQuery, movedAddress } from './redirects.ts';
import { clientAddress, createReaderEdge } from './reader-edge.ts';
import { adminHeaders, cacheControl, COMMON_HEADERS, INLINE_ASSET_TYPES, REDIRECT_CACHE, siteHeaders } from './security-headers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  // As Debian's nginx names them (tests/prod/route-table.test.ts asks both).
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'text/xml; charset=utf-8',
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

export type FrontOptions = {
  port: number;
  siteDir: string;
  adminDir: string;
  directusUrl: string;
  host?: string;
  /** The key Directus's PORTAL_EDGE_KEY holds: with it, anonymous article views go to Directus gathered (reader-edge.ts). */
  edgeKey?: string;
};

/** A request the server refuses with a status instead of handling (never a crash). */
class Refused extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** Longest path worth looking up on disk; slugs are bounded far below this. */
const MAX_PATH = 2048;

function fileFor(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    throw new Refused(400, 'Endereço malformado');
  }
  if (decoded.includes('\0')) throw new Refused(400, 'Endereço malformado');
  const clean = path.normalize(decoded).replace(/^(\.\.[/\\])+/, '');
  const base = path.join(root, clean);
  if (!base.startsWith(root)) return null;
  for (const candidate of [base, path.join(base, 'index.html'), `${base}.html`]) {
    if (statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  return null;
}

/** Text worth compressing (what deploy/nginx.conf's gzip_types names, plus HTML, XML and plain text). */
export const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|rss\+xml|manifest\+json)\b|image\/svg\+xml)/;
/** Past this, a text file is streamed as it is (a huge sitemap); everything the pages need is far below. */
const MAX_COMPRESS = 2 * 1024 * 1024;
/** Bodies kept in memory up to this size without compression (pages, /live.json, scripts). */
const SMALL_FILE = 128 * 1024;

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding a client gets, from its Accept-Encoding (RFC 9110 12.5.3):
 * brotli when accepted, else gzip, else none; `q=0` refuses one, `*` stands
 * for any not named. Ties go to brotli (smaller), as nginx with both modules.
 */
export function negotiateEncoding(header: string | string[] | undefined): Encoding {
  const q = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qp ? Number(qp.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const weight = (enc: string) => q.get(enc) ?? q.get('*') ?? 0;
  const br = weight('br');
  const gz = weight('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return 'identity';
}

/** Fingerprinted bundles (/_astro/*, the admin's assets) never change: worth brotli's best, once. */
const FINGERPRINTED = /\/(_astro|assets)\/[^/]+\.[0-9a-zA-Z_-]{6,}\.(js|mjs|css)$/;

export function compress(body: Buffer, encoding: Exclude<Encoding, 'identity'>, fingerprinted: boolean): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: 6 });
  return brotliCompressSync(body, {
    params: {
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      // Pages are many and each read once by the cache: brotli 5 (about gzip's time, smaller); bundles: 11.
      [zlibConstants.BROTLI_PARAM_QUALITY]: fingerprinted ? 11 : 5,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/**
 * A file's body as sent for one encoding: read (and compressed) once, then
 * from `bodies`, the byte-bounded cache (it counts the compressed bytes).
 * Releases are immutable, so file + mtime + encoding never goes stale.
 */
function fileBody(bodies: SharedCache, file: string, mtimeMs: number, encoding: Encoding): Buffer {
  const key = `${file}:${mtimeMs}:${encoding}`;
  const hit = bodies.get(key);
  if (hit) return hit.body;
  const raw = readFileSync(file);
  const body = encoding === 'identity' ? raw : compress(raw, encoding, FINGERPRINTED.test(file));
  bodies.set(key, { at: Date.now(), until: Infinity, headers: {}, body });
  return body;
}

/**
 * Whether an If-None-Match names `etag` (weak comparison, RFC 9110 13.1.2: `W/` aside).
 * @example notModified('W/"a-1", "b-2"', 'W/"b-2"') // true
 */
export function notModified(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const tag = etag.replace(/^W\//, '');
  return String(header)
    .split(',')
    .some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === tag);
}

function send(req: http.IncomingMessage, res: http.ServerResponse, bodies: SharedCache, file: string, status = 200, cache?: string, security = siteHeaders()) {
  const ext = path.extname(file).toLowerCase();
  const type = TYPES[ext] ?? 'application/octet-stream';
  const st = statSync(file);
  const compressible = COMPRESSIBLE.test(type) && st.size <= MAX_COMPRESS;
  const headers: http.OutgoingHttpHeaders = {
    ...security,
    'content-type': type,
    'cache-control': cache ?? cacheControl(new URL(req.url ?? '/', 'http://x').pathname),
    ...(compressible ? { vary: 'accept-encoding' } : {}),
  };
  // As nginx does for static files: a validator from size and time, and a 304 when the reader
  // already has this version (live coverages' feeds are polled every few seconds; issue #30).
  // Weak: the bytes sent depend on the encoding.
  if (status === 200) {
    const etag = `W/"${Math.floor(st.mtimeMs).toString(16)}-${st.size.toString(16)}"`;
    headers.etag = etag;
    if (notModified(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers);
      return res.end();
    }
  }
  // A range asks for bytes of the file as stored: never of a compressed copy.
  const encoding = compressible && !req.headers.range ? negotiateEncoding(req.headers['accept-encoding']) : 'identity';
  if (encoding !== 'identity' || st.size <= SMALL_FILE) {
    const body = fileBody(bodies, file, st.mtimeMs, encoding);
    res.writeHead(status, { ...headers, ...(encoding !== 'identity' ? { 'content-encoding': encoding } : {}), 'content-length': body.length });
    return res.end(req.method === 'HEAD' ? undefined : body);
  }
  res.writeHead(status, headers);
  if (req.method === 'HEAD') return res.end();
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}

/**
 * Shared public JSON (`Cache-Control: public, max-age=N` from Directus, e.g.
 * the rankings every page asks for; issue #9) is kept here for N seconds, as
 * nginx's proxy_cache does in production: a burst of readers costs Directus
 * one request per period. Only anonymous GETs (no Authorization, no cookie)
 * of JSON are served from it or stored, never a response that sets a cookie,
 * and never a file: whether /api/assets/<id> may be read is decided by
 * Directus on every request (an unpublished story's photo turns 403 at once;
 * issue #32). The whole cache is bounded in bytes.
 */
export class SharedCache {
  private readonly entries = new Map<string, { at: number; until: number; headers: http.IncomingHttpHeaders; body: Buffer }>();
  private bytes = 0;
  readonly maxBytes: number;
  readonly maxEntryBytes: number;
  constructor(maxBytes = 4 * 1024 * 1024, maxEntryBytes = 256 * 1024) {
    this.maxBytes = maxBytes;
    this.maxEntryBytes = maxEntryBytes;
  }
  get size() {
    return this.entries.size;
  }
  get usedBytes() {
    return this.bytes;
  }
  get(key: string, now = Date.now()) {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.until <= now) {
      this.delete(key);
      return undefined;
    }
    return hit;
  }
  set(key: string, value: { at: number; until: number; headers: http.IncomingHttpHeaders; body: Buffer }) {
    if (value.body.length > this.maxEntryBytes) return;
    this.delete(key);
    // Oldest first out (a Map iterates in insertion order) until the new body fits.
    for (const [k] of this.entries) {
      if (this.bytes + value.body.length <= this.maxBytes) break;
      this.delete(k);
    }
    this.entries.set(key, value);
    this.bytes += value.body.length;
  }
  private delete(key: string) {
    const old = this.entries.get(key);
    if (!old) return;
    this.bytes -= old.body.length;
    this.entries.delete(key);
  }
}
const sharedMaxAge = (headers: http.IncomingHttpHeaders) => {
  const cc = String(headers['cache-control'] ?? '');
  const m = /(?:^|,)\s*max-age=(\d+)/.exec(cc);
  const json = /^application\/json\b/.test(String(headers['content-type'] ?? ''));
  return json && /\bpublic\b/.test(cc) && !/no-store|private/.test(cc) && !headers['set-cookie'] && m ? Number(m[1]) : 0;
};
const anonymousGet = (req: http.IncomingMessage) => req.method === 'GET' && !req.headers.authorization && !req.headers.cookie;
/** Files are never kept: their access is checked by Directus each time. */
const shareable = (url: string) => !/^\/api\/assets(\/|$)/.test(url);

function proxy(req: http.IncomingMessage, res: http.ServerResponse, target: URL, shared: SharedCache) {
  const key = req.url ?? '/';
  const cacheable = anonymousGet(req) && shareable(key);
  if (cacheable) {
    const hit = shared.get(key);
    if (hit) {
      res.writeHead(200, { ...assetSafeHeaders(key, hit.headers), age: String(Math.floor((Date.now() - hit.at) / 1000)) });
      return res.end(hit.body);
    }
  }
  const upstream = http.request(
    {
      hostname: target.hostname,
      port: target.port,
      method: req.method,
      path: (req.url ?? '/').replace(/^\/api/, '') || '/',
      headers: { ...req.headers, host: target.host, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
    },
    (up) => {
      res.writeHead(up.statusCode ?? 502, assetSafeHeaders(req.url ?? '', up.headers));
      const maxAge = up.statusCode === 200 && cacheable ? sharedMaxAge(up.headers) : 0;
      if (maxAge > 0) {
        const chunks: Buffer[] = [];
        let size = 0;
        up.on('data', (c: Buffer) => {
          size += c.length;
          // Past what one entry may hold, stop collecting (the reader still gets it all).
          if (size <= shared.maxEntryBytes) chunks.push(c);
        });
        up.on('end', () => {
          if (size > shared.maxEntryBytes) return;
          const body = Buffer.concat(chunks);
          const { 'transfer-encoding': _te, connection: _c, 'keep-alive': _k, ...headers } = up.headers;
          shared.set(key, { at: Date.now(), until: Date.now() + maxAge * 1000, headers: { ...headers, 'content-length': String(body.length) }, body });
        });
      }
      up.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(503, { ...COMMON_HEADERS, 'content-type': 'application/json; charset=utf-8', 'retry-after': '5' });
    res.end(JSON.stringify({ errors: [{ message: 'Servidor de dados indisponível. Tente novamente em instantes.' }] }));
  });
  req.on('error', () => upstream.destroy());
  req.pipe(upstream);
}

/**
 * Uploaded files come back through /api/assets: never sniffed, and anything
 * that is not a plain image is a download, so an uploaded page can never run
 * on the portal's origin (issue #10).
 */
export function assetSafeHeaders(url: string, headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = { ...headers, ...COMMON_HEADERS };
  if (
    /^\/api\/assets\//.test(url) &&
    !INLINE_ASSET_TYPES.test(
      String(headers['content-type'] ?? '')
        .split(';')[0]!
        .trim(),
    )
  ) {
    out['content-disposition'] = 'attachment';
  }
  return out;
}

function refuse(res: http.ServerResponse, status: number, message: string) {
  if (res.headersSent) return res.destroy();
  res.writeHead(status, { ...COMMON_HEADERS, 'content-type': 'text/plain; charset=utf-8' });
  res.end(message);
}

export function handler(o: FrontOptions) {
  const target = new URL(o.directusUrl);
  const shared = new SharedCache();
  // Files' bodies (plain when small, compressed when text): 32 MB, no single one over 2 MB.
  const bodies = new SharedCache(32 * 1024 * 1024, MAX_COMPRESS);
  const edge = o.edgeKey ? createReaderEdge({ directusUrl: o.directusUrl, key: o.edgeKey, log: (s) => console.log(`» ${s}`) }) : null;
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if ((req.url ?? '').length > MAX_PATH) throw new Refused(414, 'Endereço longo demais');
    const url = new URL(req.url ?? '/', 'http://x');
    const p = url.pathname;
    // This server is the public origin: the client is its peer (what the proxy below tells Directus too).
    if (edge?.takes(req, p)) return edge.handle(req, res, clientAddress(req.socket.remoteAddress, undefined, false));
    if (p === '/api' || p.startsWith('/api/')) return proxy(req, res, target, shared);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...COMMON_HEADERS, allow: 'GET, HEAD' });
      return res.end();
    }
    // Resolved per request: a new build swaps the folder a link points to (one readlink, not a realpath per component).
    const real = (dir: string) => {
      try {
        return path.resolve(path.dirname(dir), readlinkSync(dir));
      } catch {
        return dir; // not a link (a plain folder), or not there yet
      }
    };
    if (p.startsWith('/_admin/')) {
      const f = fileFor(real(o.adminDir), p.slice('/_admin'.length));
      if (f) return send(req, res, bodies, f, 200, undefined, adminHeaders());
    } else if (ADMIN_ROUTE.test(p)) {
      return send(req, res, bodies, path.join(real(o.adminDir), 'index.html'), 200, 'no-cache', adminHeaders());
    }
    const siteDir = real(o.siteDir);
    const moved = () => {
      const to = movedAddress(siteDir, p, url.search);
      if (!to) return false;
      res.writeHead(301, { ...siteHeaders(), location: to, 'cache-control': REDIRECT_CACHE });
      res.end();
      return true;
    };
    // `/?p=12`: an imported WordPress address, answered before the home page (issue #27).
    if (p === '/' && isLegacyQuery(url.searchParams) && moved()) return;
    const f = fileFor(siteDir, p);
    if (f) return send(req, res, bodies, f);
    // An old address of a story (title-era slug, editor's rename, the old portal's form), of a renamed list, or of an imported portal.
    if (moved()) return;
    const notFound = p.startsWith('/news/') ? path.join(siteDir, 'news-not-found.html') : path.join(siteDir, '404.html');
    if (existsSync(notFound)) return send(req, res, bodies, notFound, 404, 'no-cache');
    // No release on disk yet (the very first build is still running).
    if (!existsSync(siteDir)) return refuse(res, 503, 'O site está sendo gerado. Tente novamente em instantes.');
    refuse(res, 404, 'Oops! Page not found');
  };
  // Nothing a request carries may stop the process that serves everyone.
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    try {
      handle(req, res);
    } catch (e) {
      if (e instanceof Refused) refuse(res, e.status, e.message);
      else refuse(res, 500, 'Erro interno');
    }
  };
}

export function startFrontServer(o: FrontOptions): Promise<http.Server> {
  // An idle connection is kept a minute, as nginx keeps it (75 s): a live coverage's open pages poll every few
  // seconds (issue #30), and Node's 5 s default closed each one just as its next poll went out.
  const server = http.createServer({ maxHeaderSize: 16 * 1024, requestTimeout: 30_000, keepAliveTimeout: 65_000 }, handler(o));
  // Malformed HTTP (bad request line, oversized headers): answer 400/431 and drop the socket.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host ?? '127.0.0.1', () => resolve(server));
  });
}
