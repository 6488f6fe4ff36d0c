/**
 * /portal endpoints: thin wiring of engagement.ts (reads), counting.ts (the
 * batched writes) and the reader-traffic rules onto Directus's router.
 * Readers call them anonymously; none writes a collection on their behalf
 * beyond like/view rows, their counters and the per-day totals.
 */
import { defineEndpoint } from '@directus/extensions';
import { isValidSessionId } from '@portal/domain/engagement';
import { isObviousBot, isRankingWindow, MinuteCaps, PUBLIC_MAX_AGE, READER_BATCH, READER_CAPS } from '@portal/domain/reader-traffic';
import { forbidden, invalid, notFound } from '../../shared/portal-error.ts';
import { createBatcher } from './batcher.ts';
import { flushReaderBatch, likeKey, type ReaderAnswer, type ReaderItem } from './counting.ts';
import { activeAdIds, authorStats, counts, hashIp, rankings, rankingsByWindow } from './engagement.ts';
import { createPublicCache, publicMaxAge } from './public-cache.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INVALID_NEWS = 'Identificador de notícia inválido';
const INVALID_SESSION = 'Identificador de sessão inválido';
const NEWS_NOT_FOUND = 'Notícia não encontrada';

function newsIdFrom(value: unknown): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw invalid(INVALID_NEWS);
  return value;
}

/** A signed-in reader likes as themselves; an anonymous one by their local session id. */
function likerFrom(req: any, sessionId: unknown): string {
  if (req.accountability?.user) return req.accountability.user as string;
  if (!isValidSessionId(sessionId)) throw invalid(INVALID_SESSION);
  return sessionId;
}

/** Who is reading, if known: for the liked state only (never required to count a view). */
const readerFrom = (req: any, sessionId: unknown): string | null =>
  (req.accountability?.user as string | undefined) ?? (isValidSessionId(sessionId) ? sessionId : null);

/** Errors thrown in async handlers reach Directus's error middleware. */
const route = (fn: (req: any, res: any) => Promise<unknown>) => (req: any, res: any, next: (e?: unknown) => void) => {
  fn(req, res).then((body) => res.json(body), next);
};

/** Caps can be raised by the operator (e.g. a load test from one address); the defaults are decision 016's. */
const capFrom = (value: unknown, fallback: number) => (Number(value) > 0 ? Number(value) : fallback);

