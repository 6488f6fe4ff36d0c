/**
 * The catch-up (a full build after targeted ones) comes soon after a change
 * that left old pages' built HTML wrong, and only later after one that left
 * their first paint behind (related.json and /live.json carry those):
 * startBuilder's real lanes, with builds that only write folders.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_ONLY, SITE_WIDE, type TargetedRequest } from '@portal/domain/build-contract';
import { standInBuilder } from './fixtures/stand-in-builder.ts';

const disposals: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const d of disposals.splice(0)) await d();
});

function builder(removes: string[] = []) {
  const fulls: number[] = [];
  const { b, dispose } = standInBuilder({
    catchUpMs: 60,
    firstPaintCatchUpMs: 400,
    jobs: (b) => ({
      full: async () => {
        fulls.push(Date.now());
        const dir = b().releases.prepare();
        for (const slug of ['kept', 'taken-down']) {
          mkdirSync(path.join(dir, 'news', slug), { recursive: true });
          writeFileSync(path.join(dir, 'news', slug, 'index.html'), slug);
        }
        return dir;
      },
      // A targeted build over the live release: the stories it takes down lose their page.
      targeted: async (_req: TargetedRequest, base: string | null) => {
        const dir = base ?? b().releases.active()!;
        for (const slug of removes) rmSync(path.join(dir, 'news', slug), { recursive: true, force: true });
        return dir;
      },
    }),
  });
  disposals.push(dispose);
  return { b, fulls };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const publish: TargetedRequest = { full: false, news: ['a'], slugs: ['kept'] };

describe('catch-up after targeted builds', () => {
  it('a publish, settings or ads: one full build, only after the first-paint delay', async () => {
    const { b, fulls } = builder();
    await b.trigger({ full: true });
    const t0 = Date.now();
    await b.trigger(publish);
    await b.trigger(LIVE_ONLY);
    await sleep(200);
    expect(fulls).toHaveLength(1);
    await sleep(400);
    await b.idle();
    expect(fulls).toHaveLength(2);
    expect(fulls[1]! - t0).toBeGreaterThanOrEqual(380);
    await b.stop();
  });

  it('a story taken down: soon', async () => {
    const { b, fulls } = builder(['taken-down']);
    await b.trigger({ full: true });
    await b.trigger({ full: false, news: ['gone'], slugs: ['taken-down'] });
    await sleep(250);
    await b.idle();
    expect(fulls).toHaveLength(2);
    await b.stop();
  });

  it('bylines (a site-wide change with lists): soon; one full build catches up both delays', async () => {
    const { b, fulls } = builder();
    await b.trigger({ full: true });
    await b.trigger(publish);
    await b.trigger(SITE_WIDE);
    await sleep(250);
    await b.idle();
    expect(fulls).toHaveLength(2);
    // The first-paint delay was cleared by that catch-up: nothing more follows.
    await sleep(500);
    expect(fulls).toHaveLength(2);
    await b.stop();
  });

  it('a full build for another reason (a deploy) is the catch-up owed until it started', async () => {
    const { b, fulls } = builder();
    await b.trigger({ full: true });
    await b.trigger(SITE_WIDE); // owes a catch-up within 60 ms
    await b.trigger({ full: true }); // a deploy, at once
    expect(fulls).toHaveLength(2);
    await sleep(250);
    await b.idle();
    expect(fulls).toHaveLength(2);
    await b.stop();
  });

  it('catchUpMs 0: no catch-up at all', async () => {
    let fulls = 0;
    const { b, dispose } = standInBuilder({
      catchUpMs: 0,
      firstPaintCatchUpMs: 50,
      jobs: (b) => ({ full: async () => (fulls++, b().releases.prepare()), targeted: async () => b().releases.active()! }),
    });
    disposals.push(dispose);
    await b.trigger({ full: true });
    await b.trigger(SITE_WIDE);
    await b.trigger(publish);
    await sleep(200);
    expect(fulls).toBe(1);
    await b.stop();
  });
});
