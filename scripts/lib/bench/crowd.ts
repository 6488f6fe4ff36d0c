/**
 * A crowd of distinct readers (issue #33): each article view is one reader,
 * on a NEW TCP connection bound to its own loopback address (127.a.b.c, a
 * walk through 15 million addresses, none used twice in a run), making the
 * article page's real calls in order (ARTICLE_VIEW_CALLS.current: the view,
 * then /live.json) with a fresh session, a random published story and a
 * browser's user agent. `inFlight` views are kept going at once (each one
 * starts the next when it ends). The per-address caps stay on: a reader never
 * comes back, so a cap never refuses one, as on a real breaking-news day.
 *
 * The generator runs in its own process (startCrowd forks this file), so its
 * CPU time is its own in /proc (the bench's process also hosts the builder),
 * and, with `workers` > 1, in that many threads of it. `startTrivialServer`
 * is the other end of the generator's own ceiling: a server that answers
 * each call at once.
 */
import http from 'node:http';
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { ARTICLE_VIEW_CALLS, BROWSER_UA } from './readers.ts';

/** Second octets readers use: 127.0–19.x.x are left to the machine's services and the other benches (the live bench's readers are 127.10.x.x). */
const FIRST_A = 20;
const LAST_A = 254;
/** Per second octet: b 0–255, c 1–254 (never a .0 network or a .255 broadcast-like end). */
const PER_A = 256 * 254;
export const READER_ADDRESSES = (LAST_A - FIRST_A + 1) * PER_A;

/**
 * The i-th reader's own address.
 * @example readerAddress(0) // '127.20.0.1'
 * @example readerAddress(254) // '127.20.1.1'
 */
export function readerAddress(i: number): string {
  if (!Number.isInteger(i) || i < 0 || i >= READER_ADDRESSES) throw new RangeError(`leitor ${i} fora da faixa de endereços (0–${READER_ADDRESSES - 1})`);
  const a = FIRST_A + Math.floor(i / PER_A);
  const r = i % PER_A;
  return `127.${a}.${Math.floor(r / 254)}.${1 + (r % 254)}`;
}

/** Worker `w` of `workers` walks indices w, w + workers, w + 2·workers…: the threads never share an address. */
export function* addressWalk(w: number, workers: number): Generator<string> {
  for (let i = w; i < READER_ADDRESSES; i += workers) yield readerAddress(i);
}

/** View latencies in 1 ms buckets up to 30 s (the last bucket holds anything longer): mergeable across threads. */
const HIST_MS = 30_000;
const TIMELINE_S = 10;

export type ViewStats = {
  started: number;
  /** The view's POST answered 2xx: Directus committed it (the edge answers only then). */
  acknowledged: number;
  /** Acknowledged with `counted: true` in the answer (not refused by a cap or as a bot). */
  counted: number;
  /** Views with any failed call: a network error, a non-2xx answer or a timeout. */
  failed: number;
  failures: Record<string, number>;
  hist: number[];
  maxMs: number;
  /** Acknowledged views per TIMELINE_S seconds since the start. */
  timeline: number[];
};

export const newStats = (): ViewStats => ({ started: 0, acknowledged: 0, counted: 0, failed: 0, failures: {}, hist: new Array<number>(HIST_MS + 1).fill(0), maxMs: 0, timeline: [] });

export function recordView(s: ViewStats, v: { ms: number; atMs: number; acknowledged: boolean; counted: boolean; failure: string | null }) {
  s.hist[Math.min(HIST_MS, Math.max(0, Math.round(v.ms)))]!++;
  s.maxMs = Math.max(s.maxMs, v.ms);
  if (v.acknowledged) {
    s.acknowledged++;
    const slot = Math.floor(v.atMs / (TIMELINE_S * 1000));
    while (s.timeline.length <= slot) s.timeline.push(0);
    s.timeline[slot]!++;
  }
  if (v.counted) s.counted++;
  if (v.failure) {
    s.failed++;
    s.failures[v.failure] = (s.failures[v.failure] ?? 0) + 1;
  }
}

