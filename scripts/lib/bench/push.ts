/**
 * `npm run bench -- --push` (issue #29, item 3): one alert to 100,000
 * subscriptions, sent by the bench's Directus as `npm start` runs it (its
 * queue, web-push's encryption, its fetch) to a local push service that
 * implements RFC 8030 and decrypts every payload (RFC 8291) and checks every
 * VAPID signature (tests/support/push-receiver.ts) — the encryption proven, not
 * assumed. Meanwhile the editor keeps loading the admin's news list.
 * Goals: every subscription has the alert in ≤ 60 s; the list's p95 ≤ 300 ms.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Knex } from 'knex';
import { PUSH_CONSENT_VERSION } from '@portal/domain/push';
import { dbDate } from '../../../directus/extensions/shared/db-date.ts';
import { startPushReceiver } from '../../../tests/support/push-receiver.ts';
import type { DirectusInstance } from '../stack.ts';
import { percentile } from './measure.ts';
import { editorList } from './readers.ts';

export const PUSH_GOALS = { deliveredMs: 60_000, editorP95Ms: 300 };

export async function pushBench(o: { knex: Knex; directus: DirectusInstance; receiverPort: number; subscriptions: number; db: string; log: (s: string) => void }) {
  const { knex, directus, log } = o;
  const receiver = await startPushReceiver(o.receiverPort);
  try {
    let t0 = Date.now();
    const consented_at = dbDate(knex, new Date());
    for (let i = 0; i < o.subscriptions; i += 500) {
      const rows = Array.from({ length: Math.min(500, o.subscriptions - i) }, () => {
        const s = receiver.subscribe();
        return { id: randomUUID(), endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth, consent_version: PUSH_CONSENT_VERSION, consented_at, ip_hash: 'bench' };
      });
      await knex('push_subscriptions').insert(rows);
    }
    log(`${o.subscriptions} inscrições em ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const login = (await fetch(`${directus.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'editor@portal.test', password: 'portal-demo-2026' }),
    }).then((r) => r.json())) as { data: { access_token: string } };
    const token = login.data.access_token;
    const idle = await editorList(directus.url, token, Date.now() + 3000);

    let done = false;
    const delivered = () => {
      let n = 0;
      for (const list of receiver.delivered.values()) n += list.length;
      return n;
    };
    const editorRun = editorList(directus.url, token, () => done);
    const cpu0 = process.cpuUsage();
    t0 = Date.now();
    const sent = await fetch(`${directus.url}/portal/push/alerts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ source: 'urgent' }),
    });
    const answer = (await sent.json()) as { id?: string; total?: number; errors?: Array<{ message: string }> };
    if (sent.status !== 202 || !answer.id) throw new Error(`alerta recusado: ${sent.status} ${answer.errors?.[0]?.message ?? ''}`);
    const answeredMs = Date.now() - t0;
    const deadline = t0 + 5 * 60_000;
    let half: number | null = null;
    while (delivered() + receiver.refused.length < o.subscriptions && Date.now() < deadline) {
      if (half === null && delivered() >= o.subscriptions / 2) half = Date.now() - t0;
      await new Promise((r) => setTimeout(r, 100));
    }
    const deliveredMs = Date.now() - t0;
    done = true;
    const editor = await editorRun;
    const receiverCpu = process.cpuUsage(cpu0);
    const alert = (await knex('push_alerts').where('id', answer.id).first('status', 'total', 'sent', 'gone', 'failed')) as Record<string, unknown>;
    const twice = [...receiver.delivered.values()].filter((l) => l.length > 1).length;
    const out = {
      machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version, db: o.db, date: new Date().toISOString() },
      subscriptions: o.subscriptions,
      alert: { answeredMs, status: alert.status, total: Number(alert.total), sent: Number(alert.sent), gone: Number(alert.gone), failed: Number(alert.failed) },
      receiver: {
        delivered: delivered(),
        decryptedAndSigned: delivered(),
        refused: receiver.refused.length,
        receivedTwice: twice,
        halfMs: half,
        allMs: deliveredMs,
        cpuS: Math.round((receiverCpu.user + receiverCpu.system) / 1e5) / 10,
      },
      editorList: {
        idleP95Ms: Math.round(percentile(idle.lat, 95)),
        samples: editor.lat.length,
        p50Ms: Math.round(percentile(editor.lat, 50)),
        p95Ms: Math.round(percentile(editor.lat, 95)),
        errors: editor.errors,
      },
      goals: { deliveredMs: `≤ ${PUSH_GOALS.deliveredMs}`, editorP95Ms: `≤ ${PUSH_GOALS.editorP95Ms}` },
      ok: delivered() === o.subscriptions && twice === 0 && receiver.refused.length === 0 && deliveredMs <= PUSH_GOALS.deliveredMs && percentile(editor.lat, 95) <= PUSH_GOALS.editorP95Ms,
    };
    return out;
  } finally {
    await receiver.close();
  }
}
