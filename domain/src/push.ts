/**
 * Breaking-news alerts by Web Push, self-hosted (issue #29, item 3; decision
 * 061): what a reader's subscription may be, what an alert says and how often
 * the newsroom may send one. The server (portal-hooks/src/push) and the pages
 * (the "Receber alertas" island) read these rules; nothing here does I/O.
 */

/** The consent a reader gives (LGPD): recorded with its version and time on the subscription. */
export const PUSH_CONSENT_VERSION = '2026-11';
export const PUSH_CONSENT_TEXT =
  'Aceito receber neste navegador alertas de notícias urgentes do portal. Posso parar quando quiser, pelo navegador ou pelo botão "Parar alertas".';

/** An alert older than this is not worth showing (RFC 8030 TTL): a push service drops it. */
export const PUSH_TTL_SECONDS = 600;
/** Breaking news: delivered at once, even to a phone saving battery (RFC 8030 Urgency). */
export const PUSH_URGENCY = 'high';
/** At most this many alerts an hour unless PORTAL_PUSH_MAX_PER_HOUR says otherwise: a slip cannot spam readers. */
export const DEFAULT_ALERTS_PER_HOUR = 3;

export const PUSH_MESSAGES = {
  subscribed: 'Pronto: você vai receber os alertas de notícias urgentes neste navegador.',
  unsubscribed: 'Alertas desativados neste navegador.',
  invalid: 'Inscrição de alertas inválida.',
  consent: 'Para receber alertas é preciso aceitar o aviso de consentimento.',
  tooManyRequests: 'Muitas tentativas deste endereço. Tente de novo em um minuto.',
  forbidden: 'Apenas editores e super admins enviam alertas.',
  notPublished: 'Só é possível enviar alerta de uma notícia publicada.',
  noUrgent: 'Não há mensagem urgente para enviar.',
  noSubscribers: 'Ainda não há leitores inscritos para receber alertas.',
  unavailable: 'Os alertas não estão configurados neste servidor.',
  tooMany: (perHour: number) => `Limite de ${perHour} ${perHour === 1 ? 'alerta' : 'alertas'} por hora atingido. Tente de novo mais tarde.`,
  queued: (n: number) => `Alerta enviado para ${n.toLocaleString('pt-BR')} ${n === 1 ? 'inscrito' : 'inscritos'}.`,
} as const;

/**
 * The push services a browser hands out (Chrome/Edge/Opera, Firefox, Safari,
 * Windows): the server posts to a subscription's endpoint, so only these are
 * accepted — never an address of the server's own network (SSRF). A leading
 * `*.` takes any subdomain.
 */
export const DEFAULT_PUSH_SERVICES = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://web.push.apple.com',
  'https://*.push.apple.com',
  'https://*.notify.windows.com',
] as const;

export type PushKeys = { p256dh: string; auth: string };
export type PushSubscriptionInput = { endpoint: string; keys: PushKeys };

const B64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const bytesOf = (s: unknown): number | null => {
  if (typeof s !== 'string' || s.length > 200 || !B64URL.test(s)) return null;
  const clean = s.replace(/=+$/, '');
  return clean.length % 4 === 1 ? null : Math.floor((clean.length * 3) / 4);
};
/** A base64url character's 6 bits. */
const sextet = (c: number) => (c >= 65 && c <= 90 ? c - 65 : c >= 97 && c <= 122 ? c - 71 : c >= 48 && c <= 57 ? c + 4 : c === 45 ? 62 : 63);
/** The first byte of a base64url string (0x04 marks an uncompressed P-256 point). */
const firstByte = (s: string) => ((sextet(s.charCodeAt(0)) << 2) | (sextet(s.charCodeAt(1)) >> 4)) & 0xff;

/**
 * Whether `endpoint` is at one of `services` (origins, `https://*.host` for subdomains).
 * @example isPushService('https://fcm.googleapis.com/fcm/send/abc', DEFAULT_PUSH_SERVICES) // true
 * isPushService('https://169.254.169.254/latest', DEFAULT_PUSH_SERVICES) // false
 */
