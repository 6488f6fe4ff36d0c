/**
 * Links in newsletter mails carry a token derived from the subscriber's id and
 * the instance secret (HMAC): nothing to store, nothing to guess, and a
 * confirmation link cannot be turned into an unsubscribe link or another id's.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type TokenPurpose = 'confirm' | 'unsubscribe';

/** The signature of `text` under the instance secret, for a link. */
export const sign = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64url');

/** Whether `token` is `text`'s signature (constant time). */
export function signed(secret: string, text: string, token: unknown): boolean {
  if (typeof token !== 'string' || !token) return false;
  const want = Buffer.from(sign(secret, text));
  const got = Buffer.from(token);
  return want.length === got.length && timingSafeEqual(want, got);
}

export const newsletterToken = (secret: string, id: string, purpose: TokenPurpose) => sign(secret, `newsletter:${purpose}:${id}`);

export function tokenMatches(secret: string, id: unknown, purpose: TokenPurpose, token: unknown): id is string {
  return typeof id === 'string' && !!id && signed(secret, `newsletter:${purpose}:${id}`, token);
}
