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
import { isValidSessionId } from '@portal/domain/engagement';
import { isObviousBot, isRankingWindow, PUBLIC_MAX_AGE, READER_BATCH, READER_CAPS } from '@portal/domain/reader-traffic';
import { readerCaps } from './caps.ts';
import { invalid, notFound } from '../../../shared/portal-error.ts';
import { createBatcher } from './batcher.ts';
import { flushReaderBatch, type ReaderAnswer, type ReaderItem } from './counting.ts';
import { createPublicCache, publicMaxAge } from './public-cache.ts';
import { hashIp, rankings, rankingsByWindow } from './reads.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INVALID_NEWS = 'Identificador de notícia inválido';
const INVALID_SESSION = 'Identificador de sessão inválido';
const NEWS_NOT_FOUND = 'Notícia não encontrada';

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

/** Who is reading, if known: for the liked state only (never required to count a view). */
const readerFrom = (req: Req, sessionId: unknown): string | null => userOf(req) ?? (isValidSessionId(sessionId) ? sessionId : null);

/** The client address as Directus's accountability has it (trusted proxies resolved by express). */
const addressOf = (req: Request) => {
  const ip = req.ip ?? req.socket.remoteAddress ?? null;
  return ip?.startsWith('::ffff:') ? ip.slice(7) : ip;
};

/** A session token, a bearer or an access_token: Directus must resolve who this is. */
const hasCredentials = (req: Request, cookieName: string) =>
  !!req.headers.authorization || 'access_token' in (req.query ?? {}) || String(req.headers.cookie ?? '').includes(`${cookieName}=`);

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
    const a = await batch.submit(item);
    if (!a.found) throw notFound(NEWS_NOT_FOUND);
    return a;
  }

  async function view(req: Req) {
    const newsId = newsIdFrom(req.body?.news_id);
    const { ipHash, bot } = clientOf(req);
    return committed({
      kind: 'view',
      newsId,
      userId: userOf(req),
      ipHash,
      liker: readerFrom(req, req.body?.session_id),
      counted: !bot && (await caps.take(`v|${ipHash}|${newsId}`, viewCap)),
      at: new Date(),
    });
  }

  /**
   * `before`: anonymous requests only (credentials go on to Directus and the `after`
   * router), and their small JSON body parsed here, since Directus has not yet.
   */
  const json = express.json({ limit: '4kb' });
  const early = [
    (req: Request, _res: Response, next: NextFunction) => next(hasCredentials(req, cookieName) ? 'route' : undefined),
    (req: Request, res: Response, next: NextFunction) => json(req, res, (err?: unknown) => next(err ? invalid('Corpo da requisição inválido') : undefined)),
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
        return { views: a.views, likes: a.likes, liked: a.liked, counted: a.counted };
      }),
    );
    router.post('/portal/views', ...pre, route(async (req) => ({ views: (await view(req)).views })));
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

  return { before: routes(express.Router(), early), after: routes(express.Router(), []) };
}
