import { describe, expect, it } from 'vitest';
import type { TargetedRequest } from '@portal/domain/build-contract';
import { Coalescer, SteppedAside, type BuildJobs } from './coalescer.ts';

const deferred = <T = void>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<T>((a, b) => ((resolve = a), (reject = b)));
  return { promise, resolve, reject };
};
const t = (...news: string[]): TargetedRequest => ({ full: false, news, slugs: [] });
/** Lets a lane start: requests made in the same tick merge into one build. */
const tick = () => new Promise((r) => setTimeout(r, 0));

/**
 * A fake site: folders are strings, a folder's content is the set of stories
 * rendered into it; "live" is what readers get.
 */
function fakeSite() {
  const folders = new Map<string, Set<string>>();
  let n = 0;
  const site = {
    live: null as string | null,
    activated: [] as string[],
    discarded: [] as string[],
    /** Stories as the database has them when a full build reads it. */
    db: new Set<string>(),
    fullGate: null as Promise<void> | null,
    targetedGate: null as Promise<void> | null,
    targeted: [] as string[][],
    content: (dir: string | null) => [...(dir ? (folders.get(dir) ?? []) : [])].sort(),
  };
  const jobs: BuildJobs = {
    full: async () => {
      const snapshot = new Set(site.db); // reads the data at the start, like Astro
      if (site.fullGate) await site.fullGate;
      const dir = `full-${++n}`;
      folders.set(dir, snapshot);
      return dir;
    },
    targeted: async (req, base, aside) => {
      site.targeted.push([...req.news, ...req.slugs]);
      // Stepping aside, as the warm process does between pages: while the job waits at its gate.
      const stepped = new Promise<never>((_, reject) => aside?.addEventListener('abort', () => reject(new SteppedAside()), { once: true }));
      stepped.catch(() => {});
      if (aside?.aborted) throw new SteppedAside();
      if (site.targetedGate) await Promise.race([site.targetedGate, stepped]);
      const dir = base ?? `t-${++n}`;
      const pages = new Set(base ? folders.get(base) : site.live ? folders.get(site.live) : []);
      // A story's page, or a list page a story-less change renders (its slugs stand for them here).
      for (const id of [...req.news, ...req.slugs]) pages.add(id);
      folders.set(dir, pages);
      return dir;
    },
    activate: (dir) => {
      site.live = dir;
      site.activated.push(dir);
    },
    discard: (dir) => void site.discarded.push(dir),
    hasLive: () => site.live !== null,
  };
  return { site, jobs };
}

/** A site live from a full build of "old", and a second full build held at its gate, with `during` published while it runs. */
async function secondFullBuildWith(c: Coalescer, site: ReturnType<typeof fakeSite>['site'], during: string) {
  site.db = new Set(['old']);
  await c.trigger({ full: true });
  const fullGate = deferred();
  site.fullGate = fullGate.promise;
  void c.trigger({ full: true });
  await tick();
  void c.trigger(t(during));
  while (site.live === 'full-1') await tick();
  return fullGate;
}

/**
 * With the live lane held at `gate`: `first` arrives, the held job is let go (and whatever runs next is held
 * again), `second` arrives, and everything runs out.
 */
async function storyThenAnother(c: Coalescer, site: ReturnType<typeof fakeSite>['site'], gate: { resolve: () => void }, first: string, second: string) {
  void c.trigger(t(first));
  await tick();
  const next = deferred();
  site.targetedGate = next.promise;
  gate.resolve();
  await tick();
  void c.trigger(t(second));
  await tick();
  site.targetedGate = null;
  next.resolve();
  await c.idle();
}

describe('live lane', () => {
  it('a burst during a build queues exactly one follow-up with everything merged', async () => {
    const { site, jobs } = fakeSite();
    const gate = deferred();
    site.targetedGate = gate.promise;
    const c = new Coalescer(jobs);
    // Action: one trigger starts a build; ten more arrive while it runs.
    void c.trigger(t('n0'));
    await tick();
    for (let i = 1; i <= 10; i++) void c.trigger(t(`n${i}`));
    expect(c.busy).toBe(true);
    gate.resolve();
    await c.idle();
    // Assert
    expect(site.targeted).toHaveLength(2);
    expect(site.targeted[0]).toEqual(['n0']);
    expect([...site.targeted[1]!].sort()).toEqual(Array.from({ length: 10 }, (_, i) => `n${i + 1}`).sort());
  });

  it('a failed build is recorded and the next trigger still builds', async () => {
    const { jobs } = fakeSite();
    let n = 0;
    const outcomes: boolean[] = [];
    const c = new Coalescer(
      {
        ...jobs,
        targeted: async (req, base) => {
          if (++n === 1) throw new Error('astro quebrou');
          return jobs.targeted(req, base);
        },
      },
      (_r, o) => outcomes.push(o.ok),
    );
    await c.trigger(t('a'));
    await c.trigger(t('a'));
    expect(outcomes).toEqual([false, true]);
    expect(c.history[0]!.outcome).toMatchObject({ ok: false, error: 'astro quebrou' });
  });

  it('triggers after a build ends start a new build (no change is lost)', async () => {
    const { site, jobs } = fakeSite();
    const c = new Coalescer(jobs);
    await c.trigger(t('a'));
    await c.trigger(t('b'));
    expect(site.targeted).toEqual([['a'], ['b']]);
  });
});

