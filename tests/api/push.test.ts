/**
 * Breaking-news alerts by Web Push (issue #29, item 3; decision 061), against
 * the real Directus and a local push service that implements RFC 8030 and
 * decrypts every payload (RFC 8291) and checks its VAPID signature (RFC 8292):
 * by route, then by role.
 */
import { createECDH } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PUSH_CONSENT_VERSION } from '../../domain/src/push.ts';
import { queueAlert, saveSubscription } from '../../directus/extensions/portal-hooks/src/push/queue.ts';
import { pushSender } from '../../directus/extensions/portal-hooks/src/push/sender.ts';
import { pushWorker } from '../../directus/extensions/portal-hooks/src/push/worker.ts';
import { startPushReceiver, type LocalSubscription, type PushReceiver } from '../support/push-receiver.ts';
import { asEveryone, baseUrl, eventually, rawDb, seedNews, withinOneMinute, type Api } from './support.ts';

let receiver: PushReceiver;
let who: Awaited<ReturnType<typeof asEveryone>>;

/** A reader's request from its own address (Directus trusts the front server on loopback to say it). */
async function reader(path: string, body: unknown, address = '198.51.100.7') {
  const res = await fetch(`${baseUrl()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify(body) });
  const json = (await res.json()) as { message?: string; errors?: Array<{ message: string }> };
  return { status: res.status, message: json.message ?? json.errors?.[0]?.message };
}
const subscribe = (s: Pick<LocalSubscription, 'endpoint' | 'keys'>, address?: string, consent: unknown = PUSH_CONSENT_VERSION) =>
  reader('/portal/push/subscribe', { subscription: { endpoint: s.endpoint, keys: s.keys }, consent }, address);
const stored = async (endpoint: string) => {
  const db = await rawDb();
  try {
    return (await db('push_subscriptions').where('endpoint', endpoint).first()) as Record<string, unknown> | undefined;
  } finally {
    await db.destroy();
  }
};

beforeAll(async () => {
  receiver = await startPushReceiver(inject('pushReceiverPort'));
  who = await asEveryone();
});
afterAll(async () => {
  await receiver.close();
});

describe('GET /portal/push/key', () => {
  it("answers anyone the portal's VAPID public key (a P-256 point) and the consent text a reader accepts", async () => {
    const r = await who.anonymous.get('/portal/push/key');
    expect(r.status).toBe(200);
    const key = Buffer.from(r.data.publicKey as string, 'base64url');
    expect([key.length, key[0]]).toEqual([65, 4]);
    expect(r.data.consentVersion).toBe(PUSH_CONSENT_VERSION);
    expect(r.data.consentText).toMatch(/Posso parar quando quiser/);
  });
});

describe('POST /portal/push/subscribe (anonymous readers)', () => {
  it('keeps the subscription with the consent’s version and time and a hash of the address, nothing else', async () => {
    const s = receiver.subscribe();
    const before = Date.now();
    const r = await reader('/portal/push/subscribe', { subscription: { ...s, expirationTime: null, extra: 'x'.repeat(2000) }, consent: PUSH_CONSENT_VERSION });
    expect(r).toEqual({ status: 200, message: 'Pronto: você vai receber os alertas de notícias urgentes neste navegador.' });
    const row = await stored(s.endpoint);
    expect(Object.keys(row!).sort()).toEqual(['auth', 'consent_version', 'consented_at', 'endpoint', 'id', 'ip_hash', 'p256dh']);
    expect(row).toMatchObject({ p256dh: s.keys.p256dh, auth: s.keys.auth, consent_version: PUSH_CONSENT_VERSION });
    expect(new Date(Number(row!.consented_at) || String(row!.consented_at)).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row!.ip_hash).toMatch(/^[0-9a-f]{64}$/);
    // Subscribing again renews it: still one row.
    expect((await subscribe(s)).status).toBe(200);
    const db = await rawDb();
    expect(Number((await db('push_subscriptions').where('endpoint', s.endpoint).count({ n: '*' }).first())!.n)).toBe(1);
    await db.destroy();
  });

  it('refuses, in pt-BR, a subscription without the consent, with bad keys, or pointing anywhere but a push service (the server would post there)', async () => {
    const s = receiver.subscribe();
    expect(await subscribe(s, undefined, true)).toEqual({ status: 400, message: 'Para receber alertas é preciso aceitar o aviso de consentimento.' });
    const invalid = { status: 400, message: 'Inscrição de alertas inválida.' };
    expect(await subscribe({ endpoint: 'http://169.254.169.254/latest/meta-data', keys: s.keys })).toEqual(invalid);
    expect(await subscribe({ endpoint: `http://127.0.0.1:${inject('pushReceiverPort') + 1}/push/x`, keys: s.keys })).toEqual(invalid);
    expect(await subscribe({ endpoint: s.endpoint, keys: { p256dh: 'AAAA', auth: s.keys.auth } })).toEqual(invalid);
    expect(await subscribe({ endpoint: s.endpoint, keys: { p256dh: s.keys.p256dh, auth: 'x'.repeat(300) } })).toEqual(invalid);
    expect(await stored(s.endpoint)).toBeUndefined();
  });

  it('answers at most 10 subscribe or unsubscribe requests a minute from one address; another address is not held back', async () => {
    await withinOneMinute();
    const address = '198.51.100.99';
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await subscribe(receiver.subscribe(), address)).status);
    expect(answers).toEqual([...Array(10).fill(200), 429]);
    expect(await subscribe(receiver.subscribe(), address)).toEqual({ status: 429, message: 'Muitas tentativas deste endereço. Tente de novo em um minuto.' });
    expect((await subscribe(receiver.subscribe(), '198.51.100.100')).status).toBe(200);
  });

  it('nobody reads or writes the subscriptions through the API: not the public, not the staff', async () => {
    for (const api of [who.anonymous, who.producer, who.editor] as Api[]) {
      expect((await api.get('/items/push_subscriptions')).status).toBe(403);
      expect((await api.post('/items/push_subscriptions', { endpoint: 'https://fcm.googleapis.com/fcm/send/x' })).status).toBe(403);
    }
  });
});

