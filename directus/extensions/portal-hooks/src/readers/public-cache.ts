/**
 * Public JSON computed at most once per `ttlMs` per key, however many readers
 * ask at once (concurrent misses share one computation). What readers' pages
 * fetch (rankings, active ads) costs one query per period, not one per view;
 * the same max-age goes out in Cache-Control so nginx or a CDN absorbs the rest.
 */
export type PublicCache<T> = { get(key: string, compute: () => Promise<T>): Promise<T>; clear(): void };

export function createPublicCache<T>(ttlMs: number, now: () => number = Date.now): PublicCache<T> {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return {
    get(key, compute) {
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttlMs) return hit.value;
      const value = compute();
      entries.set(key, { at: now(), value });
      // A failed computation is not kept: the next reader tries again.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}

/** Cache-Control for public JSON that may be shared for `seconds`. */
export const publicMaxAge = (seconds: number) => `public, max-age=${seconds}`;
