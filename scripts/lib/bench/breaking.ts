/**
 * `npm run bench -- --breaking` (issue #33): a breaking-news day, measured as
 * it happens. Over an archive of `news` published stories, with the stack as
 * `npm start` runs it (or the production topology), all at once for `minutes`:
 * - a crowd of distinct readers (crowd.ts: a new connection and address per
 *   view, the page's real calls, caps on), `inFlight` views at a time;
 * - the newsroom's rhythm (rhythm.ts: a publish every 30 s, a correction every
 *   45 s, an ad and an urgent-message edit, renames, an unpublish);
 * - the editor loading the admin's news list every 250 ms;
 * - whatever catch-up full builds the builder runs by itself.
 * Then every acknowledged view is checked against the database's counters,
 * and the editor's list is timed once more during a full build with no reader.
 * The process tree is sampled throughout: CPU time per view of each process
 * group, the bottleneck named, and the peak memory of the whole stack.
 */
import os from 'node:os';
import type { Knex } from 'knex';
import { generateNews } from '../../../directus/seed/bulk-news.ts';
import type { PortalClient } from '../../../directus/scripts/lib/client.ts';
import { percentile, treeSampler, type PhaseUsage } from './measure.ts';
import { startCrowd, type CrowdResult } from './crowd.ts';
import { editorList } from './readers.ts';
import { runRhythm, type Kind, type KindResult } from './rhythm.ts';

/** The issue's goals; views/s differs by topology. */
export const BREAKING_GOALS = {
  viewsPerSec: { embedded: 1_000, prod: 1_500 },
  editorP95Ms: 300,
  publishP95Ms: 3_000,
  publishMaxMs: 10_000,
  siteWideMaxMs: 10_000,
  fullBuild100kMs: 180_000,
  stackPeakMb: 4_096,
} as const;

export const EDITOR_EVERY_MS = 250;
const SITE_WIDE: Kind[] = ['correction', 'ad', 'urgent', 'unpublish', 'category', 'municipality', 'byline'];
/** The group the bench's own process falls in: it hosts the builder (as `npm start` does), the rhythm's and the editor's clients. */
export const BUILDER_GROUP = 'construtor (processo do bench + builds)';
export const GENERATOR_GROUP = 'gerador de carga';

type Builder = { status: { fullBuilding: boolean }; trigger(r: { full: true }): Promise<unknown>; idle(): Promise<void> };
export type BreakingStack = { origin: string; builder: Builder; groups: Record<string, number>; stop(): Promise<void> };

export type BreakingOptions = {
  mode: 'embedded' | 'prod';
  db: string;
  knex: Knex;
  /** Rhythm's client (the admin's token on Directus). */
  admin: PortalClient;
  images: string[];
  authorIds: string[];
  news: number;
  minutes: number;
  inFlight: number;
  /** An open crowd's arrivals a second (crowd.ts `rate`); without it a closed crowd of `inFlight`. */
  rate?: number;
  workers: number;
  /** Processes known before the stack starts (Directus…). */
  groups: Record<string, number>;
  /** Starts what serves the seeded archive, its first full build included (measured with nothing else running). */
  start(): Promise<BreakingStack>;
  log(s: string): void;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (xs: number[]) => ({ samples: xs.length, p50: Math.round(percentile(xs, 50)), p95: Math.round(percentile(xs, 95)), max: Math.round(xs.length ? Math.max(...xs) : NaN) });

async function login(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'editor@portal.test', password: 'portal-demo-2026' }),
  });
  const json = (await res.json()) as { data?: { access_token: string } };
  if (!json.data) throw new Error(`login do editor recusado (${res.status})`);
  return json.data.access_token;
}

/** What the readers' views moved in the database: the counters on the stories and the raw view rows. */
async function counters(knex: Knex) {
  const [sum, rows] = await Promise.all([knex('news').sum({ n: 'view_count' }).first(), knex('news_views').count({ n: '*' }).first()]);
  return { viewCount: Number(sum?.n ?? 0), viewRows: Number(rows?.n ?? 0) };
}

