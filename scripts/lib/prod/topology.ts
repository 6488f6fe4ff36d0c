/**
 * The production topology as processes on this machine (issue #11), the way
 * docker-compose.yml lays it out: PostgreSQL and Redis on 127.0.0.1, two
 * Directus instances sharing them (and one uploads folder, as a shared
 * volume), the apply step, the builder, the admin assets and Debian's nginx
 * with deploy/nginx.conf in front of it all.
 */
import http from 'node:http';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import knexFactory from 'knex';
import { ROOT } from '../../../directus/scripts/lib/paths.ts';
import { startDirectus } from '../../../directus/scripts/lib/server.ts';
import { startBuilder } from '@portal/builder/service';
import { buildAdmin, startDirectusInstance, type DirectusInstance } from '../stack.ts';
import { ensureNginx, startNginx, type RunningNginx } from './nginx.ts';
import { SHARED_DIRECTUS_SETTINGS } from './settings.ts';

export type ProdOptions = {
  dataDir: string;
  pgDatabase: string;
  port: number;
  directusPorts: [number, number];
  builderPort: number;
  /** The backup job's settings (PORTAL_BACKUP_HOUR, PORTAL_BACKUP_COPY_TO…). */
  backupEnv?: Record<string, string>;
  /** The standalone reader edge (default: builderPort + 1). */
  readersPort?: number;
  redisUrl?: string;
  /** More Directus settings (the bench lifts the per-address caps: all its readers share one address). */
  directusExtra?: Record<string, string>;
  /** Start from an empty database (tests); start:prod keeps its data. */
  fresh?: boolean;
  /** Where the admin is built (default dist/admin): the test suite's own, so suites run side by side never rebuild each other's. */
  adminDir?: string;
  log?: (s: string) => void;
};

export type ProdTopology = {
  url: string;
  directus: DirectusInstance[];
  builder: ReturnType<typeof startBuilder>;
  nginx: RunningNginx;
  adminDir: string;
  /** The standalone reader edge's process id (the bench reports its CPU). */
  readersPid: number;
  /** How the PostgreSQL used differs from production's settings (productionLikePostgres); empty when it does not. */
  postgresDiffers: string[];
  /** Starts instance i again after it was stopped (failover tests). */
  restartDirectus: (i: number) => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * The PostgreSQL settings production's image (postgres:15) runs with and a machine's own cluster may
 * not: with autovacuum off, every story's view counter leaves a dead row version behind, the archive's
 * table bloats and each count and update reads it all (the breaking-news bench at 100,000 stories: 274 s
 * of PostgreSQL CPU in 10 minutes against 145 s with it on; decision 067).
 */
export async function productionLikePostgres(pg: { raw: (sql: string) => Promise<unknown> }): Promise<string[]> {
  const { rows } = (await pg.raw('show autovacuum')) as { rows: Array<{ autovacuum: string }> };
  return rows[0]?.autovacuum === 'on' ? [] : ['autovacuum=off (a produção roda com autovacuum ligado)'];
}

async function checkServices(redisUrl: string, log: (s: string) => void): Promise<string[]> {
  const pg = knexFactory({
    client: 'pg',
    connection: {
      host: process.env.PGHOST ?? '127.0.0.1',
      port: Number(process.env.PGPORT ?? 5432),
      user: process.env.PGUSER ?? 'postgres',
      database: 'postgres',
    },
    pool: { min: 0, max: 1 },
  });
  try {
    await pg.raw('select 1');
  } catch {
    await pg.destroy();
    throw new Error('PostgreSQL não responde em 127.0.0.1:5432 (inicie-o: pg_ctlcluster 15 main start)');
  }
  let differs: string[];
  try {
    differs = await productionLikePostgres(pg);
    for (const d of differs) log(`aviso: este PostgreSQL difere da produção: ${d}`);
  } finally {
    await pg.destroy();
  }
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    throw new Error(`Redis não responde em ${redisUrl} (inicie-o: redis-server --daemonize yes --bind 127.0.0.1)`);
  } finally {
    redis.disconnect();
  }
  return differs;
}

