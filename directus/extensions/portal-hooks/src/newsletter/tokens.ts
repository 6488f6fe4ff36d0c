/**
 * Links in newsletter mails carry a token derived from the subscriber's id and
 * the instance secret (HMAC): nothing to store, nothing to guess, and a
 * confirmation link cannot be turned into an unsubscribe link or another id's.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type TokenPurpose = 'confirm' | 'unsubscribe';

export function newsletterToken(secret: string, id: string, purpose: TokenPurpose): string {
  return createHmac('sha256', secret).update(`newsletter:${purpose}:${id}`).digest('base64url');
}

export function tokenMatches(secret: string, id: unknown, purpose: TokenPurpose, token: unknown): id is string {
  if (typeof id !== 'string' || typeof token !== 'string' || !id || !token) return false;
  const want = Buffer.from(newsletterToken(secret, id, purpose));
  const got = Buffer.from(token);
  return want.length === got.length && timingSafeEqual(want, got);
}
