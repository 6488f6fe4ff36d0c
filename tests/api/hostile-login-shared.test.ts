/**
 * The login limits are shared by every Directus instance when Redis is there
 * (issue #10): two guards, as two instances would build them from `REDIS`,
 * see each other's counts. Real Redis on 127.0.0.1 (CI starts it).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createLoginGuard, LOGIN_LIMITS } from '../../directus/extensions/portal-hooks/src/login-limit.ts';
import { limiterFactory } from '../../directus/extensions/portal-hooks/src/login-limit-middleware.ts';

const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
const factory = () => limiterFactory(REDIS);

afterAll(async () => {
  const r = new Redis(REDIS);
  const keys = await r.keys('portal:login-*');
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
    for (let i = 0; i < LOGIN_LIMITS.accountIp.points; i++) {
      expect(await (i % 2 ? one : two).loginWait(email, ip)).toBe(0);
      await (i % 2 ? one : two).loginFailed(email, ip);
    }
    expect(await one.loginWait(email, ip)).toBeGreaterThan(0);
    expect(await two.loginWait(email, ip)).toBeGreaterThan(0);
    // Another address on the same account is not blocked (no lockout of the real user).
    expect(await two.loginWait(email, '203.0.113.250')).toBe(0);
  });
});
