/**
 * The reader edge (issue #9, docs/decisions/016-reader-traffic.md): the
 * public origin's front process takes anonymous article views itself and
 * sends them to Directus gathered, one request per READER_EDGE.intervalMs,
 * instead of one request per view. Directus checks, caps and counts each one
 * as if it had come to it directly and answers each view's status and body,
 * which goes back to its reader only then: acknowledged still means stored.
 * A burst of readers so costs Directus a few requests a second, and an
 * editor's request never queues behind thousands of readers'.
 */
import http from 'node:http';
import { isIP } from 'node:net';
import { z } from 'zod';
import { readEnv } from '@portal/domain/env';
import { carriesCredentials, READER_EDGE, type EdgeAnswer, type EdgeView } from '@portal/domain/reader-traffic';
import { COMMON_HEADERS } from './security-headers.ts';

export type ReaderEdgeOptions = {
  directusUrl: string;
  key: string;
  /** Where article views arrive: the public path at the front server; behind nginx, the path nginx forwards (no /api). */
  path?: string;
  intervalMs?: number;
  maxItems?: number;
  log?: (s: string) => void;
};
export type ReaderEdge = {
  /** Is this request one the edge takes (an anonymous article view)? */
  takes(req: http.IncomingMessage, pathname: string): boolean;
  handle(req: http.IncomingMessage, res: http.ServerResponse, ip: string | null): void;
  /** Sends what is gathered now and waits for every answer (shutdown, tests). */
  flush(): Promise<void>;
};

/** The article page's one call (decision 016), as the public origin sees it. */
export const ARTICLE_VIEW = '/api/portal/article-view';
/** Batches on their way to Directus at once; beyond that views wait their turn. */
const IN_FLIGHT = 4;
/** A batch nothing of which was stored (Directus busy or restarting) is tried again for this long. */
const RETRY_FOR_MS = 10_000;
const RETRY_AFTER_MS = 250;
/** Views waiting beyond this are answered "try again" at once rather than held. */
const MAX_WAITING = 20 * READER_EDGE.maxItems;
const UNAVAILABLE = JSON.stringify({
  errors: [{ message: 'Servidor de dados indisponível. Tente novamente em instantes.', extensions: { code: 'SERVICE_UNAVAILABLE' } }],
});
const HEADERS = { ...COMMON_HEADERS, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

type Waiting = { view: EdgeView; res: http.ServerResponse };

function answer(res: http.ServerResponse, status: number, body: string) {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, status === 503 ? { ...HEADERS, 'retry-after': '5' } : HEADERS);
  res.end(body);
}

