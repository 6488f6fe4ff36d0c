/**
 * Sending an alert to push services (RFC 8030) with the `web-push` library:
 * it encrypts each payload for its subscription (RFC 8291, aes128gcm) and
 * signs the VAPID header (RFC 8292); the request goes through Node's http(s)
 * client with keep-alive agents, so connections to a push service stay open
 * across an alert (fetch cost three times as much CPU per request here).
 * Redirects are not followed: a 3xx is a failure, never a second address.
 */
import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import { PUSH_TTL_SECONDS, PUSH_URGENCY, type AlertPayload } from '@portal/domain/push';
import type { Outcome, Subscription } from './queue.ts';

export type Vapid = { subject: string; publicKey: string; privateKey: string };

export type PushSend = (batch: readonly Subscription[], payload: AlertPayload) => Promise<Outcome[]>;

/** How many requests of a batch are in flight at once. */
const PARALLEL = 50;
/** A push service that has not answered in this long has failed this one. */
const TIMEOUT_MS = 10_000;

/** 404/410: the subscription expired or the reader revoked it; it is removed. 2xx: accepted. Anything else: failed, kept. */
export const outcomeOf = (status: number): Outcome => (status >= 200 && status < 300 ? 'sent' : status === 404 || status === 410 ? 'gone' : 'failed');

/** A VAPID header stays valid 12 h (web-push's default); it is signed again an hour before that. */
const VAPID_REUSE_MS = 11 * 3_600_000;

/** An idle connection to a push service is closed after this long, or a second before the service said it would close it. */
const IDLE_MS = 30_000;

type Agents = { http: http.Agent; https: https.Agent };

/**
 * One POST, answered by its status (the body is read and dropped). A kept
 * connection the service closed just as the request left on it fails before
 * any answer; that request is sent once more on a new connection (no kept one
 * could be stale again), as Node's documentation advises: otherwise the reader
 * would miss the alert. A duplicate is harmless: it has the alert's topic, so
 * it replaces the first on the reader's device.
 */
async function post(endpoint: string, headers: Record<string, string | number>, body: Buffer | null, agents: Agents): Promise<number> {
  const url = new URL(endpoint);
  try {
    return await postOnce(url, headers, body, url.protocol === 'https:' ? agents.https : agents.http);
  } catch (e) {
    if (!(e instanceof StaleConnection)) throw e;
    return postOnce(url, headers, body, false);
  }
}

class StaleConnection extends Error {}

function postOnce(url: URL, headers: Record<string, string | number>, body: Buffer | null, agent: http.Agent | false): Promise<number> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    let answered = false;
    const req = client.request(url, { method: 'POST', headers, agent, timeout: TIMEOUT_MS }, (res) => {
      answered = true;
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('sem resposta do serviço de push')));
    req.on('error', (e: NodeJS.ErrnoException) =>
      reject(!answered && req.reusedSocket && e.code === 'ECONNRESET' ? new StaleConnection('conexão encerrada pelo serviço de push', { cause: e }) : e),
    );
    req.end(body ?? undefined);
  });
}

export function pushSender(vapid: Vapid): PushSend {
  // With an idle timeout of its own, an agent also heeds a service's `Keep-Alive: timeout=N` (Node's rule).
  const kept = { keepAlive: true, maxSockets: PARALLEL, timeout: IDLE_MS };
  const agents: Agents = { http: new http.Agent(kept), https: new https.Agent(kept) };
  // One signed header per push service, reused for its validity: signing it per message doubled the CPU an alert costs.
  const signed = new Map<string, { authorization: string; until: number }>();
  const authorization = (endpoint: string) => {
    const audience = new URL(endpoint).origin;
    const now = Date.now();
    let h = signed.get(audience);
    if (!h || h.until <= now) {
      const headers = webpush.getVapidHeaders(audience, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm');
      h = { authorization: headers.Authorization, until: now + VAPID_REUSE_MS };
      signed.set(audience, h);
    }
    return h.authorization;
  };
  return async (batch, payload) => {
    const body = JSON.stringify(payload);
    const out: Outcome[] = new Array(batch.length);
    let next = 0;
    const one = async () => {
      for (let i = next++; i < batch.length; i = next++) {
        const s = batch[i]!;
        try {
          const req = webpush.generateRequestDetails({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, body, {
            headers: { Authorization: authorization(s.endpoint) },
            TTL: PUSH_TTL_SECONDS,
            urgency: PUSH_URGENCY,
            topic: payload.tag,
            contentEncoding: 'aes128gcm',
          });
          const status = await post(req.endpoint, req.headers, req.body, agents);
          out[i] = outcomeOf(status);
        } catch {
          out[i] = 'failed';
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, batch.length) }, one));
    return out;
  };
}