describe('POST /portal/push/unsubscribe', () => {
  it('a reader stops alerts from the page: the subscription is deleted', async () => {
    const s = receiver.subscribe();
    expect((await subscribe(s)).status).toBe(200);
    expect(await reader('/portal/push/unsubscribe', { endpoint: s.endpoint })).toEqual({ status: 200, message: 'Alertas desativados neste navegador.' });
    expect(await stored(s.endpoint)).toBeUndefined();
    // The same answer for one that is not there.
    expect((await reader('/portal/push/unsubscribe', { endpoint: s.endpoint })).status).toBe(200);
  });
});

describe('alerts (editor and super_admin)', () => {
  let story: { id: string; slug: string };
  let live: LocalSubscription[];
  let expired: LocalSubscription;

  beforeAll(async () => {
    // Only this file's subscriptions: the counts below are exact.
    const db = await rawDb();
    await db('push_subscriptions').delete();
    await db('push_alerts').delete();
    await db.destroy();
    live = [receiver.subscribe(), receiver.subscribe(), receiver.subscribe()];
    expired = receiver.subscribe();
    for (const [i, s] of [...live, expired].entries()) expect((await subscribe(s, `203.0.113.${i + 1}`)).status).toBe(200);
    receiver.answer(expired.id, 410);
    story = await seedNews({ title: 'Temporal derruba árvores em Belém', summary: 'Defesa Civil interdita três ruas no Umarizal.', status: 'published' });
  });

  it('a producer may not send one, nor see the audience', async () => {
    const r = await who.producer.post('/portal/push/alerts', { news_id: story.id });
    expect([r.status, r.errors?.[0]?.message]).toEqual([403, 'Apenas editores e super admins enviam alertas.']);
    expect((await who.producer.get('/portal/push/audience')).status).toBe(403);
    expect((await who.anonymous.post('/portal/push/alerts', { news_id: story.id })).status).toBe(403);
  });

  it('the confirmation says how many will get it and how many alerts may still go this hour', async () => {
    const r = await who.editor.get('/portal/push/audience');
    expect(r.data).toEqual({ subscribers: 4, perHour: 3, left: 3 });
  });

  it('only a published story', async () => {
    const draft = await seedNews({ status: 'draft' });
    const r = await who.editor.post('/portal/push/alerts', { news_id: draft.id });
    expect([r.status, r.errors?.[0]?.message]).toEqual([400, 'Só é possível enviar alerta de uma notícia publicada.']);
  });

  it("reaches every subscription once, encrypted for each, with the story's title, summary and address marked as an alert; an expired one is removed", async () => {
    const r = await who.editor.post('/portal/push/alerts', { news_id: story.id });
    expect(r.status).toBe(202);
    expect(r.data).toMatchObject({ total: 4, message: 'Alerta enviado para 4 inscritos.' });
    await eventually(async () => (await who.editor.get(`/portal/push/alerts/${r.data.id}`)).data.status === 'done' && live.every((s) => receiver.delivered.has(s.id)), 20_000);
    expect(receiver.refused).toEqual([]);
    for (const s of live) {
      expect(receiver.delivered.get(s.id)).toHaveLength(1);
      const [got] = receiver.delivered.get(s.id)!;
      expect(got!.payload).toEqual({
        title: 'Temporal derruba árvores em Belém',
        body: 'Defesa Civil interdita três ruas no Umarizal.',
        url: `http://localhost:4321/news/${story.slug}/?utm_source=push`,
        tag: got!.topic,
      });
      expect(got).toMatchObject({ ttl: 600, urgency: 'high' });
      expect(got!.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
      expect(got!.vapid.key).toBe((await who.anonymous.get('/portal/push/key')).data.publicKey);
    }
    await eventually(async () => (await who.editor.get(`/portal/push/alerts/${r.data.id}`)).data.gone === 1);
    expect((await who.editor.get(`/portal/push/alerts/${r.data.id}`)).data).toMatchObject({ status: 'done', total: 4, sent: 3, gone: 1, failed: 0 });
    expect(await stored(expired.endpoint)).toBeUndefined();
  });

  it('the urgent message goes as an alert too; an entry of the story, once live, goes with the same topic (it replaces the first on an offline phone)', async () => {
    const urgent = await who.super_admin.post('/portal/push/alerts', { source: 'urgent' });
    expect(urgent.status).toBe(202);
    // Issue #30: the story becomes a live coverage; a draft entry may not go, a published one goes under the coverage's title.
    expect((await who.editor.patch(`/items/news/${story.id}`, { live_status: 'live' })).status).toBe(200);
    const draft = await who.editor.post('/items/news_live_entries', { news_id: story.id, body: '<p>Rascunho</p>', status: 'draft' });
    const refused = await who.editor.post('/portal/push/alerts', { entry_id: draft.data.id });
    expect([refused.status, refused.errors?.[0]?.message]).toEqual([400, 'Só é possível enviar alerta de uma notícia publicada.']);
    const entry = await who.editor.post('/items/news_live_entries', { news_id: story.id, body: '<p>A Defesa Civil <strong>liberou</strong> a Rua dos Mundurucus.</p>', status: 'published' });
    expect(entry.status).toBe(200);
    expect((await who.producer.post('/portal/push/alerts', { entry_id: entry.data.id })).status).toBe(403);
    const again = await who.editor.post('/portal/push/alerts', { entry_id: entry.data.id });
    expect(again.status).toBe(202);
    await eventually(() => live.every((s) => receiver.delivered.get(s.id)?.length === 3), 20_000);
    const [first, fromUrgent, second] = receiver.delivered.get(live[0]!.id)!;
    expect(second!.topic).toBe(first!.topic);
    expect(second!.payload).toEqual({
      title: 'Ao vivo: Temporal derruba árvores em Belém',
      body: 'A Defesa Civil liberou a Rua dos Mundurucus.',
      url: `http://localhost:4321/news/${story.slug}/?utm_source=push#atualizacao-${entry.data.id}`,
      tag: first!.topic,
    });
    expect(fromUrgent!.topic).not.toBe(first!.topic);
    expect(fromUrgent!.payload).toMatchObject({ url: 'http://localhost:4321/?utm_source=push' });
  });

  it('at most 3 alerts an hour (PORTAL_PUSH_MAX_PER_HOUR here): the fourth is refused in pt-BR and nothing goes', async () => {
    const before = live.map((s) => receiver.delivered.get(s.id)?.length ?? 0);
    const r = await who.editor.post('/portal/push/alerts', { news_id: story.id });
    expect([r.status, r.errors?.[0]?.message]).toEqual([429, 'Limite de 3 alertas por hora atingido. Tente de novo mais tarde.']);
    expect((await who.editor.get('/portal/push/audience')).data.left).toBe(0);
    await new Promise((res) => setTimeout(res, 500));
    expect(live.map((s) => receiver.delivered.get(s.id)?.length ?? 0)).toEqual(before);
  });
});

describe('the alerts queue across a restart', () => {
  it('a sender that dies mid-alert loses at most the batch it held; the restarted one sends the rest, nobody twice', async () => {
    const db = await rawDb();
    try {
      await db('push_subscriptions').delete();
      const subs = Array.from({ length: 250 }, () => receiver.subscribe());
      for (const s of subs) await saveSubscription(db, s, 'h');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const send = pushSender({ subject: 'mailto:teste@portal.test', publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: ecdh.getPrivateKey().toString('base64url') });
      // Directus's own schedule resumes alerts every 10 s (at :00, :10…): start just after one, so the two
      // batches below are this test's (afterwards it may take part: claims keep it to its own batches).
      while (Date.now() % 10_000 < 500 || Date.now() % 10_000 > 2_000) await new Promise((res) => setTimeout(res, 100));
      const queued = await queueAlert(db, { source: 'urgent', newsId: null, payload: { title: 'Fila', body: 'b', url: 'http://localhost:4321/?utm_source=push', tag: 'ufila' }, createdBy: null }, 1000);
      if (!('id' in queued)) throw new Error(queued.refused);
      // The first process sends one batch, then dies holding the second (claimed, never sent).
      const lost: string[] = [];
      let batches = 0;
      const dying = pushWorker(db, async (batch, payload) => {
        if (++batches === 2) {
          lost.push(...batch.map((s) => s.endpoint));
          throw new Error('processo encerrado no meio do envio');
        }
        return send(batch, payload);
      }, () => {});
      await dying.kick();
      expect(lost).toHaveLength(100);
      // A new process (or another instance: Directus's own schedule may take part) resumes past the claimed batch.
      await pushWorker(db, send, () => {}).kick();
      await eventually(async () => ((await db('push_alerts').where('id', queued.id).first('status')) as { status: string }).status === 'done');
      const got = subs.map((s) => receiver.delivered.get(s.id)?.filter((d) => (d.payload as { tag: string }).tag === 'ufila').length ?? 0);
      expect(got.filter((n) => n > 1)).toEqual([]);
      expect(subs.filter((s, i) => got[i] === 0).map((s) => s.endpoint).sort()).toEqual(lost.sort());
      expect(got.filter((n) => n === 1)).toHaveLength(150);
    } finally {
      await db('push_alerts').whereIn('topic', ['ufila']).delete();
      await db.destroy();
    }
  });
});

// Fixtures of other files must not depend on these: the alerts made here are removed.
afterAll(async () => {
  const db = await rawDb();
  await db('push_alerts').delete();
  await db('push_subscriptions').delete();
  await db.destroy();
});
