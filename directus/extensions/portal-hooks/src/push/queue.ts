/**
 * Readers' subscriptions and the alerts sent to them (issue #29, decision 061),
 * in the portal's database: the same on the embedded default and in production,
 * where several Directus instances share it.
 *
 * An alert is its own queue: subscriptions are sent in id order, a batch at a
 * time, and `claimed_until` (the last id claimed) moves before a batch goes
 * out, by compare-and-set — whichever instance claims a batch is the only one
 * that sends it, and after a restart the alert resumes past it. A batch that
 * was claimed and never finished (the process died mid-send) is not sent again:
 * nobody gets an alert twice; at most one batch per crash misses it.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { alertsLeft, PUSH_CONSENT_VERSION, PUSH_MESSAGES, type AlertPayload, type PushSubscriptionInput } from '@portal/domain/push';
import { dbDate, isoFromDb } from '../../../shared/db-date.ts';

const SUBS = 'push_subscriptions';
const ALERTS = 'push_alerts';

export type Subscription = { id: string; endpoint: string; p256dh: string; auth: string };

/** Keeps a reader's subscription (one row per endpoint: subscribing again renews its keys and consent). */
export async function saveSubscription(db: Knex, sub: PushSubscriptionInput, ipHash: string, now = new Date()): Promise<void> {
  const row = { p256dh: sub.keys.p256dh, auth: sub.keys.auth, consent_version: PUSH_CONSENT_VERSION, consented_at: dbDate(db, now), ip_hash: ipHash };
  await db.transaction(async (trx) => {
    const found = (await trx(SUBS).where('endpoint', sub.endpoint).first('id')) as { id: string } | undefined;
    if (found) await trx(SUBS).where('id', found.id).update(row);
    else await trx(SUBS).insert({ id: randomUUID(), endpoint: sub.endpoint, ...row });
  });
}

/** A reader stops alerts: the subscription is deleted (nothing about them is kept). */
export async function removeSubscription(db: Knex, endpoint: string): Promise<boolean> {
  return (await db(SUBS).where('endpoint', endpoint).delete()) > 0;
}

export async function subscriptionCount(db: Knex): Promise<number> {
  const r = (await db(SUBS).count({ n: '*' }).first()) as { n: number | string } | undefined;
  return Number(r?.n ?? 0);
}

export type NewAlert = { source: 'story' | 'urgent'; newsId: string | null; payload: AlertPayload; createdBy: string | null };

/** How many alerts may still go in the hour before `now` (domain/push alertsLeft). */
export async function alertsLeftThisHour(db: Knex, perHour: number, now = new Date()): Promise<number> {
  const recent = (await db(ALERTS).where('created_at', '>', dbDate(db, new Date(now.getTime() - 3_600_000))).select('created_at')) as Array<{ created_at: unknown }>;
  return alertsLeft(
    recent.map((r) => new Date(isoFromDb(r.created_at) ?? 0)),
    now,
    perHour,
  );
}

/**
 * Queues an alert to every subscription, unless `perHour` alerts already went
 * in the last hour (the refusal's pt-BR message). The count is taken inside the
 * transaction, so two editors clicking at once cannot both pass the limit
 * on PostgreSQL's serialisable write (SQLite writes one at a time).
 */
export async function queueAlert(db: Knex, a: NewAlert, perHour: number, now = new Date()): Promise<{ id: string; total: number } | { refused: string }> {
  return db.transaction(async (trx) => {
    if ((await alertsLeftThisHour(trx, perHour, now)) === 0) return { refused: PUSH_MESSAGES.tooMany(perHour) };
    const total = await subscriptionCount(trx);
    if (!total) return { refused: PUSH_MESSAGES.noSubscribers };
    const id = randomUUID();
    await trx(ALERTS).insert({
      id,
      source: a.source,
      news_id: a.newsId,
      title: a.payload.title,
      body: a.payload.body,
      url: a.payload.url,
      topic: a.payload.tag,
      status: 'queued',
      claimed_until: null,
      total,
      sent: 0,
      gone: 0,
      failed: 0,
      created_by: a.createdBy,
      created_at: dbDate(db, now),
    });
    return { id, total };
  });
}

export type AlertRow = { id: string; title: string; body: string | null; url: string; topic: string; status: string; claimed_until: string | null };

export const payloadOf = (a: AlertRow): AlertPayload => ({ title: a.title, body: a.body ?? '', url: a.url, tag: a.topic });

/** Alerts still going out, oldest first (what a restarted instance resumes). */
export async function pendingAlerts(db: Knex): Promise<AlertRow[]> {
  return (await db(ALERTS).whereIn('status', ['queued', 'sending']).orderBy('created_at').select('id', 'title', 'body', 'url', 'topic', 'status', 'claimed_until')) as AlertRow[];
}

/**
 * The next batch of `alert`'s subscriptions, claimed for this caller alone;
 * null once every subscription is claimed (the alert is then done).
 */
export async function claimBatch(db: Knex, alertId: string, size: number, now = new Date()): Promise<Subscription[] | null> {
  for (;;) {
    const alert = (await db(ALERTS).where('id', alertId).first('status', 'claimed_until')) as Pick<AlertRow, 'status' | 'claimed_until'> | undefined;
    if (!alert || alert.status === 'done') return null;
    const from = alert.claimed_until;
    const q = db(SUBS).orderBy('id').limit(size).select('id', 'endpoint', 'p256dh', 'auth');
    if (from) q.where('id', '>', from);
    const batch = (await q) as Subscription[];
    if (!batch.length) {
      // The last batch may still be in flight elsewhere; its sender adds its counts when it lands.
      await db(ALERTS).where({ id: alertId }).whereNot('status', 'done').update({ status: 'done', finished_at: dbDate(db, now) });
      return null;
    }
    const last = batch[batch.length - 1]!.id;
    const cas = db(ALERTS).where('id', alertId).whereNot('status', 'done');
    if (from) cas.where('claimed_until', from);
    else cas.whereNull('claimed_until');
    if ((await cas.update({ claimed_until: last, status: 'sending' })) === 1) return batch;
    // Another instance claimed this batch first: take the next one.
  }
}

export type Outcome = 'sent' | 'gone' | 'failed';

/** What a batch came to: counts added to the alert, and subscriptions the push service says are gone deleted. */
export async function recordBatch(db: Knex, alertId: string, batch: readonly Subscription[], outcomes: readonly Outcome[]): Promise<void> {
  const count = (o: Outcome) => outcomes.filter((x) => x === o).length;
  const gone = batch.filter((_, i) => outcomes[i] === 'gone').map((s) => s.id);
  await db.transaction(async (trx) => {
    await trx(ALERTS)
      .where('id', alertId)
      .update({ sent: trx.raw('sent + ?', [count('sent')]), gone: trx.raw('gone + ?', [count('gone')]), failed: trx.raw('failed + ?', [count('failed')]) });
    for (let i = 0; i < gone.length; i += 500) await trx(SUBS).whereIn('id', gone.slice(i, i + 500)).delete();
  });
}

export type AlertSummary = { id: string; status: string; total: number; sent: number; gone: number; failed: number; created_at: string | null; title: string };

export async function alertSummary(db: Knex, id: string): Promise<AlertSummary | null> {
  const r = (await db(ALERTS).where('id', id).first('id', 'status', 'total', 'sent', 'gone', 'failed', 'created_at', 'title')) as (AlertSummary & { created_at: unknown }) | undefined;
  return r ? { ...r, total: Number(r.total), sent: Number(r.sent), gone: Number(r.gone), failed: Number(r.failed), created_at: isoFromDb(r.created_at) } : null;
}