export function isPushService(endpoint: string, services: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return services.some((s) => {
    const m = /^(https?):\/\/(\*\.)?([^/]+)$/.exec(s.trim());
    if (!m) return false;
    const [, scheme, any, host] = m;
    if (url.protocol !== `${scheme}:`) return false;
    return any ? url.host.endsWith(`.${host}`) : url.host === host;
  });
}

/**
 * A browser's PushSubscription (its JSON) as the portal keeps it, or null: an
 * endpoint at a known push service and the two keys of RFC 8291 (a P-256
 * point, a 16-byte secret). Anything else in the body is dropped, never stored.
 * @example parsePushSubscription({ endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'BN…', auth: 'k3…' } }, DEFAULT_PUSH_SERVICES)
 */
export function parsePushSubscription(v: unknown, services: readonly string[]): PushSubscriptionInput | null {
  if (!v || typeof v !== 'object') return null;
  const { endpoint, keys } = v as { endpoint?: unknown; keys?: unknown };
  if (typeof endpoint !== 'string' || endpoint.length > 1000 || !isPushService(endpoint, services)) return null;
  if (!keys || typeof keys !== 'object') return null;
  const { p256dh, auth } = keys as { p256dh?: unknown; auth?: unknown };
  if (bytesOf(p256dh) !== 65 || firstByte(p256dh as string) !== 4 || bytesOf(auth) !== 16) return null;
  return { endpoint, keys: { p256dh: p256dh as string, auth: auth as string } };
}

/**
 * RFC 8030's Topic: at most 32 base64url characters. A corrected alert of the
 * same story has the same topic, so a push service holding the first for an
 * offline phone delivers only the second.
 * @example alertTopic('story', '6f1c2a1e-7b8d-4c3e-9f00-1a2b3c4d5e6f') // 's6f1c2a1e7b8d4c3e9f001a2b3c4d5e6'
 */
export function alertTopic(kind: 'story' | 'urgent', key: string): string {
  return `${kind === 'story' ? 's' : 'u'}${key.replace(/[^A-Za-z0-9_-]/g, '')}`.slice(0, 32);
}

/** What the service worker shows: one notification per topic (`tag`), opening `url`. */
export type AlertPayload = { title: string; body: string; url: string; tag: string };

const clip = (s: string, n: number) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length <= n ? t : `${t.slice(0, n - 1).trimEnd()}…`;
};

/** Where an alert takes the reader, marked so the visit counts as "Alertas" in Relatórios (domain/channels). */
export function alertUrl(siteUrl: string, path: string): string {
  const u = new URL(path, `${siteUrl.replace(/\/$/, '')}/`);
  u.searchParams.set('utm_source', 'push');
  return u.toString();
}

/**
 * The notification of a story's alert, or of the urgent message's.
 * @example alertPayload({ kind: 'story', key: 'id', title: 'Chuva alaga Belém', text: 'Resumo', path: '/news/chuva/' }, 'https://p.br', 'Portal Pará')
 * // { title: 'Chuva alaga Belém', body: 'Resumo', url: 'https://p.br/news/chuva/?utm_source=push', tag: 'sid' }
 */
export function alertPayload(
  a: { kind: 'story' | 'urgent'; key: string; title: string; text: string | null; path: string },
  siteUrl: string,
  portalName: string,
): AlertPayload {
  const title = a.kind === 'urgent' ? portalName || 'Alerta' : a.title;
  const body = a.kind === 'urgent' ? a.title : (a.text ?? '');
  return { title: clip(title, 100), body: clip(body, 180), url: alertUrl(siteUrl, a.path), tag: alertTopic(a.kind, a.key) };
}

/**
 * How many alerts may still go this hour.
 * @example alertsLeft([new Date('2026-11-27T10:10:00Z')], new Date('2026-11-27T10:30:00Z'), 3) // 2
 */
export function alertsLeft(sentAt: readonly Date[], now: Date, perHour: number): number {
  const since = now.getTime() - 3_600_000;
  return Math.max(0, perHour - sentAt.filter((d) => d.getTime() > since).length);
}

/** Subscriptions sent per claim of an alert's queue: at most this many miss it if the server dies mid-send (never twice). */
export const PUSH_BATCH = 100;
