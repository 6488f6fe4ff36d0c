/**
 * Rules for counting readers honestly at breaking-news scale (issue #9,
 * docs/decisions/016-reader-traffic.md): caps per client address, obvious
 * bots, Belém day keys for the per-day totals, ranking windows and the LGPD
 * retention of raw view rows.
 */

/**
 * Per client address (salted IP hash), per article, per clock minute. A
 * shared mobile IP (CGNAT) puts many real readers behind one address, so the
 * caps are generous for people and still stop a script from inflating
 * "Mais Lidas" / "Mais Tops" from one address.
 */
export const READER_CAPS = { viewsPerMinute: 20, likesPerMinute: 10 } as const;

/** Raw view rows (news, user or null, salted IP hash) are deleted after this many days (LGPD). */
export const VIEW_ROW_RETENTION_DAYS = 90;

/** How often the batched counting commits (ms), and the most items one batch takes. */
export const READER_BATCH = { intervalMs: 200, maxItems: 5000 } as const;

/**
 * The reader edge (decision 016): the public origin's front process gathers
 * anonymous article views for `intervalMs` (or `maxItems`) and sends them to
 * Directus as one request to `path`, authenticated by `keyHeader`; Directus
 * counts them in one flush and answers each view's status and body, which the
 * edge hands to its reader. So a burst of readers costs Directus a few
 * requests a second, not one per view, and the editors' requests never queue
 * behind readers'. `bodyLimitBytes` bounds one reader's request body.
 */
export const READER_EDGE = {
  path: '/portal/edge/article-views',
  keyHeader: 'x-portal-edge-key',
  intervalMs: 100,
  maxItems: 1000,
  bodyLimitBytes: 4096,
} as const;

/** One reader's article view as the edge forwards it: the raw body, the client address (never stored) and user agent. */
export type EdgeView = { body: string; ip: string | null; ua: string | null };

/**
 * Whether a reader request may carry staff credentials — a bearer, an
 * `access_token` in the query, or the session cookie — so Directus must
 * resolve who it is (the reader edge never batches it; the Directus route
 * hands it to its authenticated path). Without the cookie's name (the edge
 * does not know it), any cookie counts: sending a reader to Directus directly
 * is always correct, only slower.
 * @example carriesCredentials({ url: '/api/portal/article-view?access_token=x' }) // true
 * carriesCredentials({ cookie: 'consent=1' }, 'directus_session_token') // false
 */
export function carriesCredentials(r: { authorization?: string; cookie?: string; url?: string }, sessionCookie?: string): boolean {
  const query = (r.url ?? '').split('?')[1] ?? '';
  if (r.authorization || new URLSearchParams(query).has('access_token')) return true;
  if (!r.cookie) return false;
  return sessionCookie === undefined || r.cookie.split(';').some((c) => c.trim().startsWith(`${sessionCookie}=`));
}
/** What Directus answers for one forwarded view: the status and JSON body the reader gets. */
export type EdgeAnswer = { status: number; body: unknown };

/**
 * The edge's request body, checked on arrival: a list of views, each with a
 * bounded body, address and user agent. Null when anything is off.
 * @example parseEdgeViews({ views: [{ body: '{}', ip: '10.0.0.1', ua: 'Mozilla' }] })?.length // 1
 */
export function parseEdgeViews(input: unknown): EdgeView[] | null {
  const views = (input as { views?: unknown } | null)?.views;
  if (!Array.isArray(views) || views.length > READER_EDGE.maxItems) return null;
  const out: EdgeView[] = [];
  for (const v of views as Array<Record<string, unknown> | null>) {
    if (!v || typeof v !== 'object') return null;
    const { body, ip, ua } = v;
    if (typeof body !== 'string' || body.length > READER_EDGE.bodyLimitBytes) return null;
    if (ip !== null && (typeof ip !== 'string' || ip.length > 64)) return null;
    if (ua !== null && (typeof ua !== 'string' || ua.length > 1024)) return null;
    out.push({ body, ip, ua });
  }
  return out;
}

/** Cache-Control max-age (s) of the public JSON readers' pages fetch. */
export const PUBLIC_MAX_AGE = { rankings: 10, windowRankings: 60 } as const;

const BOT_UA =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|embedly|preview|curl\/|wget|python-|httpclient|http-client|okhttp|libwww|scrapy|go-http|java\/|axios|node-fetch|phantomjs|lighthouse|pingdom|uptime|monitor/i;

/**
 * Obvious bots: self-declared crawlers, previewers, monitors and HTTP
 * libraries, and requests with no user agent at all. Headless browsers that
 * pose as Chrome are not "obvious" and fall under the caps instead.
 * @example isObviousBot('Mozilla/5.0 (compatible; Googlebot/2.1)') // true
 * @example isObviousBot('Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36') // false
 */
