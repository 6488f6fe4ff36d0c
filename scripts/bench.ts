/**
 * `npm run bench`: the numbers issue #5 and #3 set goals for, measured on
 * this machine with a real Directus (SQLite; `-- --db postgres` for PostgreSQL).
 *   npm run bench                       1k and 10k news
 *   npm run bench -- --100k             also the admin list at 100k news
 *   npm run bench -- --sizes 1000,10000,100000   full builds at each size, publishing at the smallest and the largest
 *   npm run bench -- --quick            1k only, shorter load tests and rhythm (smoke run)
 *   npm run bench -- --rhythm-minutes 10  how long the newsroom rhythm runs (default 10; 2 with --quick)
 *   npm run bench -- --readers          only the breaking-news reader load (issue #9):
 *                                       article views/s through the public origin and
 *                                       the editor's admin list p95 at the same time
 *                                       (`--calls legacy` replays the pre-#9 article page)
 *   npm run bench -- --readers --prod   the same load on the production topology (nginx,
 *                                       reader edge, two Directus, PostgreSQL, Redis)
 *   npm run bench -- --reports          only Relatórios (issue #13): GET /portal/reports as an editor
 *                                       at 100,000 published news with 30 days of per-day totals
 *   npm run bench -- --slow-3g          only the islands on a slow phone network (issue #34): 400 ms,
 *                                       400 kbps, story text and TOP/Compartilhar usable, goal ≤ 4 s
 *   npm run bench -- --import [--news N]  only `npm run import` (issue #27) at 100,000 stories: a hosted
 *                                       portal's SQL dump and a WordPress WXR, time and peak memory
 *                                       of the importer's process tree (goals ≤ 10 min, ≤ 1 GB)
 *   npm run bench -- --backup [--news N]  only backup and restore (issue #28) at 100,000 stories:
 *                                       the archive (size, time) taken while Directus runs, then a
 *                                       restore into a fresh folder until the site serves
 *   npm run bench -- --live [--news N] [--live-readers N] [--rhythm-minutes M]  only live coverage (issue #30):
 *                                       an entry's pipeline alone (≤ 2 s p95), then 1,000 open readers polling
 *                                       its coverage's feed while the newsroom's rhythm goes on (on screens
 *                                       ≤ 10 s p95, most polls 304, editor's list ≤ 300 ms), first paint of a
 *                                       2,000-entry coverage (≤ 100 KB of HTML) and its island (≤ 10 KB gzip)
 *   npm run bench -- --push [--subscriptions N]  only breaking-news alerts (issue #29): one alert to
 *                                       100,000 subscriptions through a local push service that decrypts
 *                                       each (goal ≤ 60 s), the editor's list p95 meanwhile (≤ 300 ms)
 *   npm run bench -- --breaking [--news N] [--minutes M] [--crowd N] [--crowd-rate R] [--crowd-workers W] [--prod]
 *                                       only a breaking-news day (issue #33), at 100,000 stories and for 10 min
 *                                       unless told: the stack as `npm start` runs it (`--prod`: nginx, reader
 *                                       edge, two Directus on PostgreSQL + Redis), and all at once a crowd of
 *                                       distinct readers (N views in flight, default 400; each a new connection
 *                                       from its own 127.x.y.z, the page's real calls, caps on), the newsroom's
 *                                       rhythm, the editor's list every 250 ms and the builder's own catch-up
 *                                       builds; every acknowledged view checked in the database's counters, the
 *                                       editor's list during a full build with no reader, CPU per view of each
 *                                       process and the bottleneck, the stack's peak memory (process tree).
 *                                       docs/benchmarks/breaking-<db>-<news>.json, the previous run kept inside;
 *                                       --crowd-rate R: an open crowd, R readers arriving a second whatever
 *                                       the answers' pace (N then the most kept open), in …-open.json
 *   npm run bench -- --crowd-ceiling [--crowd N] [--duration S]  the crowd generator's own ceiling: the
 *                                       same readers against a server that answers at once
 *                                       (docs/benchmarks/breaking-ceiling.json)
 * Results: docs/benchmarks/latest.{json,md} and a dated copy.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { ROOT } from '../directus/scripts/lib/paths.ts';
import { knexFromEnv } from '../directus/scripts/apply.ts';
import { ensureDemoUsers, uploadDemoImages } from '../directus/seed/demo.ts';
import { createItem, tokenClient, updateItem, type PortalClient } from '../directus/scripts/lib/client.ts';
import { astroEnv } from '@portal/builder/site-build';
import { ASTRO_BUILD_ARGS } from '@portal/builder/astro-cli';
import { buildAdmin, buildSite, startDirectusInstance, startFrontServer } from './lib/stack.ts';
import { generateNews } from '../directus/seed/bulk-news.ts';
import { percentile, readProcs, runMeasured } from './lib/bench/measure.ts';
import { runRhythm, type Kind, type KindResult } from './lib/bench/rhythm.ts';
import { BROWSER_UA, readerLoad } from './lib/bench/readers.ts';
import { startFrontProcess } from './lib/bench/front-child.ts';
import { startPipeline } from './lib/bench/pipeline.ts';
import { ISLANDS_GOAL_MS, slow3gIslands, type Slow3gTiming } from './lib/bench/slow-3g.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    '100k': { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    'rhythm-minutes': { type: 'string' },
    // Archive sizes for the full builds; publish-to-live and the rhythm run at the largest (issue #8: 1k, 10k, 100k).
    sizes: { type: 'string' },
    readers: { type: 'boolean', default: false },
    reports: { type: 'boolean', default: false },
    backup: { type: 'boolean', default: false },
    push: { type: 'boolean', default: false },
    live: { type: 'boolean', default: false },
    'live-readers': { type: 'string', default: '1000' },
    'live-entries': { type: 'string', default: '2000' },
    subscriptions: { type: 'string', default: '100000' },
    import: { type: 'boolean', default: false },
    'slow-3g': { type: 'boolean', default: false },
    breaking: { type: 'boolean', default: false },
    minutes: { type: 'string', default: '10' },
    // Views in flight at once (each one a reader: its own connection and address).
    crowd: { type: 'string', default: '400' },
    'crowd-workers': { type: 'string', default: '1' },
    // An open crowd (issue #33): readers arriving at this many a second; --crowd is then the most kept open.
    'crowd-rate': { type: 'string' },
    'crowd-ceiling': { type: 'boolean', default: false },
    news: { type: 'string', default: '100000' },
    // With --readers: the production topology (nginx, reader edge, two Directus on PostgreSQL + Redis).
    prod: { type: 'boolean', default: false },
    calls: { type: 'string', default: 'current' },
    connections: { type: 'string', default: '64' },
    duration: { type: 'string', default: '20' },
    // Aim the reader load at another public origin in front of this Directus (e.g. nginx with deploy/nginx.conf).
    origin: { type: 'string' },
  },
});
const db = args.db === 'postgres' ? 'postgres' : 'sqlite';
const quick = args.quick!;
const sizes = args.sizes ? args.sizes.split(',').map(Number).filter((n) => n > 0).sort((a, b) => a - b) : quick ? [1000] : [1000, 10000];
const work = path.join(ROOT, '.cache/bench');
// BENCH_PORT moves the three ports (several worktrees may bench on one machine).
const base = Number(process.env.BENCH_PORT ?? 18300);
const PORTS = { directus: base, builder: base + 1, front: base + 2, pushReceiver: base + 5 };
const siteUrl = `http://localhost:${PORTS.front}`;
const log = (s: string) => console.log(`» ${s}`);
const results: Record<string, unknown> = {};

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

// Every simulated reader comes from 127.0.0.1, so the per-address caps (decision 016) are
// raised: a capped view costs the same request and batch but writes no row, so this is
// the heavier load, not a lighter one.
const LIFTED_CAPS = { PORTAL_VIEW_CAP_PER_MINUTE: '1000000000', PORTAL_LIKE_CAP_PER_MINUTE: '1000000000' };

async function writeReaders(name: string, out: unknown) {
  console.log(JSON.stringify(out, null, 2));
  mkdirSync(path.join(ROOT, 'docs/benchmarks/readers'), { recursive: true });
  writeFileSync(path.join(ROOT, `docs/benchmarks/readers/${name}.json`), JSON.stringify(out, null, 2));
}

/** A record of docs/benchmarks/, the previous run of the same name kept inside it (one run per file). */
function writeRecord(file: string, out: Record<string, unknown>) {
  const target = path.join(ROOT, 'docs/benchmarks', file);
  let previous: unknown = null;
  try {
    const old = JSON.parse(readFileSync(target, 'utf8')) as Record<string, unknown>;
    delete old.previous;
    previous = old;
  } catch {
    /* first run */
  }
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, JSON.stringify({ ...out, previous }, null, 2));
  log(`resultado em docs/benchmarks/${file}`);
}

