/**
 * /portal endpoints: thin wiring of engagement.ts onto Directus's router, for
 * staff and per-item reads. What readers' pages call on every view (article
 * view, TOPs, rankings, active ads) is mounted by portal-hooks ahead of
 * Directus's pipeline (portal-hooks/src/readers/routes.ts, issue #9).
 */
import { defineEndpoint } from '@directus/extensions';
import { isValidSessionId } from '@portal/domain/engagement';
import { forbidden, invalid, notFound } from '../../shared/portal-error.ts';
import { authorStats, counts } from './engagement.ts';
import { report } from './reports.ts';
import { REPORT_DAYS } from '@portal/domain/reports';
import { isEditorLevel, isStaff } from '@portal/domain/roles';
import { healthReport, isMonitor, staffAlerts } from './health.ts';
import { roleKeyFromId } from '../../../access/ids.ts';
import { canRestoreRevision, canSeeRevisions, restorePayload } from '@portal/domain/revisions';
import { LOADED_VERSION_FIELD } from '@portal/domain/edit-conflict';
import { listRevisions, revisionSnapshot, storyOf } from './revisions.ts';
import { beat, editorsOf, leave, purge } from './presence.ts';
import { builderStatus } from './builder-status.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INVALID_NEWS = 'Identificador de notícia inválido';
const NEWS_NOT_FOUND = 'Notícia não encontrada';

function newsIdFrom(value: unknown): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw invalid(INVALID_NEWS);
  return value;
}

/** Who is reading, if known: for the liked state only (never required to count a view). */
const readerFrom = (req: any, sessionId: unknown): string | null =>
  (req.accountability?.user as string | undefined) ?? (isValidSessionId(sessionId) ? sessionId : null);

/** Errors thrown in async handlers reach Directus's error middleware. */
const route = (fn: (req: any, res: any) => Promise<unknown>) => (req: any, res: any, next: (e?: unknown) => void) => {
  fn(req, res).then((body) => res.json(body), next);
};

