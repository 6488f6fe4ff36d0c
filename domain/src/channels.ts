/**
 * Where a counted view came from (issue #29): WhatsApp, Google search, Google
 * Discover, social networks, a push alert, the newsletter, the portal's own
 * pages, or nothing at all (typed, a bookmark, an app that hides the referrer).
 *
 * The reader's page sends its `document.referrer` (only the path when it is a
 * page of the portal itself) and its `utm_source`; the server turns them into
 * one of these few keys and stores only the key, so a view can never carry
 * arbitrary text into the database.
 */

export const CHANNELS = ['whatsapp', 'google', 'discover', 'social', 'push', 'newsletter', 'shared', 'internal', 'other', 'direct'] as const;
export type Channel = (typeof CHANNELS)[number];

/** The names Relatórios shows, in the order above. */
export const CHANNEL_LABELS: Record<Channel, string> = {
  whatsapp: 'WhatsApp',
  google: 'Busca do Google',
  discover: 'Google Discover',
  social: 'Redes sociais',
  push: 'Alertas',
  newsletter: 'Newsletter',
  shared: 'Link compartilhado',
  internal: 'Dentro do portal',
  other: 'Outros sites',
  direct: 'Direto',
};

/**
 * What a page sends about its arrival: `document.referrer`, cut to its path
 * when it is the portal's own page (the server need not know its public host).
 * @example referrerToSend('https://p.br/category/x/?a=1', 'https://p.br') // '/category/x/'
 * @example referrerToSend('https://www.google.com/', 'https://p.br') // 'https://www.google.com/'
 */
export function referrerToSend(referrer: string, ownOrigin: string): string {
  if (!referrer) return '';
  try {
    const u = new URL(referrer);
    if (u.origin === ownOrigin) return u.pathname;
    // Only the site: a search engine's or a network's full address is not ours to keep.
    return u.protocol === 'android-app:' ? referrer.slice(0, CHANNEL_INPUT_LIMITS.referrer) : `${u.origin}/`;
  } catch {
    return '';
  }
}

/** What a page may send about its arrival: both bounded and optional. */
export const CHANNEL_INPUT_LIMITS = { referrer: 2048, utmSource: 64 } as const;

/** `utm_source` values this product writes (share links, alerts, the newsletter) and the usual ones of other tools. */
const BY_UTM: Record<string, Channel> = {
  whatsapp: 'whatsapp',
  push: 'push',
  alerta: 'push',
  newsletter: 'newsletter',
  email: 'newsletter',
  link: 'shared',
  compartilhar: 'shared',
  facebook: 'social',
  instagram: 'social',
  twitter: 'social',
  x: 'social',
  threads: 'social',
  tiktok: 'social',
  linkedin: 'social',
  telegram: 'social',
  google: 'google',
  discover: 'discover',
};

const SOCIAL_HOSTS = ['facebook.com', 'fb.com', 'instagram.com', 'twitter.com', 'x.com', 't.co', 'threads.net', 'tiktok.com', 'linkedin.com', 'lnkd.in', 't.me', 'telegram.org', 'youtube.com', 'reddit.com', 'bsky.app', 'kwai.com'];
const WHATSAPP_HOSTS = ['whatsapp.com', 'wa.me'];

const hostIs = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);
/** google.com, google.com.br, news.google.com… (not googleusercontent.com or a look-alike). */
const isGoogle = (host: string) => /(^|\.)google\.[a-z]{2,3}(\.[a-z]{2})?$/.test(host);

/**
 * The channel of one view. `utm_source` wins (the link says where it was put);
 * otherwise the referrer's site; a bare path is a page of the portal itself.
 * @example channelOf({ utmSource: 'whatsapp' }) // 'whatsapp'
 * @example channelOf({ referrer: 'android-app://com.google.android.googlequicksearchbox/' }) // 'discover'
 * @example channelOf({ referrer: 'https://www.google.com.br/' }) // 'google'
 * @example channelOf({ referrer: '/category/policia/' }) // 'internal'
 * @example channelOf({}) // 'direct'
 */
export function channelOf(input: { referrer?: unknown; utmSource?: unknown }): Channel {
  const utm = typeof input.utmSource === 'string' ? input.utmSource.trim().toLowerCase().slice(0, CHANNEL_INPUT_LIMITS.utmSource) : '';
  if (utm) return BY_UTM[utm] ?? 'other';
  const referrer = typeof input.referrer === 'string' ? input.referrer.trim().slice(0, CHANNEL_INPUT_LIMITS.referrer) : '';
  if (!referrer) return 'direct';
  if (referrer.startsWith('/') && !referrer.startsWith('//')) return 'internal';
  // Google's app on Android (where Discover lives) sends itself as the referrer.
  if (referrer.startsWith('android-app://com.google.android.googlequicksearchbox')) return 'discover';
  if (referrer.startsWith('android-app://com.google.android.gm')) return 'newsletter';
  if (referrer.startsWith('android-app://com.whatsapp')) return 'whatsapp';
  if (/^android-app:\/\/(com\.facebook|com\.instagram|com\.twitter|org\.telegram|com\.zhiliaoapp)/.test(referrer)) return 'social';
  let host: string;
  try {
    const u = new URL(referrer);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return 'other';
    host = u.hostname.toLowerCase();
  } catch {
    return 'other';
  }
  if (host === 'discover.google.com') return 'discover';
  if (isGoogle(host)) return 'google';
  if (WHATSAPP_HOSTS.some((d) => hostIs(host, d))) return 'whatsapp';
  if (SOCIAL_HOSTS.some((d) => hostIs(host, d))) return 'social';
  return 'other';
}

/** Whether a stored value is one of the channels. Views counted before channels were recorded have none. */
export const isChannel = (v: unknown): v is Channel => typeof v === 'string' && (CHANNELS as readonly string[]).includes(v);

/** The label of the views that carry no channel (counted before it was recorded). */
export const NO_CHANNEL_LABEL = 'Sem informação';
