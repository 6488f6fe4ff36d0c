/**
 * The live lane's warm build process (builder/src/astro-worker.ts,
 * warm-render.ts, docs/decisions/006-publish-pipeline.md) against a real
 * Directus and real Astro builds: its first job (a real Astro build) writes the
 * same files, byte for byte, as a cold `astro build` with the same request; its
 * later jobs (rendered with the kept page renderer, no bundling) write the same
 * pages, and leave out only the build's fixed assets (client bundle, public
 * files), which the release they are laid over already holds, byte for byte.
 * A process that dies in the middle of a build fails that build while the next
 * one works.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { LIVE_ONLY, newsSnapshotFile, planEnv, targetedPlan, type TargetedRequest } from '../../domain/src/build-contract.ts';
import { Releases } from '@portal/builder/releases';
import { astroEnv, buildFull, primeJob, runAstro, warmAstro } from '@portal/builder/site-build';
import type { BuildWorker } from '@portal/builder/build-worker';
import { SteppedAside } from '@portal/builder/coalescer';
import { admin, newsFactory } from './support.ts';
import { buildMoment, filesOf, firstDifference } from './build-output.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'portal-warm-'));
const site = { directusUrl: inject('directusUrl'), directusToken: inject('siteReaderToken'), siteUrl: 'http://localhost:4321' };
let releases: Releases;
let live: string;
let worker: BuildWorker;
const stamp = Date.now();

async function publish(title: string) {
  const r = await admin().post('/items/news', newsFactory({ title, status: 'published' }));
  if (r.status !== 200) throw new Error(`${r.status} ${JSON.stringify(r.errors)}`);
  return r.data as { id: string; slug: string };
}

/** Every file a build wrote, relative to its folder, with its bytes; plus what it left beside the folder. */
function written(dir: string): Map<string, Buffer> {
  const files = filesOf(dir);
  for (const beside of ['.archive.json', '.report.json', '.news.v8']) {
    if (existsSync(`${dir}${beside}`)) files.set(beside, readFileSync(`${dir}${beside}`));
  }
  return files;
}

/** The environment of a targeted build over the live release (the builder's own, builder/src/site-build.ts). */
const envFor = (req: TargetedRequest) => planEnv(targetedPlan(req, live, newsSnapshotFile(live)));

beforeAll(async () => {
  releases = new Releases(root);
  live = await buildFull(releases, site);
  releases.activate(live);
  worker = warmAstro();
  worker.warm();
}, 180_000);

afterAll(async () => {
  await worker.stop();
  rmSync(root, { recursive: true, force: true });
});

it('a targeted build in the warm process writes what a cold astro build writes, byte for byte but the build moment (first job built, later ones rendered)', async () => {
  const a = await publish(`Morno um ${stamp}`);
  const b = await publish(`Morno dois ${stamp}`);
  const c2 = await publish(`Morno três ${stamp}`);
  const site_ = written(live);
  for (const [job, story] of [a, b, c2].entries()) {
    const req: TargetedRequest = { full: false, news: [story.id], slugs: [story.slug] };
    const cold = releases.prepare();
    const warm = releases.prepare();
    await runAstro(cold, site, envFor(req));
    await worker.run({ ...astroEnv(warm, site), ...envFor(req) });
    const c = written(cold);
    let w = written(warm);
    expect(existsSync(path.join(warm, 'news', story.slug, 'index.html'))).toBe(true);
    const left = [...c.keys()].filter((f) => !w.has(f));
    if (job === 0) expect(left).toEqual([]);
    else {
      // Rendered: the pages only. What it leaves out is the build's fixed assets, already live as they are.
      expect(left.filter((f) => !site_.get(f)?.equals(c.get(f)!))).toEqual([]);
      expect(left.some((f) => f.startsWith('_astro/'))).toBe(true);
      expect(left.filter((f) => /\.(html|xml|json)$/.test(f) && !f.startsWith('pagefind'))).toEqual([]);
    }
    expect([...w.keys()].filter((f) => !c.has(f))).toEqual([]);
    const differ = [...w].filter(([f, bytes]) => !bytes.equals(c.get(f)!)).map(([f]) => f);
    let unlike = differ.filter((f) => buildMoment(c.get(f)!) !== buildMoment(w.get(f)!));
    let after = c;
    const first = unlike.map((f) => `job ${job}: ${firstDifference(f, c.get(f)!, w.get(f)!)}`);
    if (unlike.length) {
      // The data moves with the clock (an earlier file's scheduled story comes due, an ad's or an
      // event's window opens or ends): a page the warm build wrote must match a cold build made after it…
      const again = releases.prepare();
      await runAstro(again, site, envFor(req));
      after = written(again);
      unlike = unlike.filter((f) => !after.has(f) || buildMoment(after.get(f)!) !== buildMoment(w.get(f)!));
    }
    // …or, when it moved on both sides, a warm build and a cold one made back to back. A difference of the
    // warm process's own (stale state) is in every pair; only that fails.
    for (let pair = 0; unlike.length && pair < 2; pair++) {
      const [w2, c3] = [releases.prepare(), releases.prepare()];
      await worker.run({ ...astroEnv(w2, site), ...envFor(req) });
      await runAstro(c3, site, envFor(req));
      const [ww, cc] = [written(w2), written(c3)];
      unlike = unlike.filter((f) => !ww.has(f) || !cc.has(f) || buildMoment(ww.get(f)!) !== buildMoment(cc.get(f)!));
      if (unlike.length) [after, w] = [cc, ww];
    }
    // As one string, with the first pair's difference too: a list is cut short in the failure report, a string is printed whole.
    expect(unlike.length ? [...first, ...unlike.map((f) => `last pair: ${firstDifference(f, after.get(f) ?? Buffer.alloc(0), w.get(f) ?? Buffer.alloc(0))}`)].join('\n') : '').toBe('');
  }
  expect(worker.started).toBe(1);
}, 420_000);