/** Stories a reader can open: published and not scheduled for later (a scheduled one is "Notícia não encontrada"). */
const readableNews = async (k: typeof knex, now = new Date()) =>
  (await k('news')
    .where('status', 'published')
    .andWhere((q) => q.whereNull('scheduled_at').orWhere('scheduled_at', '<=', now))
    .orderBy('published_at', 'desc')
    .limit(200)
    .pluck('id')) as string[];

/** nginx's worker processes (its master only supervises them). */
const nginxWorkers = (master: number): Record<string, number> =>
  Object.fromEntries(
    execFileSync('pgrep', ['-P', String(master)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((pid, i) => [`nginx ${i + 1}`, Number(pid)]),
  );

if (args['crowd-ceiling']) {
  // The generator against a server that answers each call at once: the most views/s it can make here.
  const { startCrowd, startTrivialServer } = await import('./lib/bench/crowd.ts');
  const { cpuUs } = await import('./lib/bench/readers.ts');
  const server = await startTrivialServer(base + 20);
  try {
    const newsIds = Array.from({ length: 1000 }, () => randomUUID());
    const crowd = startCrowd({
      origin: `http://127.0.0.1:${base + 20}`,
      newsIds,
      inFlight: Number(args.crowd),
      durationMs: Number(args.duration) * 1000,
      workers: Number(args['crowd-workers']),
      ...(args['crowd-rate'] ? { rate: Number(args['crowd-rate']) } : {}),
    });
    const cpu0 = { generator: cpuUs(crowd.pid), server: cpuUs(server.pid) };
    // Read just before the generator exits: its CPU time is gone with it.
    const [r, cpu1] = await Promise.all([
      crowd.result,
      new Promise<{ generator: number; server: number }>((resolve) => {
        let last = cpu0;
        const timer = setInterval(() => {
          const g = cpuUs(crowd.pid);
          if (g === 0) {
            clearInterval(timer);
            resolve(last);
          } else last = { generator: g, server: cpuUs(server.pid) };
        }, 100);
      }),
    ]);
    const perView = (us: number) => Math.round(us / Math.max(1, r.acknowledged));
    const out = {
      machine: { host: os.hostname(), cpu: os.cpus()[0]?.model, cores: os.cpus().length, node: process.version, date: new Date().toISOString() },
      what: 'o gerador de leitores (scripts/lib/bench/crowd.ts) contra um servidor que responde na hora, cada um no seu processo',
      readers: r,
      cpuPerViewUs: { generator: perView(cpu1.generator - cpu0.generator), server: perView(cpu1.server - cpu0.server) },
    };
    console.log(JSON.stringify(out, null, 2));
    writeRecord('breaking-ceiling.json', out);
  } finally {
    server.stop();
  }
  process.exit(0);
}

/**
 * The PostgreSQL postmaster and the Redis server the stack talks to, asked of
 * them (a backend's parent; INFO's process_id), not found by name: another
 * cluster on the machine (a second port) would be measured instead.
 */
async function servicePids(k: typeof knex, redisUrl: string): Promise<Record<string, number>> {
  const { Redis } = await import('ioredis');
  const backend = Number(((await k.raw('select pg_backend_pid() as pid')) as { rows: Array<{ pid: number }> }).rows[0]!.pid);
  const postmaster = readProcs().find((p) => p.pid === backend)!.ppid;
  const redis = new Redis(redisUrl);
  try {
    const info = await redis.info('server');
    return { PostgreSQL: postmaster, Redis: Number(/^process_id:(\d+)/m.exec(info)![1]) };
  } finally {
    redis.disconnect();
  }
}

/** The production topology on the bench's ports, fresh: its own Redis database (emptied) and PostgreSQL database. */
async function startBenchProd(redisDb: number, pgDatabase: string, directusExtra: Record<string, string>) {
  const { startProdTopology } = await import('./lib/prod/topology.ts');
  const { Redis } = await import('ioredis');
  const redisUrl = `redis://127.0.0.1:6379/${redisDb}`;
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  redis.disconnect();
  const topology = await startProdTopology({
    dataDir: path.join(work, 'prod'),
    pgDatabase,
    port: base + 10,
    directusPorts: [base + 11, base + 12],
    builderPort: base + 13,
    readersPort: base + 14,
    redisUrl,
    fresh: true,
    directusExtra,
    log,
  });
  // Measured as production runs: a cluster configured otherwise measures another product.
  if (topology.postgresDiffers.length) {
    await topology.stop();
    throw new Error(
      `o PostgreSQL em ${topology.directus[0]!.env.DB_HOST}:${topology.directus[0]!.env.DB_PORT} difere da produção: ${topology.postgresDiffers.join('; ')}. ` +
        'Ligue-o (ALTER SYSTEM SET autovacuum = on; SELECT pg_reload_conf();) ou aponte o bench para um cluster como o da produção (PGPORT=…).',
    );
  }
  return { ...topology, redisUrl };
}

if (args.breaking && args.prod) {
  const { breakingBench } = await import('./lib/bench/breaking.ts');
  // The caps stay on (issue #33): every reader has an address of its own.
  const prod = await startBenchProd(6, 'portal_bench_breaking', { LOG_LEVEL: 'error' });
  const pk = knexFromEnv(prod.directus[0]!.env);
  try {
    const padmin = tokenClient(prod.directus[0]!.url, prod.directus[0]!.env.ADMIN_TOKEN!) as unknown as PortalClient;
    const pusers = await ensureDemoUsers(padmin, () => {});
    // PostgreSQL and Redis are the machine's services, outside the bench's tree: their time and memory count too.
    const services = await servicePids(pk, prod.redisUrl);
    const news = Number(args.news);
    const out = await breakingBench({
      mode: 'prod',
      db: 'postgres',
      knex: pk,
      admin: padmin,
      images: await uploadDemoImages(padmin, 8),
      authorIds: Object.values(pusers),
      news,
      minutes: Number(args.minutes),
      inFlight: Number(args.crowd),
      workers: Number(args['crowd-workers']),
      ...(args['crowd-rate'] ? { rate: Number(args['crowd-rate']) } : {}),
      groups: {
        'Directus 1': prod.directus[0]!.child.pid!,
        'Directus 2': prod.directus[1]!.child.pid!,
        'borda de leitores': prod.readersPid,
        nginx: prod.nginx.process.pid!,
        ...services,
      },
      async start() {
        await prod.builder.trigger({ full: true });
        // Stopped with the topology, in the finally below.
        return { origin: prod.url, builder: prod.builder, groups: {}, stop: async () => {} };
      },
      log,
    });
    console.log(JSON.stringify(out.goals, null, 2));
    writeRecord(`breaking-prod-postgres-${news}${args['crowd-rate'] ? '-open' : ''}.json`, out);
  } finally {
    await pk.destroy();
    await prod.stop();
  }
  process.exit(0);
}

if (args.readers && args.prod) {
  const prod = await startBenchProd(5, 'portal_bench_prod', { LOG_LEVEL: 'error', ...LIFTED_CAPS });
  const pk = knexFromEnv(prod.directus[0]!.env);
  try {
    const padmin = tokenClient(prod.directus[0]!.url, prod.directus[0]!.env.ADMIN_TOKEN!) as unknown as PortalClient;
    const pusers = await ensureDemoUsers(padmin, () => {});
    await generateNews(pk, 1000, { images: await uploadDemoImages(padmin, 8), authorIds: Object.values(pusers) });
    await prod.builder.trigger({ full: true });
    const login = await fetch(`${prod.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'editor@portal.test', password: 'portal-demo-2026' }),
    }).then((r) => r.json() as Promise<{ data: { access_token: string } }>);
    const newsIds = await readableNews(pk);
    const r = await readerLoad({
      siteUrl: prod.url,
      editorToken: login.data.access_token,
      newsIds,
      calls: 'current',
      connections: Number(args.connections),
      durationS: Number(args.duration),
      pids: { 'borda (readers)': prod.readersPid, 'Directus 1': prod.directus[0]!.child.pid!, 'Directus 2': prod.directus[1]!.child.pid!, ...nginxWorkers(prod.nginx.process.pid!) },
    });
    const stored = await pk('news_views').count({ n: '*' }).first();
    await writeReaders('latest-postgres-current-nginx', {
      machine: { cpus: os.cpus().length, node: process.version, db: 'postgres', date: new Date().toISOString() },
      origin: 'nginx (deploy/nginx.conf) → reader edge → 2 Directus, PostgreSQL, Redis',
      load: r,
      viewRowsStored: Number(stored?.n ?? 0),
    });
  } finally {
    await pk.destroy();
    await prod.stop();
  }
  process.exit(0);
}

const builderToken = randomUUID();
const directus = await startDirectusInstance({
  dataDir: path.join(work, 'data'),
  port: PORTS.directus,
  db,
  pgDatabase: 'portal_bench',
  fresh: true,
  siteUrl,
  extra: {
    PORTAL_BUILDER_URL: `http://127.0.0.1:${PORTS.builder}`,
    PORTAL_BUILDER_TOKEN: builderToken,
    // The local push service of `--push` (scripts/lib/bench/push.ts) is where subscriptions point.
    PORTAL_PUSH_SERVICES: `http://127.0.0.1:${PORTS.pushReceiver}`,
    LOG_LEVEL: 'error',
    // `--live` and `--breaking` measure the product with its caps on (nothing is lifted; `--breaking`'s readers each have their own address).
    ...(args.live || args.breaking ? {} : LIFTED_CAPS),
  },
});
const admin = tokenClient(directus.url, directus.env.ADMIN_TOKEN!) as unknown as PortalClient;
const users = await ensureDemoUsers(admin, () => {});
const images = await uploadDemoImages(admin, 8);
const knex = knexFromEnv(directus.env);

/**
 * A bench that runs alone (`--reports`, `--slow-3g`, `--import`, `--backup`): its result, if any, printed and
 * kept in docs/benchmarks/<file>; then the bench's Directus stopped and the process ended.
 */
async function alone(file: string | null, run: () => Promise<unknown>): Promise<never> {
  try {
    const out = await run();
    if (file) {
      console.log(JSON.stringify(out, null, 2));
      mkdirSync(path.join(ROOT, 'docs/benchmarks'), { recursive: true });
      writeFileSync(path.join(ROOT, 'docs/benchmarks', file), JSON.stringify(out, null, 2));
    }
  } finally {
    await knex.destroy();
    await directus.stop();
  }
  process.exit(0);
}

if (args.reports) {
  // Relatórios at archive scale: 100k published news, and per-day totals for the last 30 days
  // (3,000 stories read a day, as a busy regional portal), then the editor's report over HTTP.
  try {
    const t0 = Date.now();
    await generateNews(knex, 100_000, { images, authorIds: Object.values(users) });
    const ids = (await knex('news').where('status', 'published').pluck('id')) as string[];
    const { reportDays } = await import('@portal/domain/reports');
    const rows = reportDays(30, new Date()).flatMap((day, d) =>
      Array.from({ length: 3000 }, (_, i) => {
        const id = ids[(d * 997 + i * 31) % ids.length]!;
        return { id: `${id}:${day}`, news_id: id, day, views: 1 + ((i * 7919) % 500), likes: (i * 13) % 20 };
      }),
    );
    const unique = [...new Map(rows.map((r) => [r.id, r])).values()];
    for (let i = 0; i < unique.length; i += 500) await knex('news_daily').insert(unique.slice(i, i + 500));
    log(`${ids.length} notícias publicadas e ${unique.length} totais diários em ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const login = await fetch(`${directus.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'editor@portal.test', password: 'portal-demo-2026' }),
    }).then((r) => r.json() as Promise<{ data: { access_token: string } }>);
    const times: number[] = [];
    for (let i = 0; i < 21; i++) {
      const s = performance.now();
      const res = await fetch(`${directus.url}/portal/reports`, { headers: { authorization: `Bearer ${login.data.access_token}` } });
      if (res.status !== 200) throw new Error(`relatório respondeu ${res.status}`);
      await res.json();
      if (i > 0) times.push(performance.now() - s); // the first warms Directus's schema cache
    }
    const out = {
      machine: { cpus: os.cpus().length, node: process.version, db, date: new Date().toISOString() },
      publishedNews: ids.length,
      dailyRows: unique.length,
      reportMs: { p50: Math.round(percentile(times, 50)), p95: Math.round(percentile(times, 95)), max: Math.round(Math.max(...times)) },
      goal: 'p95 ≤ 1000 ms',
    };
    console.log(JSON.stringify(out, null, 2));
    mkdirSync(path.join(ROOT, 'docs/benchmarks'), { recursive: true });
    writeFileSync(path.join(ROOT, `docs/benchmarks/reports-${db}.json`), JSON.stringify(out, null, 2));
  } finally {
    await knex.destroy();
    await directus.stop();
  }
  process.exit(0);
}