/** Reads the counters until two reads a second apart agree (an edge's last batch committed), at most 20 s. */
async function settledCounters(knex: Knex) {
  let last = await counters(knex);
  for (let i = 0; i < 20; i++) {
    await sleep(1000);
    const now = await counters(knex);
    if (now.viewCount === last.viewCount && now.viewRows === last.viewRows) return now;
    last = now;
  }
  return last;
}

/** Watches the builder's `fullBuilding`: each full build's span while the load ran. */
function fullBuildWatch(builder: Builder) {
  const spans: Array<{ fromS: number; toS: number | null }> = [];
  const t0 = Date.now();
  const timer = setInterval(() => {
    const open = spans.at(-1);
    if (builder.status.fullBuilding && (!open || open.toS !== null)) spans.push({ fromS: (Date.now() - t0) / 1000, toS: null });
    if (!builder.status.fullBuilding && open && open.toS === null) open.toS = (Date.now() - t0) / 1000;
  }, 250);
  return () => {
    clearInterval(timer);
    return spans.map((s) => ({ fromS: Math.round(s.fromS), toS: s.toS === null ? null : Math.round(s.toS) }));
  };
}

/** µs of CPU per acknowledged view for each group, and the product's bottleneck: the group with the most. */
export function cpuPerView(cpuS: Record<string, number>, views: number, generator: string) {
  const perViewUs = Object.fromEntries(Object.entries(cpuS).map(([g, s]) => [g, Math.round((s * 1e6) / Math.max(1, views))]));
  const product = Object.entries(perViewUs).filter(([g]) => g !== generator);
  const [bottleneck] = product.sort((a, b) => b[1] - a[1])[0] ?? ['—'];
  return { perViewUs, bottleneck };
}

export async function breakingBench(o: BreakingOptions) {
  const { knex, log } = o;
  let t = Date.now();
  const added = await generateNews(knex, o.news, { images: o.images, authorIds: o.authorIds });
  log(`${added} notícias publicadas em ${((Date.now() - t) / 1000).toFixed(1)} s`);

  const sampler = treeSampler({ root: process.pid, groups: { ...o.groups }, rest: BUILDER_GROUP, excludeFromStack: [GENERATOR_GROUP] });
  sampler.phase('first');
  t = Date.now();
  log('build completo inicial (nada mais rodando)…');
  const stack = await o.start();
  const firstBuildMs = Date.now() - t;
  log(`build completo inicial: ${(firstBuildMs / 1000).toFixed(1)} s`);
  for (const [g, pid] of Object.entries(stack.groups)) sampler.group(g, pid);
  // Stopped whatever happens: the front server and the build processes must not outlive the bench.
  try {
    return await measure(o, stack, sampler, firstBuildMs);
  } finally {
    sampler.stop();
    await stack.stop();
  }
}