it('a warm process killed in the middle of a build fails that build; the next build runs in a new process', async () => {
  const req: TargetedRequest = { full: false, news: [], slugs: [] };
  const pid = worker.pid!;
  const doomed = worker.run({ ...astroEnv(releases.prepare(), site), ...envFor(req) });
  // Soon enough: a rendered job takes well under a second.
  setTimeout(() => process.kill(pid, 'SIGKILL'), 30);
  await expect(doomed).rejects.toThrow(/o processo de build terminou no meio \(sinal SIGKILL\)/);
  const next = releases.prepare();
  await worker.run({ ...astroEnv(next, site), ...envFor(req) });
  expect(existsSync(path.join(next, 'index.html'))).toBe(true);
  expect(worker.pid).not.toBe(pid);
}, 180_000);

it('a prime (the throwaway job that warms a process) writes no search index, as its first job or rendered (issue #33)', async () => {
  // The site's first full build, its rows written and its search index not yet (primeJob's `upcoming`): a recent
  // index over it would hold the whole archive — at 100,000 stories, minutes of Pagefind beside that build.
  await publish(`Morno recente ${stamp}`);
  const first = new Releases(mkdtempSync(path.join(os.tmpdir(), 'portal-warm-first-')));
  const upcoming = await buildFull(first, site);
  // As it is while it runs: its rows beside it, its search index (moved in at its end) not there yet.
  for (const f of readdirSync(upcoming).filter((f) => f.startsWith('pagefind') || f === 'search-delta.json')) rmSync(path.join(upcoming, f), { recursive: true });
  const fresh = warmAstro();
  try {
    const recentIn = async (prime: boolean) => {
      const job = primeJob(first, site, upcoming)!;
      const env = prime ? job.env : { ...job.env, ...planEnv(targetedPlan(LIVE_ONLY, upcoming, newsSnapshotFile(upcoming))) };
      try {
        await fresh.run(env);
        expect(existsSync(path.join(job.env.SITE_OUT_DIR!, 'index.html'))).toBe(true);
        return existsSync(path.join(job.env.SITE_OUT_DIR!, 'pagefind-recent'));
      } finally {
        job.done();
      }
    };
    expect(await recentIn(true)).toBe(false); // first job: Astro's own build
    expect(await recentIn(true)).toBe(false); // rendered
    expect(await recentIn(false)).toBe(true); // the same build as a real one would index every story
    expect(fresh.started).toBe(1);
  } finally {
    await fresh.stop();
  }
}, 240_000);

it('a rendered job asked to step aside (a publish waits) stops between its pages, leaves no search index behind, and the same process renders the next job', async () => {
  // Every list page: the longest kind of job a story could wait behind (a byline renamed).
  const req: TargetedRequest = { full: false, news: [], slugs: [] };
  await worker.settled();
  const pid = worker.pid!;
  const scratch = releases.prepare();
  const aside = new AbortController();
  const job = worker.run({ ...astroEnv(scratch, site), ...envFor(req) }, aside.signal);
  // Once the job is in the process (sent at once: nothing queued), while it loads its data or renders.
  setTimeout(() => aside.abort(), 20);
  await expect(job).rejects.toBeInstanceOf(SteppedAside);
  const lists = readdirSync(path.dirname(scratch)).filter((f) => f.startsWith(`${path.basename(scratch)}.pagefind-`));
  expect(lists).toEqual([]);
  expect(existsSync(path.join(scratch, 'index.html'))).toBe(false);
  releases.discard(scratch);
  const next = releases.prepare();
  await worker.run({ ...astroEnv(next, site), ...envFor(req) });
  expect(existsSync(path.join(next, 'index.html'))).toBe(true);
  expect(worker.pid).toBe(pid);
}, 180_000);