/** A Node service of its own (as docker-compose runs it); resolves once it prints `ready`. */
async function startService(o: { label: string; script: string; env: Record<string, string | undefined>; ready: string }): Promise<{ child: ChildProcess; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [path.join(ROOT, o.script)], { env: { ...process.env, ...o.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const seen = (d: Buffer) => {
      out = (out + d).slice(-4000);
      if (out.includes(o.ready)) resolve();
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', (d: Buffer) => (out = (out + d).slice(-4000)));
    child.once('exit', (code) => reject(new Error(`${o.label} não subiu (código ${code}):\n${out.slice(-2000)}`)));
  });
  return {
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function startProdTopology(o: ProdOptions): Promise<ProdTopology> {
  const log = o.log ?? (() => {});
  const redisUrl = o.redisUrl ?? 'redis://127.0.0.1:6379/3';
  ensureNginx(log);
  const postgresDiffers = await checkServices(redisUrl, log);
  const siteUrl = `http://localhost:${o.port}`;
  const builderToken = randomBytes(16).toString('hex');
  const extra = {
    ...SHARED_DIRECTUS_SETTINGS,
    REDIS: redisUrl,
    PUBLIC_URL: `${siteUrl}/api`,
    PORTAL_BUILDER_URL: `http://127.0.0.1:${o.builderPort}`,
    PORTAL_BUILDER_TOKEN: builderToken,
    ...o.directusExtra,
  };
  // What has started, stopped in reverse order: by stop(), and by a failure half-way (nothing left running behind an error).
  const started: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    for (const part of started.splice(0).reverse()) await part().catch(() => {});
  };
  const directus: DirectusInstance[] = [];
  started.push(() => Promise.all(directus.map((d) => d.stop().catch(() => {}))));
  try {
    log('Directus 1 (PostgreSQL + Redis): esquema, acessos e conteúdo de demonstração…');
    const first = await startDirectusInstance({
      dataDir: o.dataDir,
      port: o.directusPorts[0],
      db: 'postgres',
      pgDatabase: o.pgDatabase,
      demo: true,
      fresh: o.fresh,
      siteUrl,
      extra,
      log,
    });
    directus.push(first);
    const envFor = (i: number) => ({ ...first.env, PORT: String(o.directusPorts[i]) });
    log('Directus 2 (mesmo banco, mesmo Redis, mesma pasta de arquivos)…');
    directus.push({ ...(await startDirectus(envFor(1))), env: envFor(1) });

    log('contagem de leituras (lotes para o Directus)…');
    const readersPort = o.readersPort ?? o.builderPort + 1;
    const readers = await startService({
      label: 'a contagem de leituras',
      script: 'edge/src/main.ts',
      env: { READER_EDGE_PORT: String(readersPort), READER_EDGE_HOST: '127.0.0.1', DIRECTUS_URL: `http://127.0.0.1:${o.port}/api`, PORTAL_EDGE_KEY: first.env.PORTAL_EDGE_KEY! },
      ready: 'ouvindo em',
    });
    started.push(() => readers.stop());

    const adminDir = o.adminDir ?? path.join(ROOT, 'dist/admin');
    const builder = startBuilder({
      releasesRoot: path.join(o.dataDir, 'site'),
      directusUrl: `http://127.0.0.1:${o.port}/api`,
      directusToken: first.env.PORTAL_SITE_READER_TOKEN!,
      siteUrl,
      token: builderToken,
      log: (s) => log(`site: ${s}`),
    });
    const builderServer = http.createServer(builder.handler).listen(o.builderPort, '127.0.0.1');
    started.push(async () => {
      await builder.stop();
      await builder.idle();
      await new Promise((r) => builderServer.close(r));
    });
    log('painel administrativo…');
    await buildAdmin({ outDir: adminDir });
    const nginx = await startNginx(
      {
        listen: `127.0.0.1:${o.port}`,
        siteRoot: builder.releases.current,
        adminRoot: adminDir,
        directus: o.directusPorts.map((p) => `127.0.0.1:${p}`),
        builder: `127.0.0.1:${o.builderPort}`,
        readers: `127.0.0.1:${readersPort}`,
        cacheDir: path.join(o.dataDir, 'nginx', 'cache'),
      },
      path.join(o.dataDir, 'nginx'),
    );
    started.push(() => nginx.stop());
    log('site público (build completo)…');
    await builder.trigger({ full: true });
    if (builder.status.lastError) throw new Error(`o build do site falhou: ${builder.status.lastError}`);
    // The backup job (docker-compose `backup`): Directus's environment, the releases and the backups folder (issue #28).
    log('backup diário…');
    const backupJob = await startService({
      label: 'o backup diário',
      script: 'ops/src/cli/daemon.ts',
      env: { ...first.env, SITE_RELEASES_DIR: path.join(o.dataDir, 'site'), ...o.backupEnv },
      ready: 'pronto',
    });
    started.push(() => backupJob.stop());
    // Up means a reader gets pages through nginx, not that it accepts connections (issue #32: "no ar", then 404 everywhere).
    await nginx.serves(['/', '/auth']);

    return {
      url: nginx.url,
      directus,
      builder,
      nginx,
      adminDir,
      readersPid: readers.child.pid!,
      postgresDiffers,
      restartDirectus: async (i) => {
        directus[i] = { ...(await startDirectus(envFor(i))), env: envFor(i) };
      },
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