export function mergeStats(a: ViewStats, b: ViewStats): ViewStats {
  const failures = { ...a.failures };
  for (const [k, n] of Object.entries(b.failures)) failures[k] = (failures[k] ?? 0) + n;
  const timeline = Array.from({ length: Math.max(a.timeline.length, b.timeline.length) }, (_, i) => (a.timeline[i] ?? 0) + (b.timeline[i] ?? 0));
  return {
    started: a.started + b.started,
    acknowledged: a.acknowledged + b.acknowledged,
    counted: a.counted + b.counted,
    failed: a.failed + b.failed,
    failures,
    hist: a.hist.map((n, i) => n + b.hist[i]!),
    maxMs: Math.max(a.maxMs, b.maxMs),
    timeline,
  };
}

/** The p-th percentile (ms) of the views in `hist`, nearest rank; NaN with none. */
export function histPercentile(hist: number[], p: number): number {
  const total = hist.reduce((a, b) => a + b, 0);
  if (!total) return NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (let ms = 0; ms < hist.length; ms++) {
    seen += hist[ms]!;
    if (seen >= rank) return ms;
  }
  return hist.length - 1;
}

export type CrowdResult = {
  inFlight: number;
  /** An open crowd's arrivals a second (absent: a closed crowd of `inFlight`). */
  offeredPerSec?: number;
  workers: number;
  seconds: number;
  views: number;
  acknowledged: number;
  counted: number;
  failed: number;
  failures: Record<string, number>;
  viewsPerSec: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** Distinct addresses used (one per view) and the walk's first and last. */
  addresses: { used: number; first: string; last: string };
  /** Acknowledged views/s in each 10 s of the run (a dip shows when something else took the cores). */
  timelineViewsPerSec: number[];
};

export function summarize(s: ViewStats, o: { inFlight: number; workers: number; seconds: number; rate?: number }): CrowdResult {
  const views = s.hist.reduce((a, b) => a + b, 0);
  return {
    inFlight: o.inFlight,
    ...(o.rate ? { offeredPerSec: o.rate } : {}),
    workers: o.workers,
    seconds: +o.seconds.toFixed(1),
    views,
    acknowledged: s.acknowledged,
    counted: s.counted,
    failed: s.failed,
    failures: s.failures,
    viewsPerSec: Math.round(s.acknowledged / Math.max(0.001, o.seconds)),
    latencyMs: { p50: histPercentile(s.hist, 50), p95: histPercentile(s.hist, 95), p99: histPercentile(s.hist, 99), max: Math.round(s.maxMs) },
    addresses: { used: s.started, first: readerAddress(0), last: s.started ? readerAddress(s.started - 1) : readerAddress(0) },
    timelineViewsPerSec: s.timeline.map((n) => Math.round(n / TIMELINE_S)),
  };
}

type CallAnswer = { status: number; body: string };

/** A body as the browser reads it: nginx gzips the view's JSON answer (the front server does not). */
function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}

/** One call on the view's own agent (its one connection); the POST's body kept, /live.json's read and dropped. */
function call(
  target: { host: string; port: number; hostHeader: string },
  agent: http.Agent,
  c: { method: string; path: string; body?: string },
  timeoutMs: number,
): Promise<CallAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {
      host: target.hostHeader,
      'user-agent': BROWSER_UA,
      // What a browser asks for (less zstd, which Node 22 cannot read back): pages and JSON come compressed, as to readers.
      'accept-encoding': 'gzip, deflate, br',
      accept: c.method === 'POST' ? '*/*' : 'application/json',
    };
    if (c.body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(c.body);
    }
    const req = http.request({ host: target.host, port: target.port, method: c.method, path: c.path, agent, headers, timeout: timeoutMs }, (res) => {
      const keep = c.method === 'POST';
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => {
        if (keep) chunks.push(d);
      });
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, body: keep ? decoded(Buffer.concat(chunks), res.headers['content-encoding']).toString('utf8') : '' });
        } catch (e) {
          reject(e instanceof Error ? e : new Error(String(e)));
        }
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', reject);
    req.end(c.body);
  });
}

const failureOf = (e: unknown) => (e as NodeJS.ErrnoException)?.code ?? 'erro';

type LoopOptions = { origin: string; newsIds: string[]; inFlight: number; durationMs: number; worker: number; workers: number; timeoutMs: number; rate?: number };

