/**
 * Where the last scheduled-publishing sweep ended (issue #11). Directus runs
 * each schedule tick on one instance when it synchronises through Redis, but
 * ticks land on either instance: a "last sweep" kept in one process's memory
 * makes the other instance sweep again from its own stale time, and a story
 * goes out twice. With Redis the clock is shared and advanced atomically
 * (GETSET), so each window (previous end, now] is swept once, wherever.
 * Without Redis (one instance: npm start, the tests) it lives in memory.
 */
import { Redis } from 'ioredis';

export type SweepClock = {
  /** Moves the clock to `now`; returns where the previous sweep ended. */
  advance: (now: Date) => Promise<Date>;
  close: () => void;
};

const KEY = 'portal:schedule:last-sweep';

export function sweepClock(redisUrl: string | undefined, start: Date): SweepClock {
  if (!redisUrl) {
    let last = start;
    return {
      advance: async (now) => {
        const prev = last;
        last = now;
        return prev;
      },
      close: () => {},
    };
  }
  const client = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
  return {
    advance: async (now) => {
      const prev = await client.getset(KEY, now.toISOString());
      return prev ? new Date(prev) : start;
    },
    close: () => client.disconnect(),
  };
}
