/**
 * Brute force on staff accounts (issue #10). Directus suspends an account
 * after 25 failed logins, so anyone could lock an editor out; that counter is
 * switched off (`auth_login_attempts: null`, directus/seed/reference.ts) and
 * these limits answer 429 long before, without ever suspending anyone:
 *   - one address:                    20 failed logins per 15 min
 *   - one address on one account:      5 failed logins per 15 min
 *   - one account from anywhere:      50 failed logins per hour (distributed guessing)
 *   - one address asking for reset mails or signing up: 10 per hour
 * A successful login clears that address's count on that account. Counts live
 * in Redis when Directus has `REDIS` (shared by every instance), else in
 * memory. See docs/decisions/009-login-limits.md.
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';

export type Limit = { points: number; duration: number };

export const LOGIN_LIMITS = {
  ip: { points: 20, duration: 15 * 60 },
  accountIp: { points: 5, duration: 15 * 60 },
  account: { points: 50, duration: 60 * 60 },
  mail: { points: 10, duration: 60 * 60 },
} as const satisfies Record<string, Limit>;

export type LimiterFactory = (name: string, limit: Limit) => RateLimiterAbstract;

/** @example tooManyMessage(90_000) // 'Muitas tentativas. Tente novamente em 2 minutos.' */
export function tooManyMessage(msBeforeNext: number): string {
  const minutes = Math.max(1, Math.ceil(msBeforeNext / 60_000));
  return `Muitas tentativas. Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
}

export const normaliseEmail = (email: unknown) => (typeof email === 'string' ? email.trim().toLowerCase() : '');

export function createLoginGuard(make: LimiterFactory) {
  const ip = make('login-ip', LOGIN_LIMITS.ip);
  const accountIp = make('login-account-ip', LOGIN_LIMITS.accountIp);
  const account = make('login-account', LOGIN_LIMITS.account);
  const mail = make('mail-ip', LOGIN_LIMITS.mail);

  /** Milliseconds until the limiter lets this key through again, or 0. */
  const wait = async (limiter: RateLimiterAbstract, key: string) => {
    const res = await limiter.get(key);
    return res && res.consumedPoints >= limiter.points ? res.msBeforeNext : 0;
  };

  return {
    /** Before a login is tried: 0 to go ahead, else how long this one must wait. */
    async loginWait(email: string, address: string): Promise<number> {
      const waits = await Promise.all([wait(ip, address), wait(accountIp, `${email}|${address}`), email ? wait(account, email) : 0]);
      return Math.max(...waits);
    },
    async loginFailed(email: string, address: string) {
      const consume = (l: RateLimiterAbstract, k: string) => l.consume(k).catch(() => undefined);
      await Promise.all([consume(ip, address), consume(accountIp, `${email}|${address}`), email ? consume(account, email) : undefined]);
    },
    async loginSucceeded(email: string, address: string) {
      await accountIp.delete(`${email}|${address}`);
    },
    /** Reset mails and sign-ups: counts the request itself; 0 to go ahead. */
    async mailRequest(address: string): Promise<number> {
      try {
        await mail.consume(address);
        return 0;
      } catch (res) {
        return (res as { msBeforeNext?: number }).msBeforeNext ?? 60_000;
      }
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
