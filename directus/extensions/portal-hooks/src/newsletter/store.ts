/** The newsletter's rows (issue #13): subscribe, confirm, unsubscribe, and who gets the digest. */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { CONSENT_VERSION, PENDING_RETENTION_DAYS, subscribeStep, UNSUBSCRIBED_RETENTION_DAYS, type NewsletterStatus } from '@portal/domain/newsletter';
import { dbDate } from '../../../shared/db-date.ts';

export type Subscriber = { id: string; email: string; status: NewsletterStatus };

const TABLE = 'newsletter_subscribers';

/** Records a request; answers the row and whether a confirmation mail must go. */
export async function requestSubscription(db: Knex, email: string, ipHash: string, now = new Date()): Promise<{ subscriber: Subscriber; sendConfirmation: boolean }> {
  return db.transaction(async (trx) => {
    const found = (await trx(TABLE).where('email', email).first('id', 'email', 'status')) as Subscriber | undefined;
    const step = subscribeStep(found ?? null);
    if (!found) {
      const row = { id: randomUUID(), email, status: step.status, consent_version: CONSENT_VERSION, requested_at: dbDate(db, now), ip_hash: ipHash };
      await trx(TABLE).insert(row);
      return { subscriber: { id: row.id, email, status: step.status }, sendConfirmation: true };
    }
    if (step.sendConfirmation) {
      await trx(TABLE)
        .where('id', found.id)
        .update({ status: step.status, consent_version: CONSENT_VERSION, requested_at: dbDate(db, now), ip_hash: ipHash, unsubscribed_at: null });
    }
    return { subscriber: { ...found, status: step.status }, sendConfirmation: step.sendConfirmation };
  });
}

/** pending → confirmed (a second click keeps the first time); false when the row is gone or cancelled. */
export async function confirmSubscription(db: Knex, id: string, now = new Date()): Promise<boolean> {
  const row = (await db(TABLE).where('id', id).first('status')) as { status: NewsletterStatus } | undefined;
  if (!row || row.status === 'unsubscribed') return false;
  if (row.status === 'pending') await db(TABLE).where({ id, status: 'pending' }).update({ status: 'confirmed', confirmed_at: dbDate(db, now) });
  return true;
}

export async function unsubscribe(db: Knex, id: string, now = new Date()): Promise<boolean> {
  const n = await db(TABLE).where('id', id).whereNot('status', 'unsubscribed').update({ status: 'unsubscribed', unsubscribed_at: dbDate(db, now) });
  return n > 0 || !!(await db(TABLE).where('id', id).first('id'));
}

/** Confirmed subscribers in pages (the digest walks them without loading all at once). */
export async function confirmedPage(db: Knex, afterId: string | null, size: number): Promise<Subscriber[]> {
  const q = db(TABLE).where('status', 'confirmed');
  // No lower bound on the first page: '' is not a uuid to PostgreSQL.
  if (afterId) q.where('id', '>', afterId);
  return q.orderBy('id').limit(size).select('id', 'email', 'status');
}

/** Retention (privacy page): requests never confirmed in 7 days and subscriptions cancelled 30 days ago are deleted. */
export async function purgeNewsletter(db: Knex, now = new Date()): Promise<number> {
  const before = (days: number) => dbDate(db, new Date(now.getTime() - days * 86_400_000));
  const pending = await db(TABLE).where('status', 'pending').where('requested_at', '<', before(PENDING_RETENTION_DAYS)).delete();
  const cancelled = await db(TABLE).where('status', 'unsubscribed').where('unsubscribed_at', '<', before(UNSUBSCRIBED_RETENTION_DAYS)).delete();
  return pending + cancelled;
}