if (args['slow-3g']) {
  // A few hundred stories, built as `npm start` builds them, served by its front server (compression as it ships).
  await alone('slow-3g.json', async () => {
    await generateNews(knex, 300, { images, authorIds: Object.values(users) });
    const siteDir = path.join(work, 'slow-3g-site');
    const adminDir = path.join(work, 'admin');
    log('build do site e do painel…');
    await Promise.all([buildSite({ directusUrl: directus.url, directusToken: directus.env.PORTAL_SITE_READER_TOKEN!, outDir: siteDir, siteUrl }), buildAdmin({ outDir: adminDir })]);
    const front = await startFrontServer({ port: PORTS.front, siteDir, adminDir, directusUrl: directus.url, edgeKey: directus.env.PORTAL_EDGE_KEY });
    const articleSlug = (await knex('news').where('status', 'published').orderBy('published_at', 'desc').first('slug')).slug;
    const timings = await slow3gIslands({ siteUrl, articleSlug, log });
    await new Promise((r) => front.close(r));
    return {
      machine: { cpus: os.cpus().length, node: process.version, db, date: new Date().toISOString() },
      network: '400 ms de latência, 400 kbps de descida e de subida (CDP Network.emulateNetworkConditions), sem cache',
      timings,
      goal: `ilhas usáveis ≤ ${ISLANDS_GOAL_MS / 1000} s (com compressão)`,
      ok: timings.filter((t) => t.encoding === 'browser').every((t) => t.islandsMs <= ISLANDS_GOAL_MS),
    };
  });
}

