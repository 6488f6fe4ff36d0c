import { describe, expect, it } from 'vitest';
import { Coalescer, mergeRequests, type BuildRequest } from './coalescer.ts';

const deferred = () => {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((a, b) => ((resolve = a), (reject = b)));
  return { promise, resolve, reject };
};

describe('mergeRequests', () => {
  it('unions targeted news and lets full win', () => {
    expect(mergeRequests({ full: false, news: ['a'], slugs: ['sa'] }, { full: false, news: ['b', 'a'], slugs: ['sb'] })).toEqual({
      full: false,
      news: ['a', 'b'],
      slugs: ['sa', 'sb'],
    });
    expect(mergeRequests({ full: false, news: ['a'], slugs: [] }, { full: true })).toEqual({ full: true });
    expect(mergeRequests(null, { full: false, news: ['x', 'x'], slugs: [] })).toEqual({ full: false, news: ['x'], slugs: [] });
  });
});

describe('Coalescer', () => {
  it('a burst during a build queues exactly one follow-up with everything merged', async () => {
    const builds: BuildRequest[] = [];
    const gates = [deferred(), deferred()];
    const c = new Coalescer(async (req) => {
      builds.push(req);
      await gates[builds.length - 1]!.promise;
    });
    // Action: one trigger starts a build; ten more arrive while it runs.
    const first = c.trigger({ full: false, news: ['n0'], slugs: [] });
    for (let i = 1; i <= 10; i++) void c.trigger({ full: false, news: [`n${i}`], slugs: [] });
    expect(c.busy).toBe(true);
    gates[0]!.resolve();
    gates[1]!.resolve();
    await first;
    await c.idle();
    // Assert
    expect(builds).toHaveLength(2);
    expect(builds[0]).toEqual({ full: false, news: ['n0'], slugs: [] });
    expect((builds[1] as { news: string[] }).news.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `n${i + 1}`).sort());
  });

  it('a failed build is recorded and the next trigger still builds', async () => {
    let n = 0;
    const outcomes: boolean[] = [];
    const c = new Coalescer(
      async () => {
        n++;
        if (n === 1) throw new Error('astro quebrou');
      },
      (_r, o) => outcomes.push(o.ok),
    );
    await c.trigger({ full: true });
    await c.trigger({ full: true });
    expect(outcomes).toEqual([false, true]);
    expect(c.history[0]!.outcome).toMatchObject({ ok: false, error: 'astro quebrou' });
  });

  it('a queued publish runs before a queued full rebuild', async () => {
    const order: string[] = [];
    const gate = deferred();
    const c = new Coalescer(async (req) => {
      order.push(req.full ? 'full' : `news:${req.news.join(',')}`);
      if (order.length === 1) await gate.promise;
    });
    void c.trigger({ full: true });
    void c.trigger({ full: true });
    void c.trigger({ full: false, news: ['urgente'], slugs: [] });
    gate.resolve();
    await c.idle();
    expect(order).toEqual(['full', 'news:urgente', 'full']);
  });

  it('triggers after the burst start a new build (no change is lost)', async () => {
    const seen: string[][] = [];
    const c = new Coalescer(async (req) => void seen.push(req.full ? ['*'] : req.news));
    await c.trigger({ full: false, news: ['a'], slugs: [] });
    await c.trigger({ full: false, news: ['b'], slugs: [] });
    expect(seen).toEqual([['a'], ['b']]);
  });
});