export function createReaderEdge(o: ReaderEdgeOptions): ReaderEdge {
  // Directus may sit under a prefix (nginx's /api): the route goes after it.
  const target = new URL(`${o.directusUrl.replace(/\/+$/, '')}${READER_EDGE.path}`);
  const intervalMs = o.intervalMs ?? READER_EDGE.intervalMs;
  const viewPath = o.path ?? ARTICLE_VIEW;
  const maxItems = o.maxItems ?? READER_EDGE.maxItems;
  // An idle timeout, as Node's global agent has: only with one does the agent heed the server's
  // `Keep-Alive: timeout=N` and close an idle socket a second before Directus does. Without it, a batch
  // could go out on a socket Directus was closing ("socket hang up"), which is never sent again.
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT, timeout: 5_000 });
  let waiting: Waiting[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight = 0;
  const sent = new Set<Promise<void>>();
  let warned = false;

  type Outcome = { ok: true; answers: EdgeAnswer[] } | { ok: false; retry: boolean; why: string };

  /**
   * One try. Only what provably stored nothing may be tried again: a refused
   * connection, or Directus's pressure limiter (it answers before any route
   * runs). Anything else after the batch left (a cut connection, a timeout)
   * may have been counted, so it is never sent twice.
   */
  function post(payload: string, size: number): Promise<Outcome> {
    return new Promise<Outcome>((resolve) => {
      let settled = false;
      const done = (o: Outcome) => {
        if (!settled) resolve(o);
        settled = true;
      };
      const req = http.request(
        target,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), [READER_EDGE.keyHeader]: o.key },
          timeout: 30_000,
        },
        (up) => {
          const chunks: Buffer[] = [];
          up.on('data', (c: Buffer) => chunks.push(c));
          up.on('error', () => done({ ok: false, retry: false, why: 'resposta interrompida' }));
          up.on('end', () => {
            let body: { answers?: EdgeAnswer[]; errors?: Array<{ extensions?: { reason?: string } }> } | undefined;
            try {
              body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
            } catch {
              body = undefined;
            }
            const answers = body?.answers;
            if (up.statusCode === 200 && Array.isArray(answers) && answers.length === size) return done({ ok: true, answers });
            const pressure = up.statusCode === 503 && body?.errors?.[0]?.extensions?.reason === 'Under pressure';
            done({ ok: false, retry: pressure, why: `HTTP ${up.statusCode}` });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (e: NodeJS.ErrnoException) => done({ ok: false, retry: e.code === 'ECONNREFUSED', why: e.message }));
      req.end(payload);
    });
  }

  async function send(batch: Waiting[]): Promise<void> {
    const payload = JSON.stringify({ views: batch.map((w) => w.view) });
    const deadline = Date.now() + RETRY_FOR_MS;
    for (;;) {
      const r = await post(payload, batch.length);
      if (r.ok) {
        warned = false;
        batch.forEach((w, i) => answer(w.res, r.answers[i]!.status, JSON.stringify(r.answers[i]!.body)));
        return;
      }
      // Directus is busy or restarting: the readers wait a little rather than see an error.
      if (r.retry && Date.now() < deadline) {
        await new Promise((res) => setTimeout(res, RETRY_AFTER_MS));
        continue;
      }
      if (!warned) o.log?.(`contagem de leituras: Directus não aceitou o lote (${r.why}); os leitores recebem 503`);
      warned = true;
      for (const w of batch) answer(w.res, 503, UNAVAILABLE);
      return;
    }
  }

  function pump() {
    while (inFlight < IN_FLIGHT && waiting.length > 0 && (waiting.length >= maxItems || !timer)) {
      const batch = waiting.slice(0, maxItems);
      waiting = waiting.slice(batch.length);
      inFlight++;
      const p = send(batch).finally(() => {
        inFlight--;
        sent.delete(p);
        pump();
      });
      sent.add(p);
    }
    // What is left gathers for one interval more.
    if (waiting.length > 0) gatherLater();
  }

  /** Sends what is waiting once the interval is over (one timer at a time). */
  function gatherLater() {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      pump();
    }, intervalMs);
  }

  function enqueue(w: Waiting) {
    if (waiting.length >= MAX_WAITING) return answer(w.res, 503, UNAVAILABLE);
    waiting.push(w);
    if (waiting.length >= maxItems) pump();
    else gatherLater();
  }

  return {
    takes(req, pathname) {
      // Staff reading the site go to Directus, which knows who they are.
      return (
        req.method === 'POST' &&
        pathname === viewPath &&
        !carriesCredentials({ authorization: req.headers.authorization, cookie: req.headers.cookie, url: req.url })
      );
    },
    handle(req, res, ip) {
      const json = /^application\/json\b/i.test(String(req.headers['content-type'] ?? ''));
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= READER_EDGE.bodyLimitBytes) chunks.push(c);
      });
      req.on('error', () => res.destroy());
      req.on('end', () => {
        // Directus answers every body it cannot use itself (too large or not JSON: "Corpo da requisição inválido"; no id: "Identificador…").
        const body = size > READER_EDGE.bodyLimitBytes ? '' : json ? Buffer.concat(chunks).toString('utf8') : '{}';
        const ua = req.headers['user-agent'];
        enqueue({ view: { body, ip, ua: typeof ua === 'string' ? ua.slice(0, 1024) : null }, res });
      });
    },
    async flush() {
      if (timer) clearTimeout(timer);
      timer = null;
      while (waiting.length > 0 || sent.size > 0) {
        pump();
        await Promise.all([...sent]);
      }
    },
  };
}

/** Loopback and private (RFC 1918, RFC 4193) peers: the proxies in front of a standalone edge. */
const PRIVATE_PEER = /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::1$|f[cd][0-9a-f]{2}:)/i;

/**
 * The reader's address. The front server is the public origin itself: its
 * peer. A standalone edge sits behind nginx, which sends X-Real-IP: trusted
 * only from a loopback or private peer, so a reader who reaches the edge some
 * other way cannot pick an address to escape the caps.
 * @example clientAddress('::ffff:127.0.0.1', '203.0.113.5', true) // '203.0.113.5'
 */
export function clientAddress(peer: string | undefined, realIp: string | string[] | undefined, behindProxy: boolean): string | null {
  const p = peer?.replace(/^::ffff:/, '') ?? null;
  if (behindProxy && p && PRIVATE_PEER.test(p) && typeof realIp === 'string' && isIP(realIp.trim())) return realIp.trim().replace(/^::ffff:/, '');
  return p;
}

/** The standalone edge's environment (edge/src/main.ts, docker-compose `readers`), validated at start. */
export const readerEdgeEnvSchema = z.object({
  READER_EDGE_PORT: z.coerce.number({ error: 'deve ser um número de porta' }).int().min(1).max(65535).default(8090),
  READER_EDGE_HOST: z.string().min(1).default('0.0.0.0'),
  DIRECTUS_URL: z.url({ error: 'deve ser uma URL (http://…)' }).default('http://127.0.0.1:8055'),
  PORTAL_EDGE_KEY: z
    .string({ error: 'obrigatória (a mesma chave do Directus)' })
    .min(32, { error: 'curta demais (mínimo de 32 caracteres; a mesma do Directus)' }),
});
export const readerEdgeEnv = (env: Record<string, string | undefined> = process.env) => readEnv(readerEdgeEnvSchema, env, 'contagem de leituras');
