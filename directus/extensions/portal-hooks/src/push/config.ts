/**
 * Alerts' settings from Directus's environment (docker-compose, directusEnv):
 * the VAPID pair (none: no alerts), where subscriptions may point, and the
 * hourly limit. A bad value stops nothing else: alerts stay off and say why.
 */
import { DEFAULT_ALERTS_PER_HOUR, DEFAULT_PUSH_SERVICES } from '@portal/domain/push';
import type { Vapid } from './sender.ts';

export type PushEnv = { vapid: Vapid | null; services: string[]; perHour: number };

export function pushEnv(env: Record<string, unknown>, warn: (m: string) => void): PushEnv {
  const publicKey = String(env['PORTAL_PUSH_VAPID_PUBLIC_KEY'] ?? '').trim();
  const privateKey = String(env['PORTAL_PUSH_VAPID_PRIVATE_KEY'] ?? '').trim();
  const from = String(env['EMAIL_FROM'] ?? '').trim();
  // RFC 8292: a contact the push service can reach (mailto: or https:).
  const subject = String(env['PORTAL_PUSH_SUBJECT'] ?? '').trim() || `mailto:${from || 'redacao@portal.local'}`;
  let vapid: Vapid | null = null;
  if (publicKey && privateKey) {
    if (Buffer.from(publicKey, 'base64url').length === 65 && Buffer.from(privateKey, 'base64url').length === 32) vapid = { subject, publicKey, privateKey };
    else warn('alertas desligados: PORTAL_PUSH_VAPID_PUBLIC_KEY/PRIVATE_KEY não são um par VAPID (P-256, base64url)');
  }
  const listed = String(env['PORTAL_PUSH_SERVICES'] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const n = Number(env['PORTAL_PUSH_MAX_PER_HOUR'] ?? DEFAULT_ALERTS_PER_HOUR);
  const perHour = Number.isInteger(n) && n >= 1 && n <= 60 ? n : DEFAULT_ALERTS_PER_HOUR;
  if (perHour !== n) warn(`PORTAL_PUSH_MAX_PER_HOUR inválido (${String(env['PORTAL_PUSH_MAX_PER_HOUR'])}): usando ${DEFAULT_ALERTS_PER_HOUR}`);
  return { vapid, services: listed.length ? listed : [...DEFAULT_PUSH_SERVICES], perHour };
}