export function isObviousBot(userAgent: string | null | undefined): boolean {
  const ua = (userAgent ?? '').trim();
  return ua.length === 0 || BOT_UA.test(ua);
}

/**
 * In-memory fixed-minute counters, one per (kind, client, article). The only
 * state shared between requests besides the batch buffer; entries of past
 * minutes are dropped as the clock moves, so memory stays bounded by one
 * minute of traffic.
 */
export class MinuteCaps {
  #minute = -1;
  #counts = new Map<string, number>();

  /**
   * Takes one unit for `key` in the current minute: true while within `cap`.
   * @example const c = new MinuteCaps(); c.take('v|ip|news', 1, t) // true, then false in the same minute
   */
  take(key: string, cap: number, now: Date = new Date()): boolean {
    const minute = Math.floor(now.getTime() / 60_000);
    if (minute !== this.#minute) {
      this.#minute = minute;
      this.#counts.clear();
    }
    const used = this.#counts.get(key) ?? 0;
    if (used >= cap) return false;
    this.#counts.set(key, used + 1);
    return true;
  }

  get size() {
    return this.#counts.size;
  }
}

const BELEM_OFFSET_MS = -3 * 3600_000; // America/Belem: UTC−3 all year, no daylight saving.

/**
 * The Belém calendar day an instant belongs to: the key of the per-day totals.
 * @example belemDayKey(new Date('2026-11-23T02:30:00Z')) // '2026-11-22'
 */
export function belemDayKey(at: Date): string {
  return new Date(at.getTime() + BELEM_OFFSET_MS).toISOString().slice(0, 10);
}

export const RANKING_WINDOWS = ['24h', '7d', '30d'] as const;
export type RankingWindow = (typeof RANKING_WINDOWS)[number];
export const isRankingWindow = (v: unknown): v is RankingWindow => typeof v === 'string' && (RANKING_WINDOWS as readonly string[]).includes(v);

/**
 * What a window reads. "24 h" is exact, from the raw rows (kept 90 days);
 * "7 d" and "30 d" are the last 7 / 30 Belém days of the per-day totals,
 * today included.
 * @example windowRange('7d', new Date('2026-11-22T12:00:00Z')) // { source: 'daily', fromDay: '2026-11-16' }
 */
export function windowRange(w: RankingWindow, now: Date): { source: 'raw'; since: Date } | { source: 'daily'; fromDay: string } {
  if (w === '24h') return { source: 'raw', since: new Date(now.getTime() - 24 * 3600_000) };
  const days = w === '7d' ? 7 : 30;
  return { source: 'daily', fromDay: belemDayKey(new Date(now.getTime() - (days - 1) * 86_400_000)) };
}

/**
 * Raw view rows older than this instant are deleted by the retention job.
 * @example retentionCutoff(new Date('2026-11-22T12:00:00Z')).toISOString() // '2026-08-24T12:00:00.000Z'
 */
export const retentionCutoff = (now: Date, days: number = VIEW_ROW_RETENTION_DAYS): Date => new Date(now.getTime() - days * 86_400_000);

export type LikeToggle = { key: string; newsId: string };
export type TogglePlan = {
  /** The liked state each toggle leaves, in request order. */
  results: boolean[];
  inserts: LikeToggle[];
  deletes: string[];
  /** Net change of like_count per news. */
  delta: Map<string, number>;
};

/**
 * Applies a batch of like toggles, in arrival order, to the likes that
 * exist: a reader toggling fast flips their own state each time, and only
 * the final state per (news, reader) touches the rows. Counts move by exactly
 * the rows inserted minus deleted, so they never go negative or double.
 * @example planToggles(new Set(), [{ key: 'n:a', newsId: 'n' }, { key: 'n:a', newsId: 'n' }]).results // [true, false]
 */
export function planToggles(existing: ReadonlySet<string>, toggles: LikeToggle[]): TogglePlan {
  const state = new Map<string, { newsId: string; liked: boolean }>();
  const results = toggles.map((t) => {
    const liked = !(state.get(t.key)?.liked ?? existing.has(t.key));
    state.set(t.key, { newsId: t.newsId, liked });
    return liked;
  });
  const inserts: LikeToggle[] = [];
  const deletes: string[] = [];
  const delta = new Map<string, number>();
  for (const [key, { newsId, liked }] of state) {
    if (liked === existing.has(key)) continue;
    if (liked) inserts.push({ key, newsId });
    else deletes.push(key);
    delta.set(newsId, (delta.get(newsId) ?? 0) + (liked ? 1 : -1));
  }
  return { results, inserts, deletes, delta };
}
