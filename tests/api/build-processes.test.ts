/**
 * A long-running builder must not leak processes (issue #32: each full build
 * left an `esbuild --service` behind, re-parented to init and stopped, so it
 * ignored SIGTERM). Astro's esbuild service outlives its parent by a second
 * or two; a publish that stopped the full lane (pausable.ts) in that second
 * stopped it for good. Real Astro builds against the suite's Directus, with
 * the live lane stopping and continuing the full build the way publishes do;
 * once the build has ended — done, failed or stopped at its time limit —
 * nothing it started is left (every process of it carries its output folder
 * in its environment: Astro, its search index, Pagefind, esbuild).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { Releases } from '@portal/builder/releases';
import { buildFull } from '@portal/builder/site-build';
import { PausableGroups, runningLimit } from '@portal/builder/pausable';
import { processesWithEnv } from '../support/processes.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'portal-build-processes-'));
const releases = new Releases(root);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Processes of this file's builds still running. */
const leftOver = () => processesWithEnv((env) => env.some((e) => e.startsWith(`SITE_OUT_DIR=${releases.releasesDir}/`)));

/** A full build as the builder runs it (own process group, low priority), with publishes stopping it for a moment again and again. */
async function fullBuildUnderPublishes(directusUrl: string, limitMs?: number): Promise<unknown> {
  const lane = new PausableGroups();
  const stop = new AbortController();
  const limit = limitMs ? runningLimit(limitMs, () => lane.paused, 250) : null;
  const signal = limit ? AbortSignal.any([stop.signal, limit.signal]) : stop.signal;
  const build = buildFull(releases, { directusUrl, directusToken: inject('siteReaderToken'), siteUrl: 'http://localhost:4321', pausable: lane, signal });
  let publishing = true;
  const publishes = (async () => {
    while (publishing) {
      await lane.during(() => new Promise((r) => setTimeout(r, 25)));
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  try {
    return await build.then(
      (dir) => dir,
      (e: unknown) => e,
    );
  } finally {
    publishing = false;
    await publishes;
    limit?.stop();
  }
}

it('a full build under publishes: live, and nothing it started is left', async () => {
  const dir = await fullBuildUnderPublishes(inject('directusUrl'));
  expect(typeof dir === 'string' && readdirSync(dir)).toContain('index.html');
  expect(leftOver()).toEqual([]);
}, 180_000);

it('a full build that fails (Directus unreachable): nothing it started is left', async () => {
  const e = await fullBuildUnderPublishes('http://127.0.0.1:9');
  expect(String(e)).toMatch(/astro build falhou \(código 1\):\n/);
  expect(leftOver()).toEqual([]);
}, 180_000);

it('a full build stopped at its time limit: nothing it started is left', async () => {
  // Well under what a full build takes even on a quiet machine with a small archive (one finished in 4 s here).
  const e = await fullBuildUnderPublishes(inject('directusUrl'), 1_500);
  expect(String(e)).toMatch(/astro build falhou \(sinal SIGKILL\)/);
  expect(leftOver()).toEqual([]);
}, 180_000);
