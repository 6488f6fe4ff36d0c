import { createECDH } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushReceiver, type PushReceiver } from '../../../../../tests/support/push-receiver.ts';
import { outcomeOf, pushSender, type Vapid } from './sender.ts';

let receiver: PushReceiver;
const ecdh = createECDH('prime256v1');
ecdh.generateKeys();
const vapid: Vapid = { subject: 'mailto:redacao@portal.test', publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: ecdh.getPrivateKey().toString('base64url') };
const payload = { title: 'Chuva forte alaga ruas de Belém', body: 'Defesa Civil pede cuidado — ação até às 18h', url: 'http://p.test/news/chuva/?utm_source=push', tag: 'sabc' };

beforeAll(async () => {
  receiver = await startPushReceiver();
});
afterAll(() => receiver.close());

describe('pushSender against a local RFC 8030 push service that decrypts', () => {
  it('encrypts each payload for its subscription (RFC 8291), signs VAPID for the service’s origin, and says what happened to each', async () => {
    const subs = [receiver.subscribe(), receiver.subscribe(), receiver.subscribe()];
    receiver.answer(subs[1]!.id, 410);
    const batch = subs.map((s) => ({ id: s.id, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth }));
    expect(await pushSender(vapid)(batch, payload)).toEqual(['sent', 'gone', 'sent']);
    expect(receiver.refused).toEqual([]);
    for (const s of [subs[0]!, subs[2]!]) {
      const [got] = receiver.delivered.get(s.id)!;
      expect(got!.payload).toEqual(payload);
      expect(got).toMatchObject({ ttl: 600, urgency: 'high', topic: 'sabc' });
      expect(got!.vapid).toMatchObject({ aud: receiver.origin, sub: 'mailto:redacao@portal.test', key: vapid.publicKey });
      expect(got!.vapid.exp * 1000).toBeGreaterThan(Date.now());
    }
    expect(receiver.delivered.has(subs[1]!.id)).toBe(false);
  });

  it('a payload encrypted for another subscription does not open: the receiver refuses it', async () => {
    const [a, b] = [receiver.subscribe(), receiver.subscribe()];
    // b's endpoint with a's keys: the service holds b's private key, so decryption fails.
    const outcome = await pushSender(vapid)([{ id: b.id, endpoint: b.endpoint, p256dh: a.keys.p256dh, auth: a.keys.auth }], payload);
    expect(outcome).toEqual(['failed']);
    expect(receiver.refused.some((r) => r.startsWith(b.id))).toBe(true);
  });

  it('a service that is not there fails that one, not the batch', async () => {
    const s = receiver.subscribe();
    const out = await pushSender(vapid)(
      [
        { id: 'x', endpoint: 'http://127.0.0.1:9/push/none', p256dh: s.keys.p256dh, auth: s.keys.auth },
        { id: s.id, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth },
      ],
      payload,
    );
    expect(out).toEqual(['failed', 'sent']);
  });

  it('a kept connection the service closes as a request leaves on it: that request goes again on a new one, and the reader gets the alert', async () => {
    // A service that answers the first request of each connection and drops the connection at the second.
    let requests = 0;
    let connections = 0;
    const server = http.createServer((req, res) => {
      requests++;
      const first = (req.socket as { served?: boolean }).served !== true;
      (req.socket as { served?: boolean }).served = true;
      req.resume();
      req.on('end', () => (first ? res.writeHead(201).end() : req.socket.destroy()));
    });
    server.on('connection', () => connections++);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const s = receiver.subscribe();
      const sub = { id: s.id, endpoint: `http://127.0.0.1:${(server.address() as { port: number }).port}/push/${s.id}`, p256dh: s.keys.p256dh, auth: s.keys.auth };
      const send = pushSender(vapid);
      expect(await send([sub], payload)).toEqual(['sent']);
      // The next alert leaves on the kept connection, which the service drops.
      expect(await send([sub], payload)).toEqual(['sent']);
      expect({ requests, connections }).toEqual({ requests: 3, connections: 2 });
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it("closes an idle connection before the service's announced keep-alive ends", async () => {
    // A service that never closes idle connections itself but announces 2 s: only the sender may close this one.
    const s = receiver.subscribe();
    let sent: string[] = [];
    await new Promise<void>((resolve, reject) => {
      const server = http.createServer((req, res) => {
        req.resume();
        req.on('end', () => res.writeHead(201, { 'keep-alive': 'timeout=2' }).end());
      });
      server.keepAliveTimeout = 0;
      // Waits on the state itself: the sender's end of the socket (it never comes without the idle timeout).
      server.on('connection', (socket) => socket.on('end', () => server.close(() => resolve())));
      server.listen(0, '127.0.0.1', () => {
        const endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}/push/${s.id}`;
        pushSender(vapid)([{ id: s.id, endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth }], payload).then((out) => {
          sent = out;
        }, reject);
      });
    });
    expect(sent).toEqual(['sent']);
  });

  it('404 and 410 mean the subscription is gone; other refusals are failures kept for the next alert', () => {
    expect([201, 202, 404, 410, 413, 429, 500].map(outcomeOf)).toEqual(['sent', 'sent', 'gone', 'gone', 'failed', 'failed', 'failed']);
  });
});
