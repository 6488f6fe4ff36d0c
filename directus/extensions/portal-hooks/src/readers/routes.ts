/**
 * The routes readers' pages call (issue #9, decision 016), kept off
 * Directus's request pipeline: an anonymous reader is answered before
 * Directus resolves a session, builds a schema or writes a log line (the
 * `before` router, mounted at middlewares.before); a request that carries
 * credentials (staff reading the site) goes on and is answered by the `after`
 * router with its accountability. Both share one batch buffer, one set of caps
 * (in Redis where it runs: caps.ts) and one cache per process: the deliberate
 * shared state of this extension.
 *   POST /portal/article-view  the one call of an article view
 *   POST /portal/likes         TOP toggle
 *   POST /portal/views         pre-#9 pages still in browsers' caches
 *   GET  /portal/rankings      sidebar, or ?window=24h|7d|30d&limit=1..50
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Knex } from 'knex';
import { channelOf } from '@portal/domain/channels';
import { isValidSessionId } from '@portal/domain/engagement';
import { timingSafeEqual } from 'node:crypto';
import {
  carriesCredentials,
  isObviousBot,
  isRankingWindow,
  parseEdgeViews,
  PUBLIC_MAX_AGE,
  READER_BATCH,
  READER_CAPS,
  READER_EDGE,
  type EdgeAnswer,
  type EdgeView,
} from '@portal/domain/reader-traffic';
import { readerCaps } from './caps.ts';
import { forbidden, invalid, notFound } from '../../../shared/portal-error.ts';
import { createBatcher } from './batcher.ts';
import { flushReaderBatch, type ReaderAnswer, type ReaderItem } from './counting.ts';
import { createPublicCache, publicMaxAge } from './public-cache.ts';
import { hashIp, rankings, rankingsByWindow } from './reads.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INVALID_NEWS = 'Identificador de notícia inválido';
const INVALID_SESSION = 'Identificador de sessão inválido';
const NEWS_NOT_FOUND = 'Notícia não encontrada';
const INVALID_BODY = 'Corpo da requisição inválido';

type Req = Request & { accountability?: { user?: string | null } | null };

function newsIdFrom(value: unknown): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw invalid(INVALID_NEWS);
  return value;
}

const userOf = (req: Req): string | null => req.accountability?.user ?? null;

/** A signed-in reader likes as themselves; an anonymous one by their local session id. */
function likerFrom(req: Req, sessionId: unknown): string {
  const user = userOf(req);
  if (user) return user;
  if (!isValidSessionId(sessionId)) throw invalid(INVALID_SESSION);
  return sessionId;
}

/** The client address as Directus's accountability has it (trusted proxies resolved by express). */
const addressOf = (req: Request) => {
  const ip = req.ip ?? req.socket.remoteAddress ?? null;
  return ip?.startsWith('::ffff:') ? ip.slice(7) : ip;
};

/** A session token, a bearer or an access_token: Directus must resolve who this is (domain/reader-traffic). */
const hasCredentials = (req: Request, cookieName: string) =>
  carriesCredentials({ authorization: req.headers.authorization, cookie: req.headers.cookie, url: req.originalUrl ?? req.url }, cookieName);

const route = (fn: (req: Req, res: Response) => Promise<unknown>) => (req: Request, res: Response, next: NextFunction) => {
  fn(req as Req, res).then((body) => res.json(body), next);
};

/** Caps can be raised by the operator (e.g. a load test from one address); the defaults are decision 016's. */
const capFrom = (value: unknown, fallback: number) => (Number(value) > 0 ? Number(value) : fallback);

