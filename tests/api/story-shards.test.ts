/**
 * A full build renders its story pages in two processes (builder/src/
 * story-shards.ts, docs/decisions/006-publish-pipeline.md), against a real
 * Directus and real Astro builds: it writes the same files, byte for byte but
 * the build moment, as the same build in one process, every published story's
 * page among them, and leaves nothing beside its release; a helper that dies
 * fails the build, and the live release stays as it was.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject, it } from 'vitest';
import { BUILD_PLAN_ENV, buildPlan, storyShard } from '../../domain/src/build-contract.ts';
import { Releases } from '@portal/builder/releases';
import { buildFull } from '@portal/builder/site-build';
import { STORY_PROCESSES_ENV } from '@portal/builder/story-shards';
import { admin, newsFactory } from './support.ts';
import { buildMoment, filesOf } from './build-output.ts';
import { processesWithEnv } from '../support/processes.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'portal-shards-'));
const site = { directusUrl: inject('directusUrl'), directusToken: inject('siteReaderToken'), siteUrl: 'http://localhost:4321' };
const stamp = Date.now();
let releases: Releases;

/** Besides the build moment: relative times ("há 5 minutos") and when the search index read the data. */
const moment = (b: Buffer) =>
  buildMoment(b)
    .replace(/"since":"[0-9T:.Z-]+"/, '"since":""')
    .replace(/(data-rel[^>]*>)[^<]*</g, '$1<');

/** This test's full build's helpers in the process table: they carry their shard and their output folder in their environment. */
const helperPids = () =>
  processesWithEnv(
    // This file's builds only: the API suite on the other database may be building beside it.
    (env) => env.some((e) => e.startsWith(`${BUILD_PLAN_ENV}=`) && storyShard(buildPlan({ [BUILD_PLAN_ENV]: e.slice(BUILD_PLAN_ENV.length + 1) }))?.index === 1) && env.some((e) => e.startsWith(`SITE_OUT_DIR=${releases.releasesDir}/`)),
  ).map((p) => Number(p.split(' ')[0]));

beforeAll(async () => {
  releases = new Releases(root);
  for (let i = 0; i < 5; i++) {
    const r = await admin().post('/items/news', newsFactory({ title: `Em dois processos ${i} ${stamp}`, status: 'published' }));
    if (r.status !== 200) throw new Error(`${r.status} ${JSON.stringify(r.errors)}`);
  }
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

// This archive is small (storyProcessesFor would keep one process): the tests set how many.
let saved: string | undefined;
beforeEach(() => (saved = process.env[STORY_PROCESSES_ENV]));
afterEach(() => {
  if (saved === undefined) delete process.env[STORY_PROCESSES_ENV];
  else process.env[STORY_PROCESSES_ENV] = saved;
});

it('two processes write what one writes, every story page included, and nothing is left beside the release', async () => {
  process.env[STORY_PROCESSES_ENV] = '1';
  const one = await buildFull(releases, site);
  process.env[STORY_PROCESSES_ENV] = '2';
  const building = buildFull(releases, site);
  let helperSeen = false;
  for (let done = false; !done && !helperSeen; ) {
    helperSeen = helperPids().length > 0;
    done = await Promise.race([building.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 20))]);
  }
  expect(helperSeen).toBe(true);
  const two = await building;
  const [a, b] = [filesOf(one), filesOf(two)];
  const slugs = readdirSync(path.join(two, 'news')).filter((s) => existsSync(path.join(two, 'news', s, 'index.html')));
  // Both processes rendered stories (each gets every other one), and every published story has its page.
  expect(slugs.length).toBeGreaterThanOrEqual(5);
  expect(slugs.filter((s) => s.includes(`${stamp}`)).length).toBe(5);
  expect([...a.keys()].filter((f) => !b.has(f))).toEqual([]);
  expect([...b.keys()].filter((f) => !a.has(f))).toEqual([]);
  expect([...b].filter(([f, bytes]) => !bytes.equals(a.get(f)!) && moment(bytes) !== moment(a.get(f)!)).map(([f]) => f)).toEqual([]);
  // The helper's output and side files went with the move.
  expect(readdirSync(releases.releasesDir).filter((f) => f.includes('.stories-'))).toEqual([]);
}, 300_000);

it('a story process that dies fails the full build: no release, nothing left beside, the live one untouched', async () => {
  const live = await buildFull(releases, site);
  releases.activate(live);
  process.env[STORY_PROCESSES_ENV] = '2';
  const before = readdirSync(releases.releasesDir).sort();
  const build = buildFull(releases, site);
  let killed = 0;
  for (const until = Date.now() + 60_000; !killed && Date.now() < until; ) {
    for (const pid of helperPids()) {
      process.kill(pid, 'SIGKILL');
      killed++;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(killed).toBeGreaterThan(0);
  await expect(build).rejects.toThrow(/páginas de notícias \(processo 2 de 2\) falharam \(SIGKILL\)/);
  expect(releases.active()).toBe(live);
  expect(existsSync(path.join(live, 'index.html'))).toBe(true);
  expect(readdirSync(releases.releasesDir).sort()).toEqual(before);
}, 300_000);
