/**
 * /portal endpoints: thin wiring of engagement.ts onto Directus's router.
 * Readers call them anonymously; none writes a collection on their behalf
 * beyond a like/view row and its counter.
 */
import { defineEndpoint } from '@directus/extensions';
import { isValidSessionId } from '@portal/domain/engagement';
import { forbidden, invalid } from '../../shared/portal-error.ts';
import { authorStats, counts, engagement, hashIp, rankings, recordView, toggleLike } from './engagement.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INVALID_NEWS = 'Identificador de notícia inválido';
const INVALID_SESSION = 'Identificador de sessão inválido';

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

/** Errors thrown in async handlers reach Directus's error middleware. */
const route = (fn: (req: any, res: any) => Promise<unknown>) => (req: any, res: any, next: (e?: unknown) => void) => {
  fn(req, res).then((body) => res.json(body), next);
};

export default defineEndpoint({
  id: 'portal',
  handler: (router, { database, env }) => {
    const db = database as any;
    const secret = String(env['SECRET'] ?? '');

    router.get('/health', route(async () => ({ ok: true })));

    router.get(
      '/engagement/:newsId',
      route(async (req) => {
        const who = req.accountability?.user ?? (isValidSessionId(req.query.session_id) ? req.query.session_id : null);
        return engagement(db, newsIdFrom(req.params.newsId), who);
      }),
    );

    router.post('/likes', route(async (req) => toggleLike(db, newsIdFrom(req.body?.news_id), likerFrom(req, req.body?.session_id))));

    router.post(
      '/views',
      route(async (req) =>
        recordView(db, newsIdFrom(req.body?.news_id), req.accountability?.user ?? null, hashIp(req.accountability?.ip ?? req.ip, secret)),
      ),
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

    router.get('/rankings', route(async () => rankings(db)));

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
