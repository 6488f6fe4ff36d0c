/**
 * A local push service for the tests and the benchmark (issue #29): it speaks
 * the Web Push protocol's delivery side (RFC 8030: POST to a subscription's
 * endpoint, TTL/Urgency/Topic headers, 201 Created) and holds the browser's
 * half of each subscription, so it decrypts every payload (RFC 8291,
 * aes128gcm) and checks the VAPID signature (RFC 8292): the encryption is
 * proven, not assumed. A subscription can be told to answer 410 Gone.
 */
import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Delivered = {
  payload: unknown;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID JWT's claims, once its ES256 signature checked out against the key it came with. */
  vapid: { aud: string; exp: number; sub: string; key: string };
};

export type LocalSubscription = { id: string; endpoint: string; keys: { p256dh: string; auth: string } };

type Held = { ecdh: ReturnType<typeof createECDH>; auth: Buffer; publicKey: Buffer; status: number };

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188: one aes128gcm body, decrypted with the browser's keys. */
export function decryptAes128gcm(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  if (records.length > rs) throw new Error('mais de um registro: um alerta cabe em um');
  const ecdhSecret = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), asPublic]);
  const ikm = hmac(hmac(auth, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const plain = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('delimitador de último registro ausente');
  return plain.subarray(0, end);
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT's ES256 signature checked with k. */
export function checkVapid(header: string | undefined): Delivered['vapid'] {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`Authorization sem VAPID: ${header}`);
  const [, jwt, k] = m as unknown as [string, string, string];
  const [h, p, sig] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('chave VAPID não é um ponto P-256');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, format: 'jwk' });
  if (!verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(sig, 'base64url'))) throw new Error('assinatura VAPID inválida');
  const header_ = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string };
  if (header_.alg !== 'ES256') throw new Error(`VAPID alg ${header_.alg}`);
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  return { ...claims, key: k };
}

export type PushReceiver = {
  origin: string;
  /** A new subscription, as a browser would hand it to the page (PushSubscription.toJSON()). */
  subscribe(): LocalSubscription;
  /** What reached each subscription, decrypted, in order. */
  delivered: Map<string, Delivered[]>;
  /** Requests refused as malformed (bad encryption or signature): should stay empty. */
  refused: string[];
  /** From now on, this subscription answers `status` (410: it expired). */
  answer(id: string, status: number): void;
  /** Waits for each request before answering (a slow push service); resolve to let it through. */
  holdWhile: (() => Promise<void>) | null;
  close(): Promise<void>;
};

export async function startPushReceiver(port = 0): Promise<PushReceiver> {
  const held = new Map<string, Held>();
  const delivered = new Map<string, Delivered[]>();
  const refused: string[] = [];
  const checked = new Map<string, Delivered['vapid']>();
  const r: PushReceiver = {
    origin: '',
    delivered,
    refused,
    holdWhile: null,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const id = randomBytes(12).toString('hex');
      const auth = randomBytes(16);
      held.set(id, { ecdh, auth, publicKey: ecdh.getPublicKey(), status: 201 });
      return { id, endpoint: `${r.origin}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
    },
    answer(id, status) {
      held.get(id)!.status = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const id = /^\/push\/([0-9a-f]+)$/.exec(req.url ?? '')?.[1];
        const sub = id ? held.get(id) : undefined;
        if (req.method !== 'POST' || !id || !sub) return res.writeHead(404).end();
        if (r.holdWhile) await r.holdWhile();
        if (sub.status !== 201) return res.writeHead(sub.status).end();
        try {
          if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`Content-Encoding ${req.headers['content-encoding']}`);
          // A push service checks a token once and trusts it until it expires, as here.
          const header = req.headers.authorization ?? '';
          let vapid = checked.get(header);
          if (!vapid || vapid.exp * 1000 < Date.now()) checked.set(header, (vapid = checkVapid(header)));
          if (vapid.aud !== r.origin) throw new Error(`aud ${vapid.aud}`);
          const payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), sub.ecdh, sub.auth).toString('utf8')) as unknown;
          const list = delivered.get(id) ?? [];
          list.push({ payload, vapid, ttl: Number(req.headers.ttl), urgency: (req.headers.urgency as string) ?? null, topic: (req.headers.topic as string) ?? null });
          delivered.set(id, list);
          res.writeHead(201, { location: `${r.origin}/message/${randomBytes(6).toString('hex')}` }).end();
        } catch (e) {
          refused.push(`${id}: ${e instanceof Error ? e.message : String(e)}`);
          res.writeHead(400).end();
        }
      })();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  r.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return r;
}
