/**
 * Browser-side calls to the same-origin engagement endpoints with plain
 * fetch (the Directus SDK stays out of the bundle), plus the anonymous
 * reader's session id and liked ids in localStorage.
 */
import { referrerToSend } from '@portal/domain/channels';
import { isValidSessionId } from '@portal/domain/engagement';

const SESSION_KEY = 'portal:session_id';
const LIKED_KEY = 'portal:liked_ids';

export type Counts = { views: number; likes: number };
export type RankedItem = { id: string; title: string; slug: string; featured_image: string | null; published_at: string; views: number; likes: number };

/** localStorage can throw (privacy modes, quota): reading and writing never break the page. */
export function storageGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
export function storageSet(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* the like still works for this page view */
  }
}

export function sessionId(): string {
  const stored = storageGet(SESSION_KEY);
  if (isValidSessionId(stored)) return stored;
  const id = crypto.randomUUID();
  storageSet(SESSION_KEY, id);
  return id;
}

export function likedIds(): string[] {
  try {
    const v = JSON.parse(storageGet(LIKED_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function setLiked(newsId: string, liked: boolean) {
  const ids = new Set(likedIds());
  if (liked) ids.add(newsId);
  else ids.delete(newsId);
  storageSet(LIKED_KEY, JSON.stringify([...ids]));
}

export class ApiError extends Error {}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(path, { ...init, headers: { accept: 'application/json', ...(init?.body ? { 'content-type': 'application/json' } : {}) } });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(body?.errors?.[0]?.message ?? `HTTP ${res.status}`);
  return body as T;
}

export type ArticleView = Counts & { liked: boolean; counted: boolean };

/** Where this visit came from (issue #29): the server keeps only its channel (domain/channels). */
function arrival() {
  try {
    return { referrer: referrerToSend(document.referrer, location.origin), utm_source: new URLSearchParams(location.search).get('utm_source') ?? '' };
  } catch {
    return {};
  }
}

/**
 * The one call of an article view (issue #9): records the view and answers
 * the counts and this reader's liked state. `keepalive` lets it finish even
 * if the reader leaves at once, like a beacon, while still reading the answer.
 */
export const articleView = (newsId: string) =>
  call<ArticleView>('/api/portal/article-view', { method: 'POST', keepalive: true, body: JSON.stringify({ news_id: newsId, session_id: sessionId(), ...arrival() }) });

export const toggleLike = (newsId: string) =>
  call<{ liked: boolean; likes: number }>('/api/portal/likes', { method: 'POST', body: JSON.stringify({ news_id: newsId, session_id: sessionId() }) });

/** Shared JSON with a short max-age: the browser, nginx or a CDN answer most of these. */
export const getRankings = () => call<{ most_read: RankedItem[]; most_liked: RankedItem[] }>('/api/portal/rankings');


/** Newsletter request (issue #13): the server answers the same message whatever the address's state. */
export const subscribeNewsletter = (email: string) =>
  call<{ message: string }>('/api/portal/newsletter/subscribe', { method: 'POST', body: JSON.stringify({ email }) });

/** Breaking-news alerts (issue #29): the browser's subscription with the consent version the reader accepted. */
export const subscribeAlerts = (subscription: PushSubscriptionJSON, consent: string) =>
  call<{ message: string }>('/api/portal/push/subscribe', { method: 'POST', body: JSON.stringify({ subscription, consent }) });
export const unsubscribeAlerts = (endpoint: string) =>
  call<{ message: string }>('/api/portal/push/unsubscribe', { method: 'POST', body: JSON.stringify({ endpoint }) });

/** LGPD request (copy or deletion), confirmed from a link mailed to the address itself. */
export const requestPrivacy = (email: string, kind: string) =>
  call<{ message: string }>('/api/portal/privacy/request', { method: 'POST', body: JSON.stringify({ email, kind }) });
