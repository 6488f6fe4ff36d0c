/**
 * The per-minute reader caps (decision 016) where every Directus instance sees
 * the same count. With one instance (npm start, the tests) the counts live in
 * this process (`MinuteCaps`); with `REDIS` (the production topology, decision
 * 018) each clock minute's count of a key is one Redis counter, so N instances
 * don't give a script N× the cap. If Redis is unreachable, the instance falls
 * back to its own counts for that request: a reader is never refused an answer
 * because the cap store is down.
 */
import { Redis } from 'ioredis';
import { MinuteCaps } from '@portal/domain/reader-traffic';

export type ReaderCaps = {
  /** Takes one unit for `key` in the current clock minute: true while within `cap`. */
  take: (key: string, cap: number, now?: Date) => Promise<boolean>;
  close: () => void;
};

export function readerCaps(redisUrl: string | undefined): ReaderCaps {
  const local = new MinuteCaps();
  if (!redisUrl) return { take: async (key, cap, now) => local.take(key, cap, now), close: () => {} };

  // No offline queue: while Redis is away a command fails at once instead of
  // holding a reader's answer.
  const client = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  client.on('error', () => {}); // reconnects by itself; each failed take falls back below
  return {
    async take(key, cap, now = new Date()) {
      const minute = Math.floor(now.getTime() / 60_000);
      const redisKey = `portal:cap:${minute}:${key}`;
      try {
        const res = await client.multi().incr(redisKey).expire(redisKey, 120).exec();
        const used = Number(res?.[0]?.[1]);
        if (!Number.isFinite(used)) throw new Error('no count');
        return used <= cap;
      } catch {
        return local.take(key, cap, now);
      }
    },
    close: () => client.disconnect(),
  };
}