export default defineEndpoint({
  id: 'portal',
  handler: (router, { database, env }) => {
    const db = database as any;
    const secret = String(env['SECRET'] ?? '');
    const viewCap = capFrom(env['PORTAL_VIEW_CAP_PER_MINUTE'], READER_CAPS.viewsPerMinute);
    const likeCap = capFrom(env['PORTAL_LIKE_CAP_PER_MINUTE'], READER_CAPS.likesPerMinute);
    // The deliberate shared state (decision 016): the batch buffer, the per-minute caps
    // and the public JSON caches.
    const batch = createBatcher<ReaderItem, ReaderAnswer>((items) => flushReaderBatch(db, items), READER_BATCH);
    const caps = new MinuteCaps();
    const rankingCache = createPublicCache<unknown>(PUBLIC_MAX_AGE.rankings * 1000);
    const windowCache = createPublicCache<unknown>(PUBLIC_MAX_AGE.windowRankings * 1000);
    const adsCache = createPublicCache<string[]>(PUBLIC_MAX_AGE.activeAds * 1000);

    /** The client as the counting sees it: a salted hash of its address and whether it is an obvious bot. */
    const clientOf = (req: any) => ({
      ipHash: hashIp(req.accountability?.ip ?? req.ip, secret),
      bot: isObviousBot(req.get?.('user-agent')),
    });

    /** Submits to the batch; answers only after the batch committed. */
    async function committed(item: ReaderItem) {
      const a = await batch.submit(item);
      if (!a.found) throw notFound(NEWS_NOT_FOUND);
      return a;
    }

    async function view(req: any) {
      const newsId = newsIdFrom(req.body?.news_id);
      const { ipHash, bot } = clientOf(req);
      return committed({
        kind: 'view',
        newsId,
        userId: req.accountability?.user ?? null,
        ipHash,
        liker: readerFrom(req, req.body?.session_id),
        counted: !bot && caps.take(`v|${ipHash}|${newsId}`, viewCap),
        at: new Date(),
      });
    }

    router.get('/health', route(async () => ({ ok: true })));

    // The one call of an article view: records the view (unless refused) and answers
    // the counts and the reader's liked state. A refused view gets the same clean 200.
    router.post(
      '/article-view',
      route(async (req, res) => {
        const a = await view(req);
        res.set('cache-control', 'no-store');
        return { views: a.views, likes: a.likes, liked: a.liked, counted: a.counted };
      }),
    );

    // Pages built before the one-call article view (still in browsers' caches) keep counting.
    router.post('/views', route(async (req) => ({ views: (await view(req)).views })));

    router.get(
      '/engagement/:newsId',
      route(async (req) => {
        const newsId = newsIdFrom(req.params.newsId);
        const c = (await counts(db, [newsId]))[newsId];
        if (!c) throw notFound(NEWS_NOT_FOUND);
        const who = readerFrom(req, req.query.session_id);
        const liked = who ? !!(await db('news_likes').where('id', likeKey(newsId, who)).first('id')) : false;
        return { ...c, liked };
      }),
    );

    router.post(
      '/likes',
      route(async (req, res) => {
        const newsId = newsIdFrom(req.body?.news_id);
        const liker = likerFrom(req, req.body?.session_id);
        const { ipHash, bot } = clientOf(req);
        const a = await committed({ kind: 'like', newsId, liker, counted: !bot && caps.take(`l|${ipHash}|${newsId}`, likeCap), at: new Date() });
        res.set('cache-control', 'no-store');
        return { liked: a.liked, likes: a.likes, counted: a.counted };
      }),
    );

    router.get(
      '/counts',
      route(async (req) => {
        const ids = String(req.query.ids ?? '')
          .split(',')
          .filter(Boolean);
        if (ids.length > 100) throw invalid('No máximo 100 notícias por consulta');
        return counts(db, ids.map(newsIdFrom));
      }),
    );

    // "Mais Lidas"/"Mais Tops" (top 5 of the 20 latest), or with ?window=24h|7d|30d the
    // most read / most liked in that window (&limit=1..50). Shared JSON: one query per period.
    router.get(
      '/rankings',
      route(async (req, res) => {
        const window = req.query.window;
        if (window === undefined) {
          res.set('cache-control', publicMaxAge(PUBLIC_MAX_AGE.rankings));
          return rankingCache.get('sidebar', () => rankings(db));
        }
        if (!isRankingWindow(window)) throw invalid('Janela inválida: use 24h, 7d ou 30d');
        const limit = req.query.limit === undefined ? 10 : Number(req.query.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > 50) throw invalid('Limite inválido: de 1 a 50');
        res.set('cache-control', publicMaxAge(PUBLIC_MAX_AGE.windowRankings));
        return windowCache.get(`${window}:${limit}`, () => rankingsByWindow(db, window, limit));
      }),
    );

    // Ads readers may see now; the page hides built ads missing here (deactivated since the build).
    router.get(
      '/ads/active',
      route(async (_req, res) => {
        res.set('cache-control', publicMaxAge(PUBLIC_MAX_AGE.activeAds));
        return { ids: await adsCache.get('active', () => activeAdIds(db)) };
      }),
    );

    // "site atualizado às HH:MM" or the last failure, for the admin (staff only).
    router.get(
      '/site-status',
      route(async (req) => {
        if (!req.accountability?.user) throw forbidden('Usuário não autenticado');
        const url = env['PORTAL_BUILDER_URL'] as string | undefined;
        if (!url) return { available: false };
        try {
          const res = await fetch(`${String(url).replace(/\/$/, '')}/status`, { signal: AbortSignal.timeout(2000) });
          const s = (await res.json()) as Record<string, unknown>;
          return {
            available: true,
            state: s.state,
            lastSuccessAt: s.lastSuccessAt,
            lastFailureAt: s.lastFailureAt,
            lastError: s.lastError,
            skipped: Array.isArray(s.skipped) ? s.skipped : [],
          };
        } catch {
          return { available: false };
        }
      }),
    );

    router.get(
      '/stats/me',
      route(async (req) => {
        if (!req.accountability?.user) throw forbidden('Usuário não autenticado');
        return authorStats(db, req.accountability.user);
      }),
    );
  },
});