export function readerRoutes(db: Knex, env: Record<string, unknown>): { before: Router; after: Router } {
  const secret = String(env['SECRET'] ?? '');
  const cookieName = String(env['SESSION_COOKIE_NAME'] ?? 'directus_session_token');
  const viewCap = capFrom(env['PORTAL_VIEW_CAP_PER_MINUTE'], READER_CAPS.viewsPerMinute);
  const likeCap = capFrom(env['PORTAL_LIKE_CAP_PER_MINUTE'], READER_CAPS.likesPerMinute);
  const batch = createBatcher<ReaderItem, ReaderAnswer>((items) => flushReaderBatch(db, items), READER_BATCH);
  const caps = readerCaps(env['REDIS'] ? String(env['REDIS']) : undefined);
  const sidebar = createPublicCache<unknown>(PUBLIC_MAX_AGE.rankings * 1000);
  const windows = createPublicCache<unknown>(PUBLIC_MAX_AGE.windowRankings * 1000);

  /** The client as the counting sees it: a salted hash of its address and whether it is an obvious bot. */
  const clientOf = (req: Request) => ({ ipHash: hashIp(addressOf(req), secret), bot: isObviousBot(req.get('user-agent')) });

  /** Submits to the batch; answers only after the batch committed. */
  async function committed(item: ReaderItem) {
    return found(await batch.submit(item));
  }

  function found(a: ReaderAnswer): Extract<ReaderAnswer, { found: true }> {
    if (!a.found) throw notFound(NEWS_NOT_FOUND);
    return a;
  }

  /** A view as the counting takes it, from a request here or one the reader edge forwarded. */
  async function viewItem(body: Record<string, unknown> | undefined, user: string | null, ip: string | null, ua: string | undefined): Promise<ReaderItem> {
    const newsId = newsIdFrom(body?.news_id);
    const ipHash = hashIp(ip, secret);
    const sessionId = body?.session_id;
    return {
      kind: 'view',
      newsId,
      userId: user,
      ipHash,
      liker: user ?? (isValidSessionId(sessionId) ? sessionId : null),
      counted: !isObviousBot(ua) && (await caps.take(`v|${ipHash}|${newsId}`, viewCap)),
      at: new Date(),
      channel: channelOf({ referrer: body?.referrer, utmSource: body?.utm_source }),
    };
  }

  const view = async (req: Req) => committed(await viewItem(req.body, userOf(req), addressOf(req), req.get('user-agent')));

  const viewAnswer = (a: Extract<ReaderAnswer, { found: true }>) => ({ views: a.views, likes: a.likes, liked: a.liked, counted: a.counted });

  /** The JSON Directus would answer for this error (its own format, the pt-BR message). */
  const errorAnswer = (e: unknown): EdgeAnswer => {
    const err = e as { status?: unknown; code?: unknown; message?: unknown };
    return typeof err?.status === 'number' && typeof err.code === 'string'
      ? { status: err.status, body: { errors: [{ message: String(err.message), extensions: { code: err.code } }] } }
      : { status: 500, body: { errors: [{ message: 'Erro interno', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] } };
  };

  /**
   * Views the reader edge gathered (READER_EDGE): each one checked and capped
   * as if it had come here, all counted in one flush now, and each answered
   * with the status and body its reader gets.
   */
  async function edgeViews(views: EdgeView[]): Promise<EdgeAnswer[]> {
    const items = await Promise.allSettled(
      views.map(async (v) => {
        let body: unknown;
        try {
          body = JSON.parse(v.body);
        } catch {
          throw invalid(INVALID_BODY);
        }
        if (!body || typeof body !== 'object') throw invalid(INVALID_BODY);
        return viewItem(body as Record<string, unknown>, null, v.ip, v.ua ?? undefined);
      }),
    );
    const valid = items.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const counted = await batch.submitNow(valid);
    let next = 0;
    return items.map((r) => {
      if (r.status === 'rejected') return errorAnswer(r.reason);
      const c = counted[next++]!;
      if (c.status === 'rejected') return errorAnswer(c.reason);
      try {
        return { status: 200, body: viewAnswer(found(c.value)) };
      } catch (e) {
        return errorAnswer(e);
      }
    });
  }

  /**
   * `before`: anonymous requests only (credentials go on to Directus and the `after`
   * router), and their small JSON body parsed here, since Directus has not yet.
   */
  const json = express.json({ limit: READER_EDGE.bodyLimitBytes });
  const early = [
    (req: Request, _res: Response, next: NextFunction) => next(hasCredentials(req, cookieName) ? 'route' : undefined),
    (req: Request, res: Response, next: NextFunction) => json(req, res, (err?: unknown) => next(err ? invalid(INVALID_BODY) : undefined)),
  ];

  function routes(router: Router, pre: Array<(req: Request, res: Response, next: NextFunction) => void>) {
    // Records the view (unless refused) and answers the counts and the reader's liked
    // state. A refused view (bot, cap) gets the same clean 200 with counted: false.
    router.post(
      '/portal/article-view',
      ...pre,
      route(async (req, res) => {
        const a = await view(req);
        res.set('cache-control', 'no-store');
        return viewAnswer(a);
      }),
    );
    router.post(
      '/portal/views',
      ...pre,
      route(async (req) => ({ views: (await view(req)).views })),
    );
    router.post(
      '/portal/likes',
      ...pre,
      route(async (req, res) => {
        const newsId = newsIdFrom(req.body?.news_id);
        const liker = likerFrom(req, req.body?.session_id);
        const { ipHash, bot } = clientOf(req);
        const a = await committed({ kind: 'like', newsId, liker, counted: !bot && (await caps.take(`l|${ipHash}|${newsId}`, likeCap)), at: new Date() });
        res.set('cache-control', 'no-store');
        return { liked: a.liked, likes: a.likes, counted: a.counted };
      }),
    );
    router.get(
      '/portal/rankings',
      ...pre,
      route(async (req, res) => {
        const window = req.query.window;
        if (window === undefined) {
          res.set('cache-control', publicMaxAge(PUBLIC_MAX_AGE.rankings));
          return sidebar.get('sidebar', () => rankings(db));
        }
        if (!isRankingWindow(window)) throw invalid('Janela inválida: use 24h, 7d ou 30d');
        const limit = req.query.limit === undefined ? 10 : Number(req.query.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > 50) throw invalid('Limite inválido: de 1 a 50');
        res.set('cache-control', publicMaxAge(PUBLIC_MAX_AGE.windowRankings));
        return windows.get(`${window}:${limit}`, () => rankingsByWindow(db, window, limit));
      }),
    );
    return router;
  }

  const before = routes(express.Router(), early);
  // The reader edge's batches: only with the key Directus and the edge share (never set: no such route).
  const edgeKey = Buffer.from(String(env['PORTAL_EDGE_KEY'] ?? ''));
  if (edgeKey.length >= 32) {
    const edgeJson = express.json({ limit: READER_EDGE.maxItems * (READER_EDGE.bodyLimitBytes + 1200) });
    before.post(
      READER_EDGE.path,
      (req: Request, _res: Response, next: NextFunction) => {
        const given = Buffer.from(String(req.get(READER_EDGE.keyHeader) ?? ''));
        next(given.length === edgeKey.length && timingSafeEqual(given, edgeKey) ? undefined : forbidden('Acesso negado'));
      },
      (req: Request, res: Response, next: NextFunction) => edgeJson(req, res, (err?: unknown) => next(err ? invalid(INVALID_BODY) : undefined)),
      route(async (req, res) => {
        const views = parseEdgeViews(req.body);
        if (!views) throw invalid(INVALID_BODY);
        res.set('cache-control', 'no-store');
        return { answers: await edgeViews(views) };
      }),
    );
  }
  return { before, after: routes(express.Router(), []) };
}