export default defineEndpoint({
  id: 'portal',
  handler: (router, { database, env, services, getSchema }) => {
    const db = database as any;

    /** The signed-in user, their role and the story, once `canSeeRevisions` let them in (issue #12, item 2). */
    const historyAccess = async (req: any) => {
      const a = req.accountability;
      if (!a?.user) throw forbidden('Usuário não autenticado');
      const role = a.admin ? 'super_admin' : roleKeyFromId(a.role);
      const news = await storyOf(db, newsIdFrom(req.params.newsId));
      if (!news) throw notFound(NEWS_NOT_FOUND);
      if (!canSeeRevisions(role, a.user, news)) throw forbidden('Você não pode ver o histórico desta notícia');
      return { role, user: a.user as string, news };
    };

    router.get(
      '/news/:newsId/revisions',
      route(async (req) => {
        const { news } = await historyAccess(req);
        return { data: await listRevisions(db, news.id) };
      }),
    );

    // Restoring is a save: the request's own rights, validators, edit-conflict check and pipeline apply.
    router.post(
      '/news/:newsId/revisions/:revisionId/restore',
      route(async (req) => {
        const { role, user, news } = await historyAccess(req);
        if (!canRestoreRevision(role, user, news)) throw forbidden('Apenas editores, ou o autor enquanto a notícia não é publicada, podem restaurar versões');
        const revisionId = Number(req.params.revisionId);
        const data = Number.isInteger(revisionId) ? await revisionSnapshot(db, news.id, revisionId) : undefined;
        if (!data) throw notFound('Versão não encontrada');
        const loaded = req.body?.[LOADED_VERSION_FIELD];
        const payload = { ...restorePayload(data), ...(loaded !== undefined ? { [LOADED_VERSION_FIELD]: loaded } : {}) };
        const items = new services.ItemsService('news', { schema: await getSchema(), accountability: req.accountability });
        await items.updateOne(news.id, payload);
        return { data: { id: news.id } };
      }),
    );

    /**
     * "Fulano está editando" (issue #34, decision 044): staff only, and only on a story the person
     * may read under their own Directus permissions (a producer never learns who opened a
     * colleague's draft). The table is shared by every instance.
     */
    const presenceAccess = async (req: any) => {
      const a = req.accountability;
      if (!a?.user) throw forbidden('Usuário não autenticado');
      if (!a.admin && !roleKeyFromId(a.role)) throw forbidden('Apenas a equipe vê quem está editando');
      const newsId = newsIdFrom(req.params.newsId);
      const items = new services.ItemsService('news', { schema: await getSchema(), accountability: a });
      // Directus answers FORBIDDEN both for a story this user may not read and for one that does not exist.
      const readable = await items.readOne(newsId, { fields: ['id'] }).then(
        () => true,
        (e: { code?: string }) => {
          if (e?.code === 'FORBIDDEN') return false;
          throw e;
        },
      );
      if (!readable) throw forbidden('Você não tem acesso a esta notícia');
      return { newsId, user: a.user as string };
    };

    // The editor page's heartbeat: "I have it open", answered with who else has.
    router.post(
      '/news/:newsId/presence',
      route(async (req) => {
        const { newsId, user } = await presenceAccess(req);
        const now = new Date();
        await beat(db, newsId, user, now);
        await purge(db, now);
        return { data: { editors: await editorsOf(db, newsId, user, now) } };
      }),
    );

    router.delete(
      '/news/:newsId/presence',
      route(async (req) => {
        const { newsId, user } = await presenceAccess(req);
        await leave(db, newsId, user);
        return { data: { editors: [] } };
      }),
    );

    // The portal's health (issue #28; decision 041): everything for super_admin and a monitor holding
    // PORTAL_MONITOR_TOKEN (503 when the database fails); other staff get the banner's alerts only.
    router.get('/health', (req: any, res: any, next: (e?: unknown) => void) => {
      const a = req.accountability;
      const role = a?.admin ? 'super_admin' : roleKeyFromId(a?.role);
      const full = isMonitor(env, req.headers['x-portal-monitor-token']) || role === 'super_admin';
      if (!full && !a?.user) return next(forbidden('Usuário não autenticado'));
      if (!full && !isStaff(role)) return next(forbidden('Apenas a equipe vê a saúde do portal'));
      // ?only=alerts: what the banner needs, cheap (every open admin polls it).
      const work = full && req.query.only !== 'alerts'
        ? healthReport({
            db,
            env,
            serverHealth: async () =>
              new services.ServerService({ schema: await getSchema(), accountability: { admin: true, app: true, role: null, roles: [], user: null, ip: null } }).health(),
          }).then((r) => res.status(r.status === 'falha' ? 503 : 200).json(r))
        : staffAlerts(db, env).then((r) => res.json(r));
      work.catch(next);
    });

    // The pre-#9 page's engagement read, for pages still in browsers' caches.
    router.get(
      '/engagement/:newsId',
      route(async (req) => {
        const newsId = newsIdFrom(req.params.newsId);
        const c = (await counts(db, [newsId]))[newsId];
        if (!c) throw notFound(NEWS_NOT_FOUND);
        const who = readerFrom(req, req.query.session_id);
        const liked = who ? !!(await db('news_likes').where('id', `${newsId}:${who}`).first('id')) : false;
        return { ...c, liked };
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

    // "site atualizado às HH:MM" or the last failure, for the admin (staff only).
    router.get(
      '/site-status',
      route(async (req) => {
        const a = req.accountability;
        if (!a?.user) throw forbidden('Usuário não autenticado');
        // A self-registered reader is signed in but not staff (issue #32, item 13).
        if (!a.admin && !isStaff(roleKeyFromId(a.role))) throw forbidden('Apenas a equipe vê o estado do site');
        return builderStatus(env['PORTAL_BUILDER_URL']);
      }),
    );

    // Relatórios (issue #13): editor-level, as the spec's role table says.
    router.get(
      '/reports',
      route(async (req) => {
        const a = req.accountability;
        if (!a?.user) throw forbidden('Usuário não autenticado');
        if (!a.admin && !isEditorLevel(roleKeyFromId(a.role))) throw forbidden('Apenas editores e super admin veem os relatórios');
        const days = req.query.days === undefined ? REPORT_DAYS : Number(req.query.days);
        if (!Number.isInteger(days) || days < 1 || days > 90) throw invalid('Período inválido: de 1 a 90 dias');
        return report(db, days);
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