async function measure(o: BreakingOptions, stack: BreakingStack, sampler: ReturnType<typeof treeSampler>, firstBuildMs: number) {
  const { knex, log } = o;
  let t: number;

  // Readers open stories they can reach: published, not scheduled for later.
  const newsIds = (await knex('news')
    .where('status', 'published')
    .andWhere((q) => q.whereNull('scheduled_at').orWhere('scheduled_at', '<=', new Date()))
    .pluck('id')) as string[];
  const token = await login(stack.origin);
  const before = await counters(knex);

  // Everything at once.
  log(`${o.minutes} min de tudo junto: ${o.inFlight} leitores em andamento, ritmo da redação, lista do editor a cada ${EDITOR_EVERY_MS} ms…`);
  sampler.phase('load');
  const crowd = startCrowd({ origin: stack.origin, newsIds, inFlight: o.inFlight, durationMs: o.minutes * 60_000, workers: o.workers, ...(o.rate ? { rate: o.rate } : {}) });
  sampler.group(GENERATOR_GROUP, crowd.pid);
  const builds = fullBuildWatch(stack.builder);
  let crowdDone = false;
  const editorRun = editorList(`${stack.origin}/api`, token, () => crowdDone, { intervalMs: EDITOR_EVERY_MS, during: () => stack.builder.status.fullBuilding });
  const rhythmRun = runRhythm({ siteUrl: stack.origin, client: o.admin, knex, minutes: o.minutes, log: (s) => log(s) });
  const crowdResult: CrowdResult = await crowd.result.finally(() => (crowdDone = true));
  const editor = await editorRun;
  const fullBuildsDuringLoad = builds();
  // The rhythm's last changes may still be on their way to readers: timed beyond the load, as the rhythm bench does.
  sampler.phase('rhythm-tail');
  const rhythm = await rhythmRun;
  const after = await settledCounters(knex);
  log(`leitores: ${crowdResult.viewsPerSec} visualizações/s confirmadas, ${crowdResult.failed} falhas; contadores +${after.viewCount - before.viewCount}`);

  // The editor's list during a full build, with no reader (the catch-up build the day causes, asked now).
  await stack.builder.idle();
  log('build completo com a lista do editor e nenhum leitor…');
  sampler.phase('full-build-editor');
  const token2 = await login(stack.origin);
  let building = true;
  t = Date.now();
  const editorDuringBuild = editorList(`${stack.origin}/api`, token2, () => !building, { intervalMs: EDITOR_EVERY_MS });
  await stack.builder.trigger({ full: true }).finally(() => (building = false));
  const fullBuildWithEditorMs = Date.now() - t;
  const editorBuild = await editorDuringBuild;
  const phases = sampler.stop();

  const load = phases.load!;
  const cpu = cpuPerView(load.cpuS, crowdResult.acknowledged, GENERATOR_GROUP);
  const viewCountDelta = after.viewCount - before.viewCount;
  const viewRowsDelta = after.viewRows - before.viewRows;
  const editorLoad = { ...ms(editor.lat), errors: editor.errors, duringFullBuild: ms(editor.duringLat) };
  const editorNoReaders = { ...ms(editorBuild.lat), errors: editorBuild.errors, fullBuildMs: fullBuildWithEditorMs };
  const siteWideTimes = SITE_WIDE.flatMap((k) => rhythm[k].samples);
  const siteWideMax = siteWideTimes.length ? Math.max(...siteWideTimes) : NaN;
  const siteWideMissed = SITE_WIDE.reduce((n, k) => n + rhythm[k].missed, 0);
  const peakStackMb = Math.max(...Object.values(phases).map((p) => p.peakStackMb));
  // The goal is the memory the stack holds: shared pages once (PSS); RSS summed counts them once per process.
  const peakStackPssMb = Math.max(...Object.values(phases).map((p) => p.peakStackPssMb));
  const viewsGoal = BREAKING_GOALS.viewsPerSec[o.mode];
  const sec = (x: number) => `${(x / 1000).toFixed(1)} s`;
  const goals: Array<[string, string, string, boolean | null]> = [
    [
      'Visualizações confirmadas por segundo',
      `${crowdResult.viewsPerSec}/s (${o.rate ? `${o.rate} leitores chegando por segundo, até ${o.inFlight} abertos` : `${o.inFlight} leitores em andamento`})`, `≥ ${viewsGoal}/s`, crowdResult.viewsPerSec >= viewsGoal],
    ['Visualizações que falharam', `${crowdResult.failed} de ${crowdResult.views}`, '0', crowdResult.failed === 0],
    [
      'Toda visualização confirmada contada',
      `${crowdResult.acknowledged} confirmadas; contadores +${viewCountDelta}, linhas +${viewRowsDelta}`,
      'iguais',
      viewCountDelta === crowdResult.acknowledged && viewRowsDelta === crowdResult.acknowledged && crowdResult.counted === crowdResult.acknowledged,
    ],
    ['Lista do editor (p95) sob a carga', `${editorLoad.p95} ms (${editorLoad.samples} amostras)`, `≤ ${BREAKING_GOALS.editorP95Ms} ms`, editorLoad.p95 <= BREAKING_GOALS.editorP95Ms],
    [
      'Publicação até o ar (p95 / máx)',
      rhythm.publish.samples.length ? `${sec(rhythm.publish.p95)} / ${sec(rhythm.publish.max)}${rhythm.publish.missed ? `, ${rhythm.publish.missed} sem chegar` : ''}` : 'sem amostra',
      `p95 ≤ ${sec(BREAKING_GOALS.publishP95Ms)}, máx ≤ ${sec(BREAKING_GOALS.publishMaxMs)}`,
      rhythm.publish.samples.length ? !rhythm.publish.missed && rhythm.publish.p95 <= BREAKING_GOALS.publishP95Ms && rhythm.publish.max <= BREAKING_GOALS.publishMaxMs : null,
    ],
    [
      'Mudanças no site todo (máx: correção, anúncio, urgente, despublicação, renomes, autor)',
      `${siteWideTimes.length ? sec(siteWideMax) : 'sem amostra'}${siteWideMissed ? `, ${siteWideMissed} sem chegar` : ''}`,
      `≤ ${sec(BREAKING_GOALS.siteWideMaxMs)}`,
      siteWideTimes.length || siteWideMissed ? !siteWideMissed && siteWideMax <= BREAKING_GOALS.siteWideMaxMs : null,
    ],
    [
      'Lista do editor (p95) durante um build completo, sem leitores',
      `${editorNoReaders.p95} ms (build de ${sec(fullBuildWithEditorMs)})`,
      `≤ ${BREAKING_GOALS.editorP95Ms} ms`,
      editorNoReaders.p95 <= BREAKING_GOALS.editorP95Ms,
    ],
    [
      `Build completo com ${o.news} notícias, nada mais rodando`,
      sec(firstBuildMs),
      o.news >= 100_000 ? `≤ ${sec(BREAKING_GOALS.fullBuild100kMs)} (a 100k)` : 'meta só a 100k',
      o.news >= 100_000 ? firstBuildMs <= BREAKING_GOALS.fullBuild100kMs : null,
    ],
    [
      'Pico de memória da pilha (soma da árvore de processos, PSS)',
      `${peakStackPssMb} MB (RSS somado: ${peakStackMb} MB)`,
      `≤ ${BREAKING_GOALS.stackPeakMb} MB`,
      peakStackPssMb <= BREAKING_GOALS.stackPeakMb,
    ],
  ];
  const cpuModel = os.cpus()[0]?.model ?? '?';
  return {
    machine: { host: os.hostname(), cpu: cpuModel, cores: os.cpus().length, memGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, db: o.db, date: new Date().toISOString() },
    mode: o.mode === 'prod' ? 'produção (nginx → borda de leitores → 2 Directus, PostgreSQL, Redis)' : 'embutido (npm start: construtor, servidor da frente com a borda, Directus)',
    news: o.news,
    minutes: o.minutes,
    readers: crowdResult,
    everyViewCounted: { acknowledged: crowdResult.acknowledged, answeredCounted: crowdResult.counted, viewCountDelta, viewRowsDelta },
    editorList: { everyMs: EDITOR_EVERY_MS, underLoad: editorLoad, duringFullBuildNoReaders: editorNoReaders },
    rhythm: summarizeRhythm(rhythm),
    fullBuilds: { firstMs: firstBuildMs, duringLoad: fullBuildsDuringLoad },
    cpu: {
      note: `CPU por visualização confirmada, em µs, de cada grupo de processos na fase de carga (${load.seconds} s; ${os.cpus().length} núcleos = ${(load.seconds * os.cpus().length).toFixed(0)} s de CPU disponíveis)`,
      seconds: load.cpuS,
      perViewUs: cpu.perViewUs,
      bottleneck: cpu.bottleneck,
    },
    memory: { peakStackPssMb, peakStackMb, byPhase: phaseMemory(phases) },
    goals,
    ok: goals.every(([, , , ok]) => ok !== false),
  };
}

function summarizeRhythm(r: Record<Kind, KindResult>) {
  return Object.fromEntries(
    Object.entries(r).map(([k, v]) => [k, { samples: v.samples.length, p50Ms: v.p50, p95Ms: v.p95, maxMs: v.max, missed: v.missed, allMs: v.samples }]),
  );
}

/** Each phase's peak: the stack (the generator left out) and each group's own, as PSS and as summed RSS. */
const phaseMemory = (phases: Record<string, PhaseUsage>) =>
  Object.fromEntries(
    Object.entries(phases).map(([name, p]) => [
      name,
      { seconds: p.seconds, peakStackPssMb: p.peakStackPssMb, peakPssMb: p.peakPssMb, atPeak: p.atPeak, peakStackMb: p.peakStackMb, peakMb: p.peakMb },
    ]),
  );
