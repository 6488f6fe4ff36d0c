/**
 * Brings up the real product pieces for `npm start`, the tests and the bench:
 * a seeded Directus, the built site and admin, and the front server.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import knexFactory from 'knex';
import { buildExtensions } from '../../directus/scripts/build-extensions.ts';
import { applyAll, knexFromEnv } from '../../directus/scripts/apply.ts';
import { checkDirectusVersion } from '../../directus/scripts/lib/preflight.ts';
import { directusEnv, type DbKind } from '../../directus/scripts/lib/env.ts';
import { ROOT } from '../../directus/scripts/lib/paths.ts';
import { bootstrap, startDirectus, type RunningDirectus } from '../../directus/scripts/lib/server.ts';
import { runAstro } from '@portal/builder/site-build';
import { useWal } from '../../ops/src/database.ts';
import { startFrontServer } from '@portal/edge/front-server';
import { swapDir } from './swap-dir.ts';

export type DirectusInstance = RunningDirectus & { env: Record<string, string> };

export type InstanceOptions = {
  dataDir: string;
  port: number;
  db?: DbKind;
  pgDatabase?: string;
  demo?: boolean;
  /** Start from an empty database (tests); the demo keeps its data. */
  fresh?: boolean;
  siteUrl?: string;
  /** SMTP port of the local mail catcher Directus sends to (npm start, e2e). */
  mailSmtpPort?: number;
  extra?: Record<string, string>;
  log?: (s: string) => void;
};

/** Creates the PostgreSQL database (dropping it first when `fresh`); keeps an existing one otherwise. */
async function preparePgDatabase(name: string, fresh: boolean) {
  const admin = knexFactory({
    client: 'pg',
    connection: { host: process.env.PGHOST ?? '127.0.0.1', port: Number(process.env.PGPORT ?? 5432), user: process.env.PGUSER ?? 'postgres', database: 'postgres' },
    pool: { min: 0, max: 1 },
  });
  try {
    if (fresh) await admin.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    const exists = await admin('pg_database').where('datname', name).first();
    if (!exists) await admin.raw(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.destroy();
  }
}

export async function startDirectusInstance(o: InstanceOptions): Promise<DirectusInstance> {
  const log = o.log ?? (() => {});
  await buildExtensions();
  if (o.fresh) rmSync(o.dataDir, { recursive: true, force: true });
  if (o.db === 'postgres') await preparePgDatabase(o.pgDatabase ?? 'portal_test', !!o.fresh);
  const env = directusEnv({ dataDir: o.dataDir, port: o.port, db: o.db, pgDatabase: o.pgDatabase, siteUrl: o.siteUrl, mailSmtpPort: o.mailSmtpPort, extra: o.extra });
  // A database from a newer Directus is not migrated backwards (issue #28).
  const db = knexFromEnv(env);
  try {
    await checkDirectusVersion(db);
  } finally {
    await db.destroy();
  }
  await bootstrap(env);
  // Readers (a backup, the builder) and Directus's writes go on side by side (decision 039).
  if (env.DB_CLIENT === 'sqlite3') await useWal(env.DB_FILENAME!);
  const running = await startDirectus(env);
  try {
    await applyAll({ url: running.url, env, demo: o.demo, log });
  } catch (e) {
    await running.stop();
    throw e;
  }
  return { ...running, env };
}

function runNode(args: string[], env: Record<string, string>, cwd = ROOT): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out = (out + d).slice(-20_000)));
    child.stderr.on('data', (d) => (out = (out + d).slice(-20_000)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} falhou (${code}):\n${out}`))));
  });
}

/** Static site from Directus content (DIRECTUS_URL is read at build time only). */
export async function buildSite(o: { directusUrl: string; directusToken: string; outDir: string; siteUrl: string }) {
  await runAstro(o.outDir, o);
}

export async function buildAdmin(o: { outDir: string }) {
  // Built beside and put in place whole: another build of it at once (a second npm start) must not empty this one mid-write.
  const scratch = `${o.outDir}.building-${process.pid}-${Date.now()}`;
  try {
    await runNode([path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', scratch, '--emptyOutDir'], {}, path.join(ROOT, 'admin'));
    swapDir(scratch, o.outDir);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

export { startFrontServer };
export { startMailCatcher } from './mail-catcher.ts';