describe('full lane beside the live lane (nothing waits behind a full build)', () => {
  it('publishes go live while a full build runs, and its adoption does not undo them', async () => {
    const { site, jobs } = fakeSite();
    const c = new Coalescer(jobs);
    site.db = new Set(['old']);
    await c.trigger({ full: true });
    expect(site.content(site.live)).toEqual(['old']);
    // A slow full build starts; it read the database before "late" was published.
    const fullGate = deferred();
    site.fullGate = fullGate.promise;
    void c.trigger({ full: true });
    await Promise.resolve();
    expect(c.fullRunning).toBe(true);
    // Action: a publish during it goes live at once.
    site.db.add('late');
    await Promise.race([c.trigger(t('late')), new Promise((r) => setTimeout(r, 50))]);
    expect(site.content(site.live)).toEqual(['late', 'old']);
    // The full build ends: adopted with "late" replayed over it, then switched.
    fullGate.resolve();
    await c.idle();
    // Assert
    expect(site.live).toBe('full-3');
    expect(site.content(site.live)).toEqual(['late', 'old']);
    expect(site.targeted.at(-1)).toEqual(['late']);
  });

  it('a publish waiting when a full build finishes goes live first, over the live site, then is replayed in the adoption', async () => {
    const { site, jobs } = fakeSite();
    const c = new Coalescer(jobs);
    // "during" is published while the full build runs (it must be replayed); "a" holds the live lane as it ends.
    const fullGate = await secondFullBuildWith(c, site, 'during');
    const liveGate = deferred();
    site.targetedGate = liveGate.promise;
    void c.trigger(t('a'));
    await tick();
    fullGate.resolve();
    while (c.fullRunning) await tick();
    // Action: "b" arrives while "a" runs, with the adoption waiting.
    void c.trigger(t('b'));
    site.targetedGate = null;
    liveGate.resolve();
    await c.idle();
    // Assert: "b" had a build of its own over the live site before the replay, which then carried it too.
    expect(site.targeted).toEqual([['during'], ['a'], ['b'], expect.arrayContaining(['during', 'a', 'b'])]);
    expect(site.activated.at(-2)).toMatch(/^t-/);
    expect(site.live).toMatch(/^full-/);
    expect(site.content(site.live)).toEqual(['a', 'b', 'during', 'old']);
  });

  it('a busy live lane holds an adoption back for one build only', async () => {
    const { site, jobs } = fakeSite();
    const c = new Coalescer(jobs);
    await c.trigger({ full: true });
    let gate = deferred();
    site.targetedGate = gate.promise;
    site.db.add('a');
    void c.trigger(t('a'));
    await tick();
    void c.trigger({ full: true });
    while (c.fullRunning) await tick();
    // Action: each build that runs has the next publish waiting behind it.
    for (const next of ['b', 'c', 'd']) {
      site.db.add(next);
      void c.trigger(t(next));
      const open = gate;
      gate = deferred();
      site.targetedGate = gate.promise;
      open.resolve();
      await tick();
    }
    site.targetedGate = null;
    gate.resolve();
    await c.idle();
    // Assert: "b" went ahead of the adoption; "c" waited for it and was replayed with it, so the full build went live third.
    expect(site.targeted.slice(0, 3)).toEqual([['a'], ['b'], expect.arrayContaining(['b', 'c'])]);
    expect(site.activated.slice(0, 4)).toEqual(['full-1', 't-3', 't-4', 'full-2']);
    expect(site.content(site.live)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a story arriving while a byline change renders goes live first: the change steps aside once, then runs again', async () => {
    const { site, jobs } = fakeSite();
    const outcomes: Array<[string, boolean]> = [];
    const c = new Coalescer(jobs, (r, o) => outcomes.push([r.full ? 'full' : [...r.news, ...r.slugs].join(','), o.ok]));
    await c.trigger({ full: true });
    const gate = deferred();
    site.targetedGate = gate.promise;
    const byline: TargetedRequest = { full: false, news: [], slugs: ['autor/maria'] };
    void c.trigger(byline);
    await tick();
    // Action: a publish while the byline's list pages render; another while the change runs again.
    await storyThenAnother(c, site, gate, 'p', 'q');
    // Assert: "p" went ahead of the byline, which then ran again; "q" waited for it (once only); nothing failed.
    expect(site.targeted).toEqual([['autor/maria'], ['p'], ['autor/maria'], ['q']]);
    expect(outcomes).toEqual([
      ['full', true],
      ['p', true],
      ['autor/maria', true],
      ['q', true],
    ]);
    expect(site.content(site.live)).toEqual(['autor/maria', 'p', 'q']);
  });

  it("an adoption's replay steps aside once for a story: it goes live over the live site, and the adoption carries it", async () => {
    const { site, jobs } = fakeSite();
    const c = new Coalescer(jobs);
    const fullGate = await secondFullBuildWith(c, site, 'during');
    const gate = deferred();
    site.targetedGate = gate.promise;
    fullGate.resolve();
    while (c.fullRunning) await tick();
    await tick();
    // Action: "p" arrives while the adoption replays "during"; "q" while it replays again.
    await storyThenAnother(c, site, gate, 'p', 'q');
    // Assert: the replay stepped aside for "p" (over the live site), ran again with it, and "q" waited for it.
    expect(site.targeted).toEqual([['during'], ['during'], ['p'], expect.arrayContaining(['during', 'p']), ['q']]);
    expect(site.activated.slice(-3)).toEqual([expect.stringMatching(/^t-/), 'full-3', expect.stringMatching(/^t-/)]);
    expect(site.discarded).toEqual([]);
    expect(site.content(site.live)).toEqual(['during', 'old', 'p', 'q']);
  });

  it('a story, and a change with no list page (ads, settings), never step aside', async () => {
    const { site, jobs } = fakeSite();
    const c = new Coalescer(jobs);
    await c.trigger({ full: true });
    for (const first of [t('a'), { full: false, news: [], slugs: [], lists: false } as TargetedRequest]) {
      const gate = deferred();
      site.targetedGate = gate.promise;
      site.targeted = [];
      void c.trigger(first);
      await tick();
      void c.trigger(t('p'));
      await tick();
      site.targetedGate = null;
      gate.resolve();
      await c.idle();
      expect(site.targeted).toEqual([first.news, ['p']]);
    }
  });

  it('a site-wide change queued behind nothing: the full lane never holds the live lane', async () => {
    const { site, jobs } = fakeSite();
    const c = new Coalescer(jobs);
    await c.trigger({ full: true });
    site.fullGate = new Promise(() => {}); // a full build that never ends
    void c.trigger({ full: true });
    // Action
    const done = c.trigger(t()); // settings, ads… (no story)
    await new Promise((r) => setTimeout(r, 20));
    // Assert: the live lane ran it while the full one still runs.
    expect(site.targeted).toEqual([[]]);
    expect(c.fullRunning).toBe(true);
    void done;
  });

  it('a failed full build leaves the live site and the live lane alone', async () => {
    const { site, jobs } = fakeSite();
    const outcomes: Array<[boolean, boolean]> = [];
    const c = new Coalescer({ ...jobs, full: async () => Promise.reject(new Error('disco cheio')) }, (r, o) => outcomes.push([r.full, o.ok]));
    site.live = 'before';
    await c.trigger({ full: true });
    await c.trigger(t('x'));
    expect(outcomes).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(site.live).not.toBe('before');
    expect(site.activated).toHaveLength(1);
  });

  it('a newer full build supersedes one still waiting to be adopted', async () => {
    const { site, jobs } = fakeSite();
    const liveGate = deferred();
    site.targetedGate = liveGate.promise;
    const c = new Coalescer(jobs);
    site.live = 'x';
    void c.trigger(t('busy')); // holds the live lane
    await tick();
    // Two full builds finish while the live lane is still busy.
    void c.trigger({ full: true });
    while (c.fullRunning) await tick();
    void c.trigger({ full: true });
    while (c.fullRunning) await tick();
    liveGate.resolve();
    await c.idle();
    // Assert: the older one was dropped unseen, the newer one went live.
    expect(site.discarded).toHaveLength(1);
    expect(site.discarded[0]).toMatch(/^full-/);
    expect(site.activated).not.toContain(site.discarded[0]);
    expect(site.live).toMatch(/^full-/);
    expect(site.live).not.toBe(site.discarded[0]);
  });

  it('a burst of full requests during a full build costs one more full build', async () => {
    const { site, jobs } = fakeSite();
    let fulls = 0;
    const gate = deferred();
    const c = new Coalescer({
      ...jobs,
      full: async () => {
        fulls++;
        if (fulls === 1) await gate.promise;
        return jobs.full();
      },
    });
    void c.trigger({ full: true });
    await tick();
    for (let i = 0; i < 5; i++) void c.trigger({ full: true });
    gate.resolve();
    await c.idle();
    expect(fulls).toBe(2);
    expect(site.live?.startsWith('full-')).toBe(true);
  });
});
