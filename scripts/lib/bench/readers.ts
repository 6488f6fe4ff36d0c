/**
 * Breaking-news load (issue #9): many readers opening articles through the
 * public origin, each view making every call an article page makes, while an
 * editor keeps loading the admin news list. Reports article views/s, errors
 * and the editor's p95.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { percentile } from './measure.ts';

/** What one article view costs in requests, before (issue #9 as filed) and now. */
export const ARTICLE_VIEW_CALLS = {
  legacy: (newsId: string, session: string) => [
    { method: 'POST', path: '/api/portal/views', body: JSON.stringify({ news_id: newsId }) },
    { method: 'GET', path: `/api/portal/engagement/${newsId}?session_id=${session}` },
    { method: 'GET', path: '/api/portal/rankings' },
    { method: 'GET', path: '/api/items/ads?fields=id&limit=-1' },
  ],
  current: (newsId: string, session: string) => [
    // What an article page asks for, as Chromium records it (tests/e2e/site-engagement.spec.ts):
    // the view, and the site-wide state. The rankings sidebar is the home page's, not the article's.
    { method: 'POST', path: '/api/portal/article-view', body: JSON.stringify({ news_id: newsId, session_id: session }) },
    // Ads and the urgent message: the build's /live.json (issue #8), a static file.
    { method: 'GET', path: '/live.json' },
  ],
} as const;
export type CallSet = keyof typeof ARTICLE_VIEW_CALLS;

/** A real browser's user agent: the counting ignores obvious bots. */
export const BROWSER_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

export type ReaderLoadResult = {
  calls: CallSet;
  connections: number;
  durationS: number;
  viewsPerSec: number;
  requestsPerSec: number;
  errors: number;
  non2xx: number;
  /** Answers by HTTP status (what any non-2xx were). */
  statusCodes: Record<string, number>;
  timeouts: number;
  readerP99Ms: number;
  editor: { samples: number; p50Ms: number; p95Ms: number; errors: number; idleP95Ms: number };
  /** CPU time per article view (µs) of each process during the load: where the two cores go. */
  cpuPerViewUs: Record<string, number>;
};

/** CPU time (user + system, in µs) a process has used so far, from /proc (Linux). */
export function cpuUs(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = f.slice(f.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / 100) * 1e6;
  } catch {
    return 0;
  }
}

/**
 * The editor loading the admin's news list (its first page, as the screen asks) every `intervalMs` (200 ms unless
 * told): `api` is Directus's base (`<site>/api` through the front). `during` tags each load (e.g. "a full build
 * runs"): those taken while it held, at their start or their end, are also in `duringLat`.
 */
export async function editorList(api: string, token: string, stopAt: number | (() => boolean), o: { intervalMs?: number; during?: () => boolean } = {}) {
  const lat: number[] = [];
  const duringLat: number[] = [];
  let errors = 0;
  const going = typeof stopAt === 'number' ? () => Date.now() < stopAt : () => !stopAt();
  while (going()) {
    const t0 = performance.now();
    const before = o.during?.() ?? false;
    try {
      const res = await fetch(
        `${api}/items/news?fields=id,title,summary,status,created_at,category_id.name,municipality_id.name&sort=-created_at&limit=20&page=1&meta=filter_count`,
        { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(10_000) },
      );
      await res.json();
      if (!res.ok) errors++;
    } catch {
      errors++;
    }
    lat.push(performance.now() - t0);
    if (before || o.during?.()) duringLat.push(lat.at(-1)!);
    await new Promise((r) => setTimeout(r, o.intervalMs ?? 200));
  }
  return { lat, duringLat, errors };
}

export async function readerLoad(o: {
  siteUrl: string;
  editorToken: string;
  newsIds: string[];
  calls: CallSet;
  connections?: number;
  durationS?: number;
  /** Processes whose CPU time to report (front server, Directus…); the load generator is this one. */
  pids?: Record<string, number>;
}): Promise<ReaderLoadResult> {
  const autocannon = (await import('autocannon')).default;
  const connections = o.connections ?? 64;
  const durationS = o.durationS ?? 20;
  const idle = await editorList(`${o.siteUrl}/api`, o.editorToken, Date.now() + 3000);
  const per = ARTICLE_VIEW_CALLS[o.calls]('x', 'y').length;
  // Each connection replays one reader: the page's calls in order, a fresh article and session each view.
  const pick = () => ARTICLE_VIEW_CALLS[o.calls](o.newsIds[Math.floor(Math.random() * o.newsIds.length)]!, randomUUID());
  const requests = Array.from({ length: per }, (_, i) => ({
    setupRequest: (req: Record<string, unknown>, context: { view?: ReturnType<typeof pick> }) => {
      if (i === 0 || !context.view) context.view = pick();
      const c = context.view[i]!;
      return { ...req, method: c.method, path: c.path, ...('body' in c ? { body: c.body } : {}) };
    },
  }));
  const editorRun = editorList(`${o.siteUrl}/api`, o.editorToken, Date.now() + durationS * 1000);
  const pids: Record<string, number> = { 'gerador de carga + editor': process.pid, ...o.pids };
  const cpu0 = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, cpuUs(pid)]));
  const r = await new Promise<any>((resolve, reject) => {
    autocannon(
      {
        url: o.siteUrl,
        connections,
        duration: durationS,
        timeout: 10,
        headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA },
        requests,
      },
      (err: unknown, res: unknown) => (err ? reject(err) : resolve(res)),
    );
  });
  const editor = await editorRun;
  const views = r.requests.total / per;
  const cpuPerViewUs = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, Math.round((cpuUs(pid) - cpu0[k]!) / Math.max(1, views))]));
  return {
    cpuPerViewUs,
    calls: o.calls,
    connections,
    durationS,
    viewsPerSec: Math.round(r.requests.total / per / durationS),
    requestsPerSec: Math.round(r.requests.average),
    errors: r.errors,
    non2xx: r.non2xx,
    statusCodes: Object.fromEntries(Object.entries((r.statusCodeStats ?? {}) as Record<string, { count: number }>).map(([k, v]) => [k, v.count])),
    timeouts: r.timeouts,
    readerP99Ms: r.latency.p99,
    editor: {
      samples: editor.lat.length,
      p50Ms: Math.round(percentile(editor.lat, 50)),
      p95Ms: Math.round(percentile(editor.lat, 95)),
      errors: editor.errors,
      idleP95Ms: Math.round(percentile(idle.lat, 95)),
    },
  };
}