if (args.import) {
  const { importBench } = await import('./lib/bench/import.ts');
  await alone(`import-${db}.json`, () => importBench({ directus, news: Number(args.news), work, builderPort: PORTS.builder, db, log }));
}

if (args.backup) {
  const { backupBench } = await import('./lib/bench/backup.ts');
  await alone(null, () => backupBench({ knex, directus, images, authorIds: Object.values(users), news: Number(args.news), work, siteUrl, frontPort: PORTS.front, db, log }));
}

if (args.push) {
  const { pushBench } = await import('./lib/bench/push.ts');
  await alone(`push-${db}.json`, () => pushBench({ knex, directus, receiverPort: PORTS.pushReceiver, subscriptions: Number(args.subscriptions), db, log }));
}

if (args.live) {
  const { liveBench } = await import('./lib/bench/live.ts');
  await alone(`live-${db}.json`, () =>
    liveBench({
      knex,
      directus,
      admin,
      images,
      authorIds: Object.values(users),
      news: Number(args.news),
      readers: Number(args['live-readers']),
      entries: Number(args['live-entries']),
      minutes: Number(args['rhythm-minutes'] ?? 5),
      work,
      siteUrl,
      builderToken,
      ports: PORTS,
      db,
      log,
    }),
  );
}

if (args.breaking) {
  const { breakingBench } = await import('./lib/bench/breaking.ts');
  const news = Number(args.news);
  try {
    const out = await breakingBench({
      mode: 'embedded',
      db,
      knex,
      admin,
      images,
      authorIds: Object.values(users),
      news,
      minutes: Number(args.minutes),
      inFlight: Number(args.crowd),
      workers: Number(args['crowd-workers']),
      ...(args['crowd-rate'] ? { rate: Number(args['crowd-rate']) } : {}),
      groups: { Directus: directus.child.pid! },
      async start() {
        // As `npm start` runs it; the front server (with its reader edge) in its own process, so its CPU is its own.
        const p = await startPipeline({ work, name: 'breaking-site', directus, siteUrl, builderToken, ports: PORTS, admin: false, separateFront: true });
        return { origin: siteUrl, builder: p.builder, groups: { 'servidor da frente (borda)': p.frontPid }, stop: () => p.stop() };
      },
      log,
    });
    console.log(JSON.stringify(out.goals, null, 2));
    writeRecord(`breaking-${db}-${news}${args['crowd-rate'] ? '-open' : ''}.json`, out);
  } finally {
    await knex.destroy();
    await directus.stop();
  }
  process.exit(0);
}

