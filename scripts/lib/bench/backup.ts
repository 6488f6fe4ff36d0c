/**
 * `npm run bench -- --backup` (issue #28): at N published stories (100,000 by
 * default) with the live site built as `npm start` builds it, the time and
 * size of `npm run backup` taken while Directus runs, and of a restore into a
 * fresh folder until the restored site serves its home and newest story (what a
 * newsroom waits for after losing a disk), and until the last page is in. Goals: backup ≤ 2 min, restore to serving ≤ 1 min.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { ROOT } from '../../../directus/scripts/lib/paths.ts';
import { generateNews } from '../../../directus/seed/bulk-news.ts';
import { dbDate } from '../../../directus/extensions/shared/db-date.ts';
import { takeBackup } from '../../../ops/src/backup.ts';
import { embeddedPlace, placeFromEnv, type Place } from '../../../ops/src/place.ts';
import { restoreArchive } from '../../../ops/src/restore.ts';
import { startBuilder } from '@portal/builder/service';
import { startFrontServer } from '@portal/edge/front-server';
import type { DirectusInstance } from '../stack.ts';

export async function backupBench(o: {
  knex: Knex;
  directus: DirectusInstance;
  images: string[];
  authorIds: string[];
  news: number;
  work: string;
  siteUrl: string;
  frontPort: number;
  db: 'sqlite' | 'postgres';
  log: (s: string) => void;
}) {
  const { log } = o;
  const dataDir = path.join(o.work, 'data');
  let t0 = Date.now();
  await generateNews(o.knex, o.news, { images: o.images, authorIds: o.authorIds });
  log(`${o.news} notícias em ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  // Reader traffic leaves rows too: a day of views on 3,000 stories.
  const ids = (await o.knex('news').where('status', 'published').limit(3000).pluck('id')) as string[];
  const created_at = dbDate(o.knex, new Date());
  for (let i = 0; i < ids.length; i += 50) {
    await o.knex('news_views').insert(ids.slice(i, i + 50).flatMap((id) => Array.from({ length: 10 }, (_, n) => ({ news_id: id, ip_hash: `bench-${n}`, created_at }))));
  }

  const releasesRoot = path.join(dataDir, 'site');
  const builder = startBuilder({ releasesRoot, directusUrl: o.directus.url, directusToken: o.directus.env.PORTAL_SITE_READER_TOKEN!, siteUrl: o.siteUrl, token: 'bench', catchUpMs: 0, log: (s) => log(`site: ${s}`) });
  t0 = Date.now();
  await builder.trigger({ full: true });
  await builder.stop();
  if (builder.status.lastError) throw new Error(`build: ${builder.status.lastError}`);
  return measureBackup({ ...o, dataDir, buildMs: Date.now() - t0 });
}

/** The measured part: backup of the data folder while Directus runs, restore into a fresh folder until the site serves. */
export async function measureBackup(o: {
  knex: Knex;
  directus: DirectusInstance;
  work: string;
  frontPort: number;
  db: 'sqlite' | 'postgres';
  dataDir: string;
  buildMs: number | null;
  log: (s: string) => void;
}) {
  const { log, dataDir, buildMs } = o;
  const releasesRoot = path.join(dataDir, 'site');
  let t0: number;
  const source: Place =
    o.db === 'sqlite' ? embeddedPlace(dataDir) : placeFromEnv(o.directus.env, { dataDir, releasesRoot, backupsDir: path.join(dataDir, 'backups') });
  // As the daily job runs: Directus up, the archive taken beside it. CPU time too: on a shared
  // machine the wall clock says as much about the neighbours as about the backup.
  const cpu0 = process.cpuUsage();
  const backup = await takeBackup(source, { log });
  const backupCpu = process.cpuUsage(cpu0);
  const files = backup.manifest.files;

  const restoredDir = path.join(o.work, 'restored');
  rmSync(restoredDir, { recursive: true, force: true });
  const target: Place =
    o.db === 'sqlite'
      ? embeddedPlace(restoredDir)
      : placeFromEnv({ ...o.directus.env, DB_DATABASE: 'portal_bench_restaurado', STORAGE_LOCAL_ROOT: path.join(restoredDir, 'uploads') }, { dataDir: restoredDir, releasesRoot: path.join(restoredDir, 'site'), backupsDir: path.join(restoredDir, 'backups') });
  t0 = Date.now();
  const cpu1 = process.cpuUsage();
  // Serving: npm start's front server over the restored release as soon as it is live, answering the home and the
  // newest story (the rest of the pages still arriving behind).
  const story = (await o.knex('news').where('status', 'published').orderBy('published_at', 'desc').first('slug')) as { slug: string };
  const at: { front?: http.Server; servingMs?: number } = {};
  const restored = await restoreArchive(backup.file, target, {
    log,
    onServing: async () => {
      at.front = await startFrontServer({ port: o.frontPort, siteDir: path.join(restoredDir, 'site', 'current'), adminDir: path.join(ROOT, 'dist/admin'), directusUrl: o.directus.url });
      for (const p of ['/', `/news/${story.slug}`]) {
        const res = await fetch(`http://127.0.0.1:${o.frontPort}${p}`);
        if (res.status !== 200) throw new Error(`${p} respondeu ${res.status} depois da restauração`);
      }
      at.servingMs = Date.now() - t0;
    },
  });
  const restoreCpu = process.cpuUsage(cpu1);
  const { front, servingMs } = at;
  if (!front || servingMs === undefined) throw new Error('a restauração não pôs o site no ar');
  // Once the rest is in, an older story serves too.
  const oldest = (await o.knex('news').where('status', 'published').orderBy('published_at', 'asc').first('slug')) as { slug: string };
  const old = await fetch(`http://127.0.0.1:${o.frontPort}/news/${oldest.slug}`);
  if (old.status !== 200) throw new Error(`a notícia mais antiga respondeu ${old.status} depois da restauração`);
  await new Promise((r) => front.close(r));

  const out = {
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version, db: o.db, date: new Date().toISOString(), loadAverage: os.loadavg().map((n) => Number(n.toFixed(1))) },
    stories: backup.manifest.counts.news,
    views: backup.manifest.counts.news_views,
    uploads: backup.manifest.uploads.count,
    sitePages: backup.manifest.site?.files ?? 0,
    fullBuildS: buildMs === null ? null : Math.round(buildMs / 1000),
    backup: {
      seconds: Number((backup.durationMs / 1000).toFixed(1)),
      archiveMB: Number((backup.bytes / 1e6).toFixed(1)),
      databaseMB: Number(((files.find((f) => f.path.startsWith('database/'))?.size ?? 0) / 1e6).toFixed(1)),
      siteMB: Number((files.filter((f) => f.path.startsWith('site/')).reduce((n, f) => n + f.size, 0) / 1e6).toFixed(1)),
      cpuSeconds: Number(((backupCpu.user + backupCpu.system) / 1e6).toFixed(1)),
      goal: '≤ 120 s',
    },
    restore: {
      seconds: Number((restored.durationMs / 1000).toFixed(1)),
      toServingSeconds: Number((servingMs / 1000).toFixed(1)),
      firstPages: backup.manifest.site?.first ?? null,
      cpuSeconds: Number(((restoreCpu.user + restoreCpu.system) / 1e6).toFixed(1)),
      goal: 'servindo em ≤ 60 s',
    },
  };
  console.log(JSON.stringify(out, null, 2));
  mkdirSync(path.join(ROOT, 'docs/benchmarks'), { recursive: true });
  writeFileSync(path.join(ROOT, `docs/benchmarks/backup-${o.db}.json`), JSON.stringify(out, null, 2) + '\n');
  return out;
}
