/**
 * `npm run bench -- --full-build [--news N]` (issue #33): the full build
 * `npm start` runs after a restart, at the archive size the issue names
 * (100,000 stories by default), with no reader on the site: its time, the
 * peak memory of the whole stack (this process's tree: Directus, the builder
 * and every process a build starts, detached ones included), and the editor's
 * admin list meanwhile, loaded every 250 ms as the editor does.
 * Goals: build ≤ 180 s, stack ≤ 4 GB, list p95 ≤ 300 ms.
 */
import os from 'node:os';
import { readFileSync } from 'node:fs';
import type { Knex } from 'knex';
import { generateNews } from '../../../directus/seed/bulk-news.ts';
import type { DirectusInstance } from '../stack.ts';
import { percentile, treePeak } from './measure.ts';
import { startPipeline } from './pipeline.ts';
import { cpuUs, editorList } from './readers.ts';

export const FULL_BUILD_GOALS = { buildMs: 180_000, stackMb: 4096, editorP95Ms: 300 };

type Options = {
  knex: Knex;
  directus: DirectusInstance;
  images: string[];
  authorIds: string[];
  news: number;
  work: string;
  siteUrl: string;
  builderToken: string;
  ports: { builder: number; front: number };
  db: string;
  log: (s: string) => void;
};

const cpuModel = () => /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? os.cpus()[0]?.model ?? '?';
const stats = (xs: number[]) => ({ samples: xs.length, p50Ms: Math.round(percentile(xs, 50)), p95Ms: Math.round(percentile(xs, 95)), maxMs: Math.round(xs.length ? Math.max(...xs) : 0) });

export async function fullBuildBench(o: Options) {
  const t0 = Date.now();
  await generateNews(o.knex, o.news, { images: o.images, authorIds: o.authorIds });
  o.log(`${o.news} notícias publicadas em ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const login = (await fetch(`${o.directus.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'editor@portal.test', password: 'portal-demo-2026' }),
  }).then((r) => r.json())) as { data: { access_token: string } };
  const token = login.data.access_token;
  // The list with nothing else running, first (its first call warms Directus's schema cache).
  const idle = await editorList(o.directus.url, token, Date.now() + 5000, 250);
  o.log(`lista do editor sem build: p95 ${Math.round(percentile(idle.lat.slice(1), 95))} ms`);

  o.log('build completo (como o npm start faz, ninguém lendo o site), com o editor abrindo a lista a cada 250 ms…');
  let building = true;
  const memory = treePeak(process.pid);
  const directusCpu0 = cpuUs(o.directus.child.pid!);
  const during = editorList(o.directus.url, token, () => !building, 250);
  const pipeline = await startPipeline({ work: o.work, name: 'full-build-site', directus: o.directus, siteUrl: o.siteUrl, builderToken: o.builderToken, ports: o.ports, admin: false }).finally(
    () => (building = false),
  );
  const stackMb = memory.stop();
  const list = await during;
  const directusCpuS = Math.round((cpuUs(o.directus.child.pid!) - directusCpu0) / 1e5) / 10;
  await pipeline.stop();
  const out = {
    machine: { cpus: os.cpus().length, cpu: cpuModel(), node: process.version, db: o.db, date: new Date().toISOString() },
    news: o.news,
    fullBuildMs: pipeline.fullBuildMs,
    stackPeakMb: stackMb,
    editorList: { idle: stats(idle.lat.slice(1)), duringBuild: { ...stats(list.lat), errors: list.errors } },
    directusCpuS,
    goals: { fullBuildMs: `≤ ${FULL_BUILD_GOALS.buildMs}`, stackPeakMb: `≤ ${FULL_BUILD_GOALS.stackMb}`, editorP95Ms: `≤ ${FULL_BUILD_GOALS.editorP95Ms}` },
    ok: pipeline.fullBuildMs <= FULL_BUILD_GOALS.buildMs && stackMb <= FULL_BUILD_GOALS.stackMb && stats(list.lat).p95Ms <= FULL_BUILD_GOALS.editorP95Ms,
  };
  o.log(`build completo: ${(out.fullBuildMs / 1000).toFixed(1)} s, pico da pilha ${stackMb} MB, lista do editor p95 ${out.editorList.duringBuild.p95Ms} ms`);
  return out;
}
