/**
 * Brute force on staff accounts (issue #10). Directus suspends an account
 * after 25 failed logins, so anyone could lock an editor out; that counter is
 * switched off (`auth_login_attempts: null`, directus/seed/reference.ts) and
 * these limits answer 429 long before, without ever suspending anyone:
 *   - one address:                    20 failed logins per 15 min
 *   - one address on one account:      5 failed logins per 15 min
 *   - one account from anywhere:      50 failed logins per hour (distributed guessing)
 *   - one address asking for reset mails or signing up: 10 per hour
 *   - one address asking for reader mails (newsletter, privacy requests): 10 per hour,
 *     a budget of its own (a reader's requests never use up a reset mail)
 *   - one recipient: 3 mails of each kind per hour, whoever asks (mail bombing, issue #32)
 * Every login attempt is counted (reserved) before the password is checked, so
 * a burst in parallel gets 429 from the 6th on one account (issue #32); a
 * success gives its reservation back and clears that address's count on that
 * account, an answer that was not a failed login gives it back too. Counts live
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
  readerMail: { points: 10, duration: 60 * 60 },
  recipient: { points: 3, duration: 60 * 60 },
} as const satisfies Record<string, Limit>;

/** The mails one recipient may get per hour, counted per kind. */
export type MailKind = 'account' | 'reader';

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
  const readerMail = make('mail-reader-ip', LOGIN_LIMITS.readerMail);
  const recipient = make('mail-recipient', LOGIN_LIMITS.recipient);

  /** Counts one request; 0 to go ahead, else how long until this key may again. */
  const take = async (limiter: RateLimiterAbstract, key: string): Promise<number> => {
    try {
      await limiter.consume(key);
      return 0;
    } catch (res) {
      if (res instanceof Error) throw res;
      return (res as { msBeforeNext?: number }).msBeforeNext ?? 60_000;
    }
  };
  const giveBack = (limiter: RateLimiterAbstract, key: string) => limiter.reward(key, 1).then(() => undefined);
  const loginKeys = (email: string, address: string) =>
    [
      [ip, address],
      [accountIp, `${email}|${address}`],
      ...(email ? [[account, email] as const] : []),
    ] as Array<readonly [RateLimiterAbstract, string]>;

  return {
    /**
     * Before a login is tried: reserves the attempt on every limit it counts
     * against (so parallel attempts cannot all pass before the first failure
     * is known); 0 to go ahead, else how long this one must wait.
     */
    async loginAttempt(email: string, address: string): Promise<number> {
      const keys = loginKeys(email, address);
      const waits = await Promise.all(keys.map(([l, k]) => take(l, k)));
      const wait = Math.max(...waits);
      // Refused: the attempt is not made, so it counts nowhere (a blocked address cannot run up the account's count).
      if (wait > 0) await Promise.all(keys.filter((_, i) => waits[i] === 0).map(([l, k]) => giveBack(l, k)));
      return wait;
    },
    /** The attempt was a success: its reservations go back, and this address's count on this account is cleared. */
    async loginSucceeded(email: string, address: string) {
      await Promise.all([giveBack(ip, address), email ? giveBack(account, email) : undefined, accountIp.delete(`${email}|${address}`)]);
    },
    /** The answer was neither a success nor a failed password (a malformed request, a server error): nothing is counted. */
    async loginNotCounted(email: string, address: string) {
      await Promise.all(loginKeys(email, address).map(([l, k]) => giveBack(l, k)));
    },
    /** Reset mails and sign-ups: counts the request itself; 0 to go ahead. */
    async mailRequest(address: string): Promise<number> {
      return take(mail, address);
    },
    /** Newsletter and privacy requests: a budget of their own per address. */
    async readerMailRequest(address: string): Promise<number> {
      return take(readerMail, address);
    },
    /** One more mail of this kind to this recipient: false once it has had its share this hour. */
    async mayMail(kind: MailKind, to: string): Promise<boolean> {
      return (await take(recipient, `${kind}|${normaliseEmail(to)}`)) === 0;
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