if (args.readers) {
  // Only the reader load: 1k published news, the front server (API only), the editor signed in.
  try {
    await generateNews(knex, 1000, { images, authorIds: Object.values(users) });
    // The real site: the page's /live.json is a file of this build, as readers get it.
    const readersSite = path.join(work, 'readers-site');
    rmSync(readersSite, { recursive: true, force: true });
    await buildSite({ directusUrl: directus.url, directusToken: directus.env.PORTAL_SITE_READER_TOKEN!, outDir: readersSite, siteUrl });
    const front = await startFrontProcess({
      port: PORTS.front,
      siteDir: readersSite,
      adminDir: path.join(work, 'no-admin'),
      directusUrl: directus.url,
      edgeKey: directus.env.PORTAL_EDGE_KEY,
    });
    const origin = args.origin ?? siteUrl;
    const login = await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'editor@portal.test', password: 'portal-demo-2026' }),
    }).then((r) => r.json() as Promise<{ data: { access_token: string } }>);
    const newsIds = await readableNews(knex);
    const calls = args.calls === 'legacy' ? 'legacy' : 'current';
    const r = await readerLoad({
      siteUrl: origin,
      editorToken: login.data.access_token,
      newsIds,
      calls,
      connections: Number(args.connections),
      durationS: Number(args.duration),
      pids: { 'servidor da frente (borda)': front.pid!, Directus: directus.child.pid! },
    });
    const stored = await knex('news_views').count({ n: '*' }).first();
    await writeReaders(`latest-${db}-${calls}${args.origin ? '-origin' : ''}`, {
      machine: { cpus: os.cpus().length, node: process.version, db, date: new Date().toISOString() },
      origin: args.origin ? 'external' : 'front server (npm start)',
      load: r,
      viewRowsStored: Number(stored?.n ?? 0),
    });
    front.kill();
  } finally {
    await knex.destroy();
    await directus.stop();
  }
  process.exit(0);
}

