/**
 * Breaking-news alerts' routes (issue #29, decision 061), mounted after
 * Directus's own middleware (body parsed, accountability known):
 *   GET  /portal/push/key           the portal's VAPID public key and the consent text (readers)
 *   POST /portal/push/subscribe     {subscription, consent} — a reader asks for alerts (capped per address)
 *   POST /portal/push/unsubscribe   {endpoint} — a reader stops them
 *   GET  /portal/push/audience      editor, super_admin: how many will get an alert, how many may still go this hour
 *   POST /portal/push/alerts        editor, super_admin: {news_id}, {entry_id} (a live entry, issue #30) or {source:'urgent'} — queue an alert
 *   GET  /portal/push/alerts/:id    editor, super_admin: how it went
 */
import type { NextFunction, Request, Response, Router } from 'express';
import type { Knex } from 'knex';
import { isPubliclyVisible } from '@portal/domain/news-access';
import { isEntryPublic, liveAlertTitle, liveEntryAnchor } from '@portal/domain/live';
import { htmlToText } from '@portal/domain/sanitize';
import { isEditorLevel } from '@portal/domain/roles';
import { alertPayload, parsePushSubscription, PUSH_CONSENT_TEXT, PUSH_CONSENT_VERSION, PUSH_MESSAGES } from '@portal/domain/push';
import { isoFromDb } from '../../../shared/db-date.ts';
import { forbidden, invalid, notFound, tooMany } from '../../../shared/portal-error.ts';
import { loadActor, type Accountability } from '../actor.ts';
import { hashIp } from '../readers/reads.ts';
import type { ReaderCaps } from '../readers/caps.ts';
import { alertSummary, alertsLeftThisHour, queueAlert, removeSubscription, saveSubscription, subscriptionCount } from './queue.ts';
import type { PushWorker } from './worker.ts';

export type PushConfig = {
  /** Null: no VAPID pair configured, so no alerts (every route says so). */
  publicKey: string | null;
  /** Origins a subscription's endpoint may be at (domain/push DEFAULT_PUSH_SERVICES unless configured). */
  services: readonly string[];
  perHour: number;
  secret: string;
  siteUrl: string;
  portalName: () => Promise<string>;
};

type Req = Request & { accountability?: Accountability };

/** Subscribe and unsubscribe requests per address and minute: enough for a household behind one address, not for a script. */
const PER_ADDRESS_PER_MINUTE = 10;

const handle = (fn: (req: Req, res: Response) => Promise<void>) => (req: Request, res: Response, next: NextFunction) => {
  fn(req as Req, res).catch(next);
};