/** How often an open crowd (`rate`) lets its due readers in. */
const ARRIVAL_TICK_MS = 10;

/**
 * How many readers an open crowd lets in by `elapsedMs`: `rate` a second, evenly (readers arrive whether or
 * not the site has answered the ones before them).
 * @example arrivalsDue(1500, 1000) // 1500
 * @example arrivalsDue(1500, 15) // 22
 */
export const arrivalsDue = (rate: number, elapsedMs: number): number => Math.floor((rate * elapsedMs) / 1000);

/** Keeps `inFlight` readers' views going for `durationMs`, each on a new connection from its own address. */
async function runViews(o: LoopOptions): Promise<{ stats: ViewStats; seconds: number }> {
  const url = new URL(o.origin);
  // Readers bind an IPv4 loopback address: `localhost` must not resolve to ::1 for them.
  const target = { host: url.hostname === 'localhost' ? '127.0.0.1' : url.hostname, port: Number(url.port || 80), hostHeader: url.host };
  const stats = newStats();
  const walk = addressWalk(o.worker, o.workers);
  const t0 = performance.now();
  const end = t0 + o.durationMs;

  const view = async () => {
    const address = walk.next().value;
    if (!address) throw new Error('endereços de leitores esgotados');
    stats.started++;
    const newsId = o.newsIds[Math.floor(Math.random() * o.newsIds.length)]!;
    // One connection for the page's calls (a browser keeps it for the page), closed when the view ends: the next reader is someone else.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: address } as http.AgentOptions);
    const s = performance.now();
    let acknowledged = false;
    let counted = false;
    let failure: string | null = null;
    try {
      for (const c of ARTICLE_VIEW_CALLS.current(newsId, randomUUID())) {
        const isView = c.path.endsWith('/article-view');
        const name = isView ? 'article-view' : c.path;
        let r: CallAnswer;
        try {
          r = await call(target, agent, c, o.timeoutMs);
        } catch (e) {
          failure = `${name}: ${failureOf(e)}`;
          break;
        }
        if (r.status < 200 || r.status >= 300) {
          failure = `${name}: HTTP ${r.status}`;
          break;
        }
        if (isView) {
          acknowledged = true;
          try {
            counted = (JSON.parse(r.body) as { counted?: unknown }).counted === true;
          } catch {
            failure = 'article-view: resposta ilegível';
            break;
          }
        }
      }
    } finally {
      agent.destroy();
    }
    recordView(stats, { ms: performance.now() - s, atMs: s - t0, acknowledged, counted, failure });
  };

  if (o.rate) {
    // An open crowd: `rate` readers a second arrive, each on its own; `inFlight` only bounds how many are open at once
    // (a reader who finds it full is a failed view, "sem vaga", never a silent slowdown of the offered load).
    const rate = o.rate;
    const open = new Set<Promise<void>>();
    let arrived = 0;
    const letIn = (due: number) => {
      for (; arrived < due; arrived++) {
        if (open.size >= o.inFlight) {
          stats.started++;
          walk.next();
          recordView(stats, { ms: 0, atMs: performance.now() - t0, acknowledged: false, counted: false, failure: 'sem vaga no gerador' });
          continue;
        }
        const v = view().finally(() => open.delete(v));
        open.add(v);
      }
    };
    while (performance.now() < end) {
      letIn(arrivalsDue(rate, performance.now() - t0));
      await new Promise((r) => setTimeout(r, ARRIVAL_TICK_MS));
    }
    // The last tick's readers: exactly `rate` a second over the run.
    letIn(arrivalsDue(rate, o.durationMs));
    await Promise.all([...open]);
    return { stats, seconds: o.durationMs / 1000 };
  }
  const reader = async () => {
    while (performance.now() < end) await view();
  };
  await Promise.all(Array.from({ length: o.inFlight }, reader));
  return { stats, seconds: (performance.now() - t0) / 1000 };
}

export type CrowdOptions = {
  /** The public origin readers open (`http://localhost:<front>` or nginx). */
  origin: string;
  newsIds: string[];
  /** Views in flight at once ("readers in flight"). */
  inFlight: number;
  durationMs: number;
  /** Threads of the generator's process (default 1: its main thread). */
  workers?: number;
  /** Per call (default 10 s, as autocannon's in `--readers`). */
  timeoutMs?: number;
  /**
   * An open crowd: readers arriving at this many a second (each thread its share), whatever the site's answers'
   * pace, as a breaking-news crowd does; `inFlight` is then the most it keeps open. Without it, a closed crowd of
   * `inFlight` readers, each starting when the one before ends.
   */
  rate?: number;
};

