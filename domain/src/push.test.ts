import { describe, expect, it } from 'vitest';
import { alertPayload, alertsLeft, alertTopic, alertUrl, DEFAULT_PUSH_SERVICES, isPushService, parsePushSubscription } from './push.ts';

// A real P-256 public point (65 bytes, 0x04 first) and a 16-byte secret, base64url.
const P256DH = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const AUTH = 'tBHItJI5svbpez7KI4CCXg';
const sub = (endpoint: string, keys: object = { p256dh: P256DH, auth: AUTH }) => ({ endpoint, keys });

describe('push services (where the server may post)', () => {
  it('the browsers’ services, subdomains where the pattern says so', () => {
    expect(isPushService('https://fcm.googleapis.com/fcm/send/abc', DEFAULT_PUSH_SERVICES)).toBe(true);
    expect(isPushService('https://updates.push.services.mozilla.com/wpush/v2/x', DEFAULT_PUSH_SERVICES)).toBe(true);
    expect(isPushService('https://wns2-bl2p.notify.windows.com/w/?token=x', DEFAULT_PUSH_SERVICES)).toBe(true);
    expect(isPushService('https://web.push.apple.com/QG', DEFAULT_PUSH_SERVICES)).toBe(true);
  });
  it('never the server’s own network, another scheme, a look-alike or credentials in the address', () => {
    for (const bad of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com/x',
      'https://notify.windows.com/x',
      'https://user:pw@fcm.googleapis.com/x',
      'file:///etc/passwd',
      'not a url',
    ])
      expect(isPushService(bad, DEFAULT_PUSH_SERVICES), bad).toBe(false);
  });
  it('a configured local receiver (tests, benchmarks) by its exact origin', () => {
    expect(isPushService('http://127.0.0.1:9999/push/1', ['http://127.0.0.1:9999'])).toBe(true);
    expect(isPushService('http://127.0.0.1:9998/push/1', ['http://127.0.0.1:9999'])).toBe(false);
  });
});

describe('parsePushSubscription: a subscription is not a way to store arbitrary data', () => {
  it('keeps the endpoint and the two keys, nothing else', () => {
    expect(parsePushSubscription({ ...sub('https://fcm.googleapis.com/fcm/send/a'), expirationTime: null, note: 'x'.repeat(5000) }, DEFAULT_PUSH_SERVICES)).toEqual(
      sub('https://fcm.googleapis.com/fcm/send/a'),
    );
  });
  it('refuses keys that are not a P-256 point and a 16-byte secret, and long endpoints', () => {
    const ok = 'https://fcm.googleapis.com/fcm/send/a';
    for (const keys of [
      { p256dh: P256DH.slice(0, -4), auth: AUTH },
      { p256dh: `A${P256DH.slice(1)}`, auth: AUTH },
      { p256dh: P256DH, auth: `${AUTH}AAAA` },
      { p256dh: P256DH, auth: 'not base64!' },
      { p256dh: 1, auth: AUTH },
      {},
    ])
      expect(parsePushSubscription(sub(ok, keys), DEFAULT_PUSH_SERVICES), JSON.stringify(keys)).toBeNull();
    expect(parsePushSubscription(sub(`${ok}/${'a'.repeat(1000)}`), DEFAULT_PUSH_SERVICES)).toBeNull();
    expect(parsePushSubscription(sub('https://10.0.0.1/x'), DEFAULT_PUSH_SERVICES)).toBeNull();
    expect(parsePushSubscription(null, DEFAULT_PUSH_SERVICES)).toBeNull();
    expect(parsePushSubscription('x', DEFAULT_PUSH_SERVICES)).toBeNull();
  });
});

describe('an alert', () => {
  it('has a topic of at most 32 base64url characters, the same for the same story (a corrected alert replaces the first)', () => {
    const t = alertTopic('story', '6f1c2a1e-7b8d-4c3e-9f00-1a2b3c4d5e6f');
    expect(t).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(t).toBe(alertTopic('story', '6f1c2a1e-7b8d-4c3e-9f00-1a2b3c4d5e6f'));
    expect(alertTopic('urgent', 'x')).not.toBe(alertTopic('story', 'x'));
  });
  it('opens the story marked as coming from an alert (Relatórios: "Alertas")', () => {
    expect(alertUrl('https://p.br/', '/news/chuva/')).toBe('https://p.br/news/chuva/?utm_source=push');
  });
  it('says the story’s title and summary, or the portal’s name and the urgent message, clipped for a phone', () => {
    expect(alertPayload({ kind: 'story', key: 'k', title: 'Chuva alaga Belém', text: 'Resumo', path: '/news/chuva/' }, 'https://p.br', 'Portal Pará')).toEqual({
      title: 'Chuva alaga Belém',
      body: 'Resumo',
      url: 'https://p.br/news/chuva/?utm_source=push',
      tag: 'sk',
    });
    const urgent = alertPayload({ kind: 'urgent', key: 'u1', title: 'Ponte interditada na BR-316', text: null, path: '/' }, 'https://p.br', 'Portal Pará');
    expect(urgent).toMatchObject({ title: 'Portal Pará', body: 'Ponte interditada na BR-316', url: 'https://p.br/?utm_source=push' });
    expect(alertPayload({ kind: 'story', key: 'k', title: 't', text: 'x'.repeat(500), path: '/' }, 'https://p.br', '').body).toHaveLength(180);
  });
  it('counts the hour before now against the limit', () => {
    const now = new Date('2026-11-27T10:30:00Z');
    expect(alertsLeft([], now, 3)).toBe(3);
    expect(alertsLeft([new Date('2026-11-27T10:10:00Z'), new Date('2026-11-27T09:29:00Z')], now, 3)).toBe(2);
    expect(alertsLeft([now, now, now, now], now, 3)).toBe(0);
  });
});
