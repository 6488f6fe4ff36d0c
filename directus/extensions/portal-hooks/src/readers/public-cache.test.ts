import { describe, expect, it, vi } from 'vitest';
import { createPublicCache } from './public-cache.ts';

describe('createPublicCache', () => {
  it('computes once per period however many readers ask at once', async () => {
    let t = 0;
    const cache = createPublicCache<number>(1000, () => t);
    const compute = vi.fn(async () => 42);
    const all = await Promise.all(Array.from({ length: 50 }, () => cache.get('rankings', compute)));
    expect(all.every((v) => v === 42)).toBe(true);
    expect(compute).toHaveBeenCalledTimes(1);
    t = 999;
    await cache.get('rankings', compute);
    expect(compute).toHaveBeenCalledTimes(1);
    t = 1000;
    await cache.get('rankings', compute);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('keys are independent and a failure is not cached', async () => {
    const cache = createPublicCache<string>(60_000);
    await expect(cache.get('a', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await cache.get('a', async () => 'ok')).toBe('ok');
    expect(await cache.get('b', async () => 'other')).toBe('other');
  });
});
