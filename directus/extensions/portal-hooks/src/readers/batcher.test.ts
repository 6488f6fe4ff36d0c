import { describe, expect, it, vi } from 'vitest';
import { createBatcher } from './batcher.ts';

describe('createBatcher', () => {
  it('answers many submissions with one flush, each after it committed', async () => {
    const flush = vi.fn(async (items: number[]) => items.map((n) => n * 2));
    const b = createBatcher(flush, { intervalMs: 20, maxItems: 1000 });
    const answers = await Promise.all(Array.from({ length: 500 }, (_, i) => b.submit(i)));
    expect(flush).toHaveBeenCalledTimes(1);
    expect(answers[499]).toBe(998);
  });

  it('splits a full queue into batches of at most maxItems', async () => {
    const sizes: number[] = [];
    const b = createBatcher(async (items: number[]) => (sizes.push(items.length), items), { intervalMs: 5, maxItems: 100 });
    await Promise.all(Array.from({ length: 250 }, (_, i) => b.submit(i)));
    expect(sizes).toEqual([100, 100, 50]);
  });

  it('a failed flush fails every request of that batch (nothing is acknowledged unstored) and the next batch still runs', async () => {
    let fail = true;
    const b = createBatcher(
      async (items: number[]) => {
        if (fail) throw new Error('disco cheio');
        return items;
      },
      { intervalMs: 5, maxItems: 100 },
    );
    const first = await Promise.allSettled([b.submit(1), b.submit(2)]);
    expect(first.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await b.submit(3)).toBe(3);
  });

  it('runs one flush at a time', async () => {
    let active = 0;
    let most = 0;
    const b = createBatcher(
      async (items: number[]) => {
        active++;
        most = Math.max(most, active);
        await new Promise((r) => setTimeout(r, 15));
        active--;
        return items;
      },
      { intervalMs: 1, maxItems: 3 },
    );
    await Promise.all(Array.from({ length: 20 }, (_, i) => b.submit(i)));
    expect(most).toBe(1);
  });

  it('drain flushes what is queued without waiting for the interval', async () => {
    const flush = vi.fn(async (items: number[]) => items);
    const b = createBatcher(flush, { intervalMs: 60_000, maxItems: 10 });
    const p = b.submit(7);
    await b.drain();
    expect(await p).toBe(7);
    expect(b.pending).toBe(0);
  });

  it('submitNow flushes an edge batch at once, in one flush, and answers each item on its own', async () => {
    const sizes: number[] = [];
    const b = createBatcher(
      async (items: number[]) => {
        sizes.push(items.length);
        return items.map((n) => n * 10);
      },
      { intervalMs: 60_000, maxItems: 1000 },
    );
    const t0 = Date.now();
    const answers = await b.submitNow([1, 2, 3]);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(answers).toEqual([1, 2, 3].map((n) => ({ status: 'fulfilled', value: n * 10 })));
    expect(sizes).toEqual([3]);
  });

  it('an edge batch that arrives during a flush goes right after it, not an interval later, and flushes never overlap', async () => {
    let active = 0;
    let most = 0;
    const sizes: number[] = [];
    const b = createBatcher(
      async (items: number[]) => {
        active++;
        most = Math.max(most, active);
        sizes.push(items.length);
        await new Promise((r) => setTimeout(r, 20));
        active--;
        return items;
      },
      { intervalMs: 60_000, maxItems: 1000 },
    );
    const first = b.submitNow([1, 2]);
    await new Promise((r) => setTimeout(r, 5));
    const t0 = Date.now();
    const second = await b.submitNow([3, 4, 5]);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect((await first).every((r) => r.status === 'fulfilled')).toBe(true);
    expect(second.map((r) => (r.status === 'fulfilled' ? r.value : null))).toEqual([3, 4, 5]);
    expect(sizes).toEqual([2, 3]);
    expect(most).toBe(1);
  });

  it('a failed edge batch rejects each of its items without failing the others already stored', async () => {
    let fail = false;
    const b = createBatcher(
      async (items: number[]) => {
        if (fail) throw new Error('banco fora do ar');
        return items;
      },
      { intervalMs: 60_000, maxItems: 1000 },
    );
    expect((await b.submitNow([1])).map((r) => r.status)).toEqual(['fulfilled']);
    fail = true;
    expect((await b.submitNow([2, 3])).map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