/** Runs the views of this process: in its main thread, or split across `workers` threads. */
async function runHere(o: CrowdOptions): Promise<CrowdResult> {
  const workers = Math.max(1, o.workers ?? 1);
  const base = { origin: o.origin, newsIds: o.newsIds, durationMs: o.durationMs, workers, timeoutMs: o.timeoutMs ?? 10_000, ...(o.rate ? { rate: o.rate / workers } : {}) };
  const share = (w: number) => Math.floor(o.inFlight / workers) + (w < o.inFlight % workers ? 1 : 0);
  const parts =
    workers === 1
      ? [await runViews({ ...base, worker: 0, inFlight: o.inFlight })]
      : await Promise.all(
          Array.from(
            { length: workers },
            (_, w) =>
              new Promise<{ stats: ViewStats; seconds: number }>((resolve, reject) => {
                const t = new Worker(new URL(import.meta.url), { workerData: { ...base, worker: w, inFlight: share(w) } satisfies LoopOptions });
                t.once('message', resolve);
                t.once('error', reject);
              }),
          ),
        );
  // Thread w used indices w, w + workers…: the count of addresses in the run is the sum; the summary names the walk's span.
  const stats = parts.map((p) => p.stats).reduce(mergeStats);
  return summarize(stats, { inFlight: o.inFlight, workers, seconds: Math.max(...parts.map((p) => p.seconds)), ...(o.rate ? { rate: o.rate } : {}) });
}

export type Crowd = { pid: number; result: Promise<CrowdResult> };

/** Starts the crowd in a process of its own (its CPU is the generator's); resolves when the views have ended. */
export function startCrowd(o: CrowdOptions): Crowd {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, PORTAL_CROWD_CHILD: '1' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const result = new Promise<CrowdResult>((resolve, reject) => {
    child.on('message', (m: 'ready' | { result?: CrowdResult; error?: string }) => {
      // The story ids go by IPC (100,000 of them are far beyond what an environment variable holds), once the child listens.
      if (m === 'ready') child.send({ options: o });
      else if (m.result) resolve(m.result);
      else reject(new Error(`gerador de carga: ${m.error}`));
    });
    child.once('exit', (code) => reject(new Error(`gerador de carga saiu (${code}) sem resultado`)));
  });
  return { pid: child.pid!, result };
}

/** A server that answers each call at once, like the real one in shape: the other end of the generator's own ceiling. */
export function startTrivialServer(port: number): Promise<{ pid: number; stop(): void }> {
  const child = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, PORTAL_CROWD_TRIVIAL_PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve({ pid: child.pid!, stop: () => child.kill() }));
    child.once('exit', (code) => reject(new Error(`servidor trivial saiu (${code})`)));
  });
}

const VIEW_ANSWER = JSON.stringify({ views: 1, likes: 0, liked: false, counted: true });
const LIVE_JSON = JSON.stringify({ urgent: null, ads: [], contacts: {} });

if (!isMainThread && parentPort && (workerData as LoopOptions | undefined)?.origin) {
  parentPort.postMessage(await runViews(workerData as LoopOptions));
} else if (isMainThread && process.env.PORTAL_CROWD_CHILD && process.send) {
  process.once('message', (m: { options: CrowdOptions }) => {
    runHere(m.options).then(
      (result) => process.send!({ result }, () => process.exit(0)),
      (e: unknown) => process.send!({ error: e instanceof Error ? e.message : String(e) }, () => process.exit(1)),
    );
  });
  process.send('ready');
} else if (isMainThread && process.env.PORTAL_CROWD_TRIVIAL_PORT && process.send) {
  const port = Number(process.env.PORTAL_CROWD_TRIVIAL_PORT);
  http
    .createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(req.method === 'POST' ? VIEW_ANSWER : LIVE_JSON);
      });
    })
    .listen(port, '127.0.0.1', () => process.send!('ready'));
}