try {
  // 2. Publish-to-live: PATCH to published → the article served by the front server.
  // As `npm start` runs it: catch-up full builds included (they run in their own lane).
  // Measured at the smallest size too (issue #8: p50 at 100k at most 1.5 times p50 at 1k).
  const pipeline = (name: string) => startPipeline({ work, name, directus, siteUrl, builderToken, ports: PORTS });
  const editor = admin;
  const publishSamples = async (builder: { idle(): Promise<void> }, n: number, news: number) => {
    const latencies: number[] = [];
    for (let i = 0; i < n; i++) {
      await builder.idle();
      const draft = (await editor.request(
        createItem('news', { title: `Publicação medida ${i} ${Date.now()}`, content: 'Texto da matéria medida.', status: 'draft' }),
      )) as { id: string; slug: string };
      const t0 = Date.now();
      await editor.request(updateItem('news', draft.id, { status: 'published' }));
      for (;;) {
        const res = await fetch(`${siteUrl}/news/${draft.slug}/`);
        if (res.status === 200) break;
        if (Date.now() - t0 > 120_000) throw new Error('publicação não chegou ao ar em 120 s');
        await new Promise((r) => setTimeout(r, 100));
      }
      latencies.push(Date.now() - t0);
      log(`publicação ${i + 1} (${news} notícias): ${latencies.at(-1)} ms`);
    }
    return { samples: latencies, p50: percentile(latencies, 50), p95: percentile(latencies, 95), news };
  };
  // 1. Full builds at each size: time and peak memory.
  const builds: Array<{ news: number; ms: number; peakRssMb: number }> = [];
  let total = 0;
  for (const size of sizes) {
    total += await generateNews(knex, size - total, { images, authorIds: Object.values(users) });
    log(`${total} notícias publicadas; build completo…`);
    const out = path.join(work, `build-${size}`);
    const r = await runMeasured(process.execPath, ASTRO_BUILD_ARGS, astroEnv(out, { directusUrl: directus.url, directusToken: directus.env.PORTAL_SITE_READER_TOKEN!, siteUrl }), ROOT);
    if (!r.ok) throw new Error(`build de ${size} falhou:\n${r.output}`);
    builds.push({ news: size, ms: r.ms, peakRssMb: r.peakRssMb });
    log(`build de ${size}: ${(r.ms / 1000).toFixed(1)} s, pico ${r.peakRssMb} MB`);
    rmSync(out, { recursive: true, force: true });
    if (size === sizes[0] && sizes.length > 1) {
      const small = await pipeline('site-smallest');
      results.publishToLiveSmallest = await publishSamples(small.builder, quick ? 3 : 8, total);
      total += quick ? 3 : 8;
      await small.stop();
    }
  }
  results.fullBuild = builds;
  const { builder, stop: stopPipeline } = await pipeline('site');
  results.publishToLive = await publishSamples(builder, quick ? 5 : 12, total);

  // 2b. A newsroom's rhythm at this archive size (issue #8).
  const minutes = Number(args['rhythm-minutes'] ?? (quick ? 2 : 10));
  log(`ritmo da redação por ${minutes} min com ${total} notícias…`);
  results.rhythm = { news: total, minutes, ...(await runRhythm({ siteUrl, client: editor, knex, minutes, log })) };

  // The builder's work is done (its catch-up full build included): the browser measurements below share
  // this 2-core machine with the server, and a build beside them would be counted in the reader's page load.
  await builder.idle();
  await builder.stop();

  // 3. Page weight in a real browser: JavaScript (gzip) and the whole first view.
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const articleSlug = (await knex('news').where('status', 'published').orderBy('published_at', 'desc').first('slug')).slug;
  const weight: Record<string, { jsGzipKb: number; totalKb: number; requests: number }> = {};
  for (const [name, url] of [
    ['home', `${siteUrl}/`],
    ['article', `${siteUrl}/news/${articleSlug}/`],
  ] as const) {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    let js = 0;
    let totalBytes = 0;
    let requests = 0;
    page.on('response', async (res) => {
      if (!res.url().startsWith(siteUrl)) return;
      try {
        const body = await res.body();
        const type = res.headers()['content-type'] ?? '';
        const wire = /text|javascript|json|xml|svg/.test(type) ? gzipSync(body).length : body.length;
        requests++;
        totalBytes += wire;
        if (type.includes('javascript')) js += gzipSync(body).length;
      } catch {
        /* redirects have no body */
      }
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    weight[name] = { jsGzipKb: +(js / 1024).toFixed(1), totalKb: +(totalBytes / 1024).toFixed(1), requests };
    await page.close();
  }
  await browser.close();
  results.pageWeight = weight;
  log(`peso: ${JSON.stringify(weight)}`);

  // 3b. Islands on a slow phone network (issue #34): text painted, TOP/Compartilhar and the home's filter usable.
  results.slow3g = await slow3gIslands({ siteUrl, articleSlug, log });

  // 4. Lighthouse (mobile) on home and article, driving Debian Chromium.
  try {
    const { default: lighthouse } = await import('lighthouse');
    const chromeLauncher = await import('chrome-launcher');
    const chrome = await chromeLauncher.launch({
      chromePath: '/usr/bin/chromium',
      chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const scores: Record<string, Record<string, number>> = {};
    const metrics: Record<string, Record<string, number>> = {};
    for (const [name, url] of [
      ['home', `${siteUrl}/`],
      ['article', `${siteUrl}/news/${articleSlug}/`],
    ] as const) {
      const r = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      scores[name] = Object.fromEntries(Object.entries(r!.lhr.categories).map(([k, v]) => [k, Math.round((v.score ?? 0) * 100)]));
      // What the score is made of, and Lighthouse's own reading of this machine's CPU (its throttling is simulated from it).
      const audit = (id: string) => Math.round(r!.lhr.audits[id]?.numericValue ?? NaN);
      metrics[name] = {
        fcpMs: audit('first-contentful-paint'),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        speedIndexMs: audit('speed-index'),
        cls: +(r!.lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3),
        benchmarkIndex: Math.round(r!.lhr.environment.benchmarkIndex),
      };
    }
    chrome.kill();
    results.lighthouse = scores;
    results.lighthouseMetrics = metrics;
    log(`lighthouse: ${JSON.stringify(scores)} ${JSON.stringify(metrics)}`);
  } catch (e) {
    results.lighthouse = { error: e instanceof Error ? e.message : String(e) };
  }

  // 5. Like and view endpoints under load (autocannon, through the front server like a browser).
  const autocannon = (await import('autocannon')).default;
  const newsIds = (await knex('news').where('status', 'published').orderBy('published_at', 'desc').limit(20).pluck('id')) as string[];
  const load = async (endpoint: string, body: () => string) =>
    new Promise<{ rps: number; p99Ms: number; errors: number; non2xx: number; total: number }>((resolve, reject) => {
      autocannon(
        {
          url: `${siteUrl}/api/portal/${endpoint}`,
          connections: 20,
          duration: quick ? 5 : 30,
          // A browser's user agent: obvious bots are answered but not counted (decision 016).
          requests: [
            {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA },
              setupRequest: (req: any) => ({ ...req, body: body() }),
            },
          ],
        },
        (err: unknown, r: any) =>
          err
            ? reject(err)
            : resolve({ rps: Math.round(r.requests.average), p99Ms: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx, total: r.requests.total }),
      );
    });
  const pick = () => newsIds[Math.floor(Math.random() * newsIds.length)];
  results.load = {
    likes: await load('likes', () => JSON.stringify({ news_id: pick(), session_id: randomUUID() })),
    views: await load('article-view', () => JSON.stringify({ news_id: pick(), session_id: randomUUID() })),
  };
  log(`carga: ${JSON.stringify(results.load)}`);
  await stopPipeline();

  // 6. Admin news list at 100k news: the paginated, sorted query the admin makes.
  if (args['100k']) {
    total += await generateNews(knex, 100_000 - total, { images, authorIds: Object.values(users), status: 'draft' });
    log(`${total} notícias; medindo a lista do admin…`);
    const token = directus.env.ADMIN_TOKEN!;
    const lat: number[] = [];
    for (let i = 0; i < 60; i++) {
      const page = 1 + Math.floor(Math.random() * 200);
      const filter = i % 2 ? '&filter[status][_eq]=pending' : '';
      const t0 = performance.now();
      const res = await fetch(
        `${directus.url}/items/news?fields=id,title,summary,status,created_at,category_id.name,municipality_id.name&sort=-created_at&limit=20&page=${page}&meta=filter_count${filter}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      await res.json();
      lat.push(performance.now() - t0);
    }
    results.adminList100k = { news: total, p50Ms: Math.round(percentile(lat, 50)), p95Ms: Math.round(percentile(lat, 95)) };
    log(`lista do admin a 100k: ${JSON.stringify(results.adminList100k)}`);
  }
} finally {
  await knex.destroy();
  await directus.stop();
}

// Report, with the goals of issues #3 and #5.
const fb = (results.fullBuild as Array<{ news: number; ms: number; peakRssMb: number }>).find((b) => b.news === 10000);
const fb100k = (results.fullBuild as Array<{ news: number; ms: number; peakRssMb: number }>).find((b) => b.news === 100000);
const ptl = results.publishToLive as { p50: number; p95: number; news: number };
const ptlSmall = results.publishToLiveSmallest as { p50: number; news: number } | undefined;
const w = results.pageWeight as Record<string, { jsGzipKb: number; totalKb: number }>;
const lh = results.lighthouse as Record<string, Record<string, number>>;
const s3g = ((results.slow3g ?? []) as Slow3gTiming[]).filter((t) => t.encoding === 'browser');
const rh = results.rhythm as Record<Kind, KindResult> & { news: number };
const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const siteWide = ['correction', 'ad', 'urgent', 'unpublish', 'category', 'municipality', 'byline'] as const;
const goals = [
  ['Publicação até o ar, sozinha (p50)', `${sec(ptl.p50)} (p95 ${sec(ptl.p95)}, ${ptl.news} notícias)`, '≤ 1,5 s', ptl.p50 <= 1_500],
  [
    'Publicação sozinha: p50 no maior acervo ÷ p50 no menor',
    ptlSmall ? `${(ptl.p50 / ptlSmall.p50).toFixed(2)} (${sec(ptl.p50)} com ${ptl.news}; ${sec(ptlSmall.p50)} com ${ptlSmall.news})` : 'não medido (um tamanho só)',
    '≤ 1,5',
    ptlSmall ? ptl.p50 / ptlSmall.p50 <= 1.5 : null,
  ],
  [
    `Ritmo da redação: publicação (${rh.news} notícias)`,
    `p50 ${sec(rh.publish.p50)}, p95 ${sec(rh.publish.p95)}, máx ${sec(rh.publish.max)}${rh.publish.missed ? `, ${rh.publish.missed} sem chegar` : ''}`,
    'p50 ≤ 1,5 s, p95 ≤ 3 s, máx ≤ 10 s',
    !rh.publish.missed && rh.publish.p50 <= 1_500 && rh.publish.p95 <= 3_000 && rh.publish.max <= 10_000,
  ],
  ...siteWide.map((k) => [
    `Ritmo da redação: ${{ correction: 'correção', ad: 'anúncio editado', urgent: 'mensagem urgente', unpublish: 'despublicação', category: 'categoria renomeada', municipality: 'município renomeado', byline: 'nome de autor alterado' }[k]}`,
    rh[k].samples.length
      ? `máx ${sec(rh[k].max)} (${rh[k].samples.length} amostras)${rh[k].missed ? `, ${rh[k].missed} sem chegar` : ''}`
      : rh[k].missed
        ? `${rh[k].missed} sem chegar ao ar`
        : 'sem amostra',
    '≤ 10 s',
    rh[k].samples.length || rh[k].missed ? !rh[k].missed && rh[k].max <= 10_000 : null,
  ]),
  ['Build completo de 10k notícias', fb ? `${(fb.ms / 1000).toFixed(1)} s` : 'não medido (--quick)', '≤ 30 s', fb ? fb.ms <= 30_000 : null],
  ['Memória de pico no build de 10k', fb ? `${fb.peakRssMb} MB` : 'não medido', '≤ 2048 MB', fb ? fb.peakRssMb <= 2048 : null],
  ...(fb100k
    ? [
        ['Build completo de 100k notícias', `${(fb100k.ms / 1000).toFixed(1)} s`, '≤ 3 min', fb100k.ms <= 180_000],
        ['Memória de pico no build de 100k (todos os processos)', `${fb100k.peakRssMb} MB`, '≤ 4096 MB', fb100k.peakRssMb <= 4096],
      ]
    : []),
  ['JavaScript da página de notícia (gzip)', `${w.article?.jsGzipKb} KB`, '≤ 80 KB', (w.article?.jsGzipKb ?? 1e9) <= 80],
  ...s3g.map((t) => [
    `3G lento (400 ms, 400 kbps): ilhas usáveis na ${t.page === 'article' ? 'notícia (TOP, Compartilhar)' : 'home (filtro por município)'}`,
    `${sec(t.islandsMs)} (texto em ${sec(t.textMs)}, scripts ${t.scriptKb} KB)`,
    '≤ 4 s',
    t.islandsMs <= ISLANDS_GOAL_MS,
  ]),
  ['Primeira visita à notícia (sem rede de anúncios)', `${w.article?.totalKb} KB`, '≤ 300 KB', (w.article?.totalKb ?? 1e9) <= 300],
  ...(['home', 'article'] as const).flatMap((p) =>
    ['performance', 'accessibility', 'seo'].map((c) => [`Lighthouse ${c} (${p}, mobile)`, String(lh?.[p]?.[c] ?? '—'), '100', lh?.[p]?.[c] === 100]),
  ),
] as Array<[string, string, string, boolean | null]>;
const machine = {
  cpus: os.cpus().length,
  cpu: os.cpus()[0]?.model,
  memGb: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  db,
  date: new Date().toISOString(),
};
const json = { machine, versions: { directus: '11.17.4', astro: '7.3.5', react: '19.3.1' }, results, goals };
const md = [
  `# Benchmark — ${machine.date.slice(0, 10)}`,
  '',
  `Máquina: ${machine.cpus} núcleos (${machine.cpu}), ${machine.memGb} GiB, Node ${machine.node}, banco ${db}. Directus 11.17.4, Astro 7.3.5, React 19.3.1.`,
  '',
  '| medida | resultado | meta | ok |',
  '|---|---|---|---|',
  ...goals.map(([m, r, g, ok]) => `| ${m} | ${r} | ${g} | ${ok === null ? '—' : ok ? 'sim' : 'não'} |`),
  '',
  '## Detalhes',
  '',
  '```json',
  JSON.stringify(results, null, 2),
  '```',
  '',
].join('\n');
const dir = path.join(ROOT, 'docs/benchmarks');
mkdirSync(dir, { recursive: true });
const stamp = `${machine.date.slice(0, 10)}-${db}${quick ? '-quick' : ''}`;
for (const name of ['latest', stamp]) {
  writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(json, null, 2));
  writeFileSync(path.join(dir, `${name}.md`), md);
}
console.log(`\n${md.split('## Detalhes')[0]}`);
process.exit(0);