export function mountPush(app: Router, db: Knex, worker: PushWorker, caps: ReaderCaps, c: PushConfig) {
  const available = () => {
    if (!c.publicKey) throw notFound(PUSH_MESSAGES.unavailable);
  };
  const withinCap = async (req: Req) => {
    const ipHash = hashIp(req.ip ?? req.socket.remoteAddress ?? null, c.secret);
    if (!(await caps.take(`push|${ipHash}`, PER_ADDRESS_PER_MINUTE))) throw tooMany(PUSH_MESSAGES.tooManyRequests);
    return ipHash;
  };
  const staff = async (req: Req) => {
    const actor = await loadActor(req.accountability, db);
    if (actor.kind !== 'user' || !isEditorLevel(actor.role)) throw forbidden(PUSH_MESSAGES.forbidden);
    return actor;
  };

  app.get(
    '/portal/push/key',
    handle(async (_req, res) => {
      available();
      res.set('cache-control', 'public, max-age=300').json({ publicKey: c.publicKey, consentVersion: PUSH_CONSENT_VERSION, consentText: PUSH_CONSENT_TEXT });
    }),
  );

  app.post(
    '/portal/push/subscribe',
    handle(async (req, res) => {
      available();
      const ipHash = await withinCap(req);
      const body = (req.body ?? {}) as { subscription?: unknown; consent?: unknown };
      // Only the version the page showed: a consent is to a text, and the text is dated.
      if (body.consent !== PUSH_CONSENT_VERSION) throw invalid(PUSH_MESSAGES.consent);
      const sub = parsePushSubscription(body.subscription, c.services);
      if (!sub) throw invalid(PUSH_MESSAGES.invalid);
      await saveSubscription(db, sub, ipHash);
      res.set('cache-control', 'no-store').json({ message: PUSH_MESSAGES.subscribed });
    }),
  );

  app.post(
    '/portal/push/unsubscribe',
    handle(async (req, res) => {
      await withinCap(req);
      const endpoint = (req.body as { endpoint?: unknown } | undefined)?.endpoint;
      if (typeof endpoint !== 'string' || endpoint.length > 1000) throw invalid(PUSH_MESSAGES.invalid);
      // The same answer whether it was there or not: the page only needs to know it is gone.
      await removeSubscription(db, endpoint);
      res.set('cache-control', 'no-store').json({ message: PUSH_MESSAGES.unsubscribed });
    }),
  );

  app.get(
    '/portal/push/audience',
    handle(async (req, res) => {
      await staff(req);
      available();
      res.set('cache-control', 'no-store').json({ subscribers: await subscriptionCount(db), perHour: c.perHour, left: await alertsLeftThisHour(db, c.perHour) });
    }),
  );

  app.post(
    '/portal/push/alerts',
    handle(async (req, res) => {
      const actor = await staff(req);
      available();
      const body = (req.body ?? {}) as { news_id?: unknown; entry_id?: unknown; source?: unknown };
      const portalName = await c.portalName();
      let alert: Parameters<typeof queueAlert>[1];
      if (body.source === 'urgent') {
        const row = (await db('settings').where('key', 'urgent_message').first('value')) as { value: string | null } | undefined;
        const text = row?.value?.trim();
        if (!text) throw invalid(PUSH_MESSAGES.noUrgent);
        alert = { source: 'urgent', newsId: null, payload: alertPayload({ kind: 'urgent', key: 'urgente', title: text, text: null, path: '/' }, c.siteUrl, portalName), createdBy: actor.userId };
      } else if (body.entry_id !== undefined) {
        // A live entry (issue #30): its text under the coverage's title, opening the page at the entry; the coverage's
        // topic, so a newer entry's alert replaces an older one still waiting on an offline phone.
        if (typeof body.entry_id !== 'string' || body.entry_id.length > 64) throw invalid(PUSH_MESSAGES.notPublished);
        const entry = (await db('news_live_entries').where('id', body.entry_id).first('id', 'news_id', 'body', 'status', 'published_at')) as
          | { id: string; news_id: string; body: string; status: string; published_at: unknown }
          | undefined;
        const story = entry
          ? ((await db('news').where('id', entry.news_id).first('id', 'title', 'slug', 'status', 'published_at', 'live_status')) as
              | { id: string; title: string; slug: string; status: string; published_at: unknown; live_status: string | null }
              | undefined)
          : undefined;
        const now = new Date();
        if (!entry || !story || !isEntryPublic({ status: entry.status, published_at: isoFromDb(entry.published_at) }, { ...story, published_at: isoFromDb(story.published_at) }, now))
          throw invalid(PUSH_MESSAGES.notPublished);
        alert = {
          source: 'story',
          newsId: story.id,
          payload: alertPayload(
            { kind: 'story', key: story.id, title: liveAlertTitle(story.title), text: htmlToText(entry.body), path: `/news/${story.slug}/#${liveEntryAnchor(entry.id)}` },
            c.siteUrl,
            portalName,
          ),
          createdBy: actor.userId,
        };
      } else {
        if (typeof body.news_id !== 'string' || body.news_id.length > 64) throw invalid(PUSH_MESSAGES.notPublished);
        const story = (await db('news').where('id', body.news_id).first('id', 'title', 'summary', 'slug', 'status', 'published_at')) as
          | { id: string; title: string; summary: string | null; slug: string; status: string; published_at: unknown }
          | undefined;
        if (!story || !isPubliclyVisible({ status: story.status, published_at: isoFromDb(story.published_at) }, new Date())) throw invalid(PUSH_MESSAGES.notPublished);
        alert = {
          source: 'story',
          newsId: story.id,
          payload: alertPayload({ kind: 'story', key: story.id, title: story.title, text: story.summary, path: `/news/${story.slug}/` }, c.siteUrl, portalName),
          createdBy: actor.userId,
        };
      }
      const queued = await queueAlert(db, alert, c.perHour);
      if ('refused' in queued) {
        if (queued.refused === PUSH_MESSAGES.noSubscribers) throw invalid(queued.refused);
        throw tooMany(queued.refused);
      }
      // Sent after the answer: the editor sees "queued for N" at once, the count fills as it goes.
      void worker.kick();
      res.status(202).json({ id: queued.id, total: queued.total, message: PUSH_MESSAGES.queued(queued.total) });
    }),
  );

  app.get(
    '/portal/push/alerts/:id',
    handle(async (req, res) => {
      await staff(req);
      const summary = await alertSummary(db, String(req.params.id ?? ''));
      if (!summary) throw notFound('Alerta não encontrado.');
      res.set('cache-control', 'no-store').json(summary);
    }),
  );
}
