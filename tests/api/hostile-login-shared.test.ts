/**
 * The login limits are shared by every Directus instance when Redis is there
 * (issue #10): two guards, as two instances would build them from `REDIS`,
 * see each other's counts. Real Redis on 127.0.0.1 (CI starts it).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createLoginGuard } from '../../directus/extensions/portal-hooks/src/login-limit.ts';
import { limiterFactory } from '../../directus/extensions/portal-hooks/src/login-limit-middleware.ts';
import { testRedisUrl } from './support.ts';

const REDIS = testRedisUrl('login');
const factory = () => limiterFactory(REDIS);
/** Decision 009 (issue #10): one address on one account may fail 5 logins per 15 minutes; written out, not LOGIN_LIMITS. */
const ACCOUNT_IP_ATTEMPTS = 5;

afterAll(async () => {
  const r = new Redis(REDIS);
  const keys = [...(await r.keys('portal:login-*')), ...(await r.keys('portal:mail-*'))];
  if (keys.length) await r.del(...keys);
  await r.quit();
});

describe('login limits across instances', () => {
  it('failures counted on one instance block the same address and account on the other', async () => {
    const one = createLoginGuard(factory());
    const two = createLoginGuard(factory());
    const email = `alvo-${randomUUID()}@portal.test`;
    const ip = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    // Wait for both Redis connections before counting.
    await new Promise((r) => setTimeout(r, 300));
    // Each attempt is counted (reserved) before its password is checked; a failure keeps its count.
    for (let i = 0; i < ACCOUNT_IP_ATTEMPTS; i++) expect(await (i % 2 ? one : two).loginAttempt(email, ip)).toBe(0);
    expect(await one.loginAttempt(email, ip)).toBeGreaterThan(0);
    expect(await two.loginAttempt(email, ip)).toBeGreaterThan(0);
    // Another address on the same account is not blocked (no lockout of the real user).
    expect(await two.loginAttempt(email, '203.0.113.250')).toBe(0);
  });
});
