/**
 * The scheduled-publishing sweep clock (issue #11): shared through Redis by
 * every instance, so consecutive sweeps on different instances cover
 * consecutive windows and a story is found once; in memory for one instance.
 */
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { sweepClock } from '../../directus/extensions/portal-hooks/src/sweep-clock.ts';
import { testRedisUrl } from './support.ts';

const REDIS = testRedisUrl('sweep');
const t = (s: number) => new Date(Date.UTC(2026, 10, 22, 12, 0, s));

afterAll(async () => {
  const r = new Redis(REDIS);
  await r.del('portal:schedule:last-sweep');
  await r.quit();
});

describe('sweep clock', () => {
  it('two instances ticking in turn sweep back-to-back windows, never the same one twice', async () => {
    const r = new Redis(REDIS);
    await r.del('portal:schedule:last-sweep');
    await r.quit();
    const one = sweepClock(REDIS, t(0));
    const two = sweepClock(REDIS, t(0));
    try {
      // Action: ticks at 20, 40, 60 s land on one, two, one.
      const windows = [[await one.advance(t(20)), t(20)], [await two.advance(t(40)), t(40)], [await one.advance(t(60)), t(60)]];
      // Assert
      expect(windows.map(([from, to]) => [from!.getUTCSeconds(), to!.getUTCSeconds()])).toEqual([
        [0, 20],
        [20, 40],
        [40, 0],
      ]);
    } finally {
      one.close();
      two.close();
    }
  });

  it('without Redis (one instance) the clock lives in memory', async () => {
    const c = sweepClock(undefined, t(0));
    expect(await c.advance(t(20))).toEqual(t(0));
    expect(await c.advance(t(40))).toEqual(t(20));
  });
});
