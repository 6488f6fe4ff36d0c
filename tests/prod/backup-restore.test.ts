/**
 * The restore drill on the production topology (issue #28): PostgreSQL, two
 * Directus behind nginx, Redis, the backup job running beside them. Content is
 * arranged through nginx, the backup is taken the way production's job takes
 * it (pg_dump at an exported snapshot, secrets from the environment) WHILE a
 * writer publishes through nginx and readers view, and it is restored into a
 * fresh database and folder, compared, started and signed into with 2FA.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Knex } from 'knex';
import { startDirectus, type RunningDirectus } from '../../directus/scripts/lib/server.ts';
import { startFrontServer } from '@portal/edge/front-server';
import { takeBackup, type BackupResult } from '../../ops/src/backup.ts';
import { countRows, pgKnex } from '../../ops/src/database.ts';
import { placeFromEnv, type Place } from '../../ops/src/place.ts';
import { restoreArchive, type RestoreResult } from '../../ops/src/restore.ts';
import { arrange, Client, contentDifferences, dangling, restoredLogins, rhythm, type Arranged } from '../support/backup-drill.ts';

const env = inject('prodEnv');
const api = `${inject('nginxUrl')}/api`;
const work = mkdtempSync(path.join(os.tmpdir(), 'portal-prod-drill-'));
const restoredDb = `${env.DB_DATABASE}_restaurado`;
// Production's job reads Directus's environment (secrets included) plus the releases and backups folders.
const production: Place = placeFromEnv({ ...env, SITE_RELEASES_DIR: path.join(inject('prodDataDir'), 'site'), PORTAL_BACKUP_DIR: path.join(work, 'backups') });
const fresh: Place = placeFromEnv({
  ...env,
  DB_DATABASE: restoredDb,
  STORAGE_LOCAL_ROOT: path.join(work, 'fresh/uploads'),
  SITE_RELEASES_DIR: path.join(work, 'fresh/site'),
  PORTAL_BACKUP_DIR: path.join(work, 'fresh/backups'),
});
const pg = (p: Place): Knex => pgKnex((p.db as { connection: Parameters<typeof pgKnex>[0] }).connection);

let arranged: Arranged;
let backup: BackupResult;
let restored: RestoreResult;

beforeAll(async () => {
  // The restore target starts empty (a database left by an earlier run would ask for --replace).
  const admin = pgKnex({ ...(fresh.db as { connection: Parameters<typeof pgKnex>[0] }).connection, database: 'postgres' });
  await admin.raw(`DROP DATABASE IF EXISTS "${restoredDb}" WITH (FORCE)`);
  await admin.destroy();
  arranged = await arrange(api, inject('prodAdminToken'), `prod${Date.now()}`);
  // The stories are live before the backup (the site in the archive shows them).
  await until(async () => (await fetch(`${inject('nginxUrl')}/news/${arranged.stories[0]!.slug}/`)).status === 200, 120_000);
  const r = rhythm(api, inject('prodAdminToken'), arranged.hot, 'prod');
  await r.until((c) => c.published >= 3 && c.deleted >= 1 && c.views >= 5);
  const atStart = { ...r.counts };
  backup = await takeBackup(production);
  await r.until((c) => c.published > atStart.published && c.views > atStart.views);
  const during = await r.stop();
  expect(during.errors).toEqual([]);
  expect(during.published).toBeGreaterThan(0);
  restored = await restoreArchive(backup.file, fresh);
}, 400_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

async function until(check: () => Promise<boolean>, ms: number) {
  const t0 = Date.now();
  while (!(await check())) {
    if (Date.now() - t0 > ms) throw new Error('tempo esgotado');
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe('backup and restore in production (PostgreSQL)', () => {
  it('the backup job runs beside the instances: the health page knows when the next backup is', async () => {
    const h = await new Client(api, inject('prodAdminToken')).ok('GET', '/portal/health');
    expect(h.backup.available).toBe(true);
    expect(Date.parse(h.backup.nextAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('the archive: pg_dump, every upload, the live site, the environment\'s secrets marked as such', () => {
    expect(backup.manifest.database).toEqual({ kind: 'postgres', path: 'database/portal.pgdump' });
    expect(backup.manifest.uploads.missing).toEqual([]);
    expect(backup.manifest.site!.files).toBeGreaterThan(10);
    expect(backup.manifest.files.filter((f) => f.secret).map((f) => f.path)).toEqual(['secrets/env']);
  });

  it('restored into a fresh database: every table at the backup\'s instant, consistent, the arranged content row by row', async () => {
    expect(await countRows(fresh.db)).toEqual(backup.manifest.counts);
    const [k, o] = [pg(fresh), pg(production)];
    try {
      expect(await dangling(k, path.join(work, 'fresh/uploads'))).toEqual([]);
      expect(await contentDifferences(k, o, arranged)).toEqual([]);
    } finally {
      await k.destroy();
      await o.destroy();
    }
    // Production's secrets come from its .env: they are handed back in a file, not imposed.
    expect(readFileSync(restored.secretsFile!, 'utf8')).toContain(`SECRET=${env.SECRET}\n`);
  });

  describe('the restored portal, started', () => {
    let directus: RunningDirectus;
    let front: http.Server;
    beforeAll(async () => {
      const port = Number(env.PORT) + 10;
      front = await startFrontServer({ port: port + 1, siteDir: path.join(work, 'fresh/site/current'), adminDir: inject('prodAdminDir'), directusUrl: `http://127.0.0.1:${port}` });
      const secrets = Object.fromEntries(
        readFileSync(restored.secretsFile!, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );
      // Its own database and folder; no shared Redis (that is production's).
      const own = Object.fromEntries(Object.entries(env).filter(([k]) => !/^(REDIS|CACHE_|RATE_LIMITER_|SYNCHRONIZATION_|MESSENGER_)/.test(k)));
      directus = await startDirectus(
        { ...own, ...secrets, PORT: String(port), DB_DATABASE: restoredDb, STORAGE_LOCAL_ROOT: path.join(work, 'fresh/uploads'), PORTAL_BUILDER_URL: '', CACHE_ENABLED: 'false', RATE_LIMITER_ENABLED: 'false' },
        { timeoutMs: 180_000 },
      );
    }, 240_000);
    afterAll(async () => {
      await directus?.stop();
      await new Promise((r) => front?.close(r));
    });

    it('serves the restored site at once and 301s the old address', async () => {
      const site = `http://127.0.0.1:${(front.address() as { port: number }).port}`;
      expect((await fetch(`${site}/news/${arranged.stories[0]!.slug}`)).status).toBe(200);
      const old = await fetch(`${site}/news/${arranged.renamed.from}`, { redirect: 'manual' });
      expect(old.status).toBe(301);
      expect(old.headers.get('location')).toContain(arranged.renamed.to);
      expect(existsSync(path.join(work, 'fresh/site/current/index.html'))).toBe(true);
    });

    it('signs in with 2FA, keeps a session from before the backup, and has the same TOP and view counts', async () => {
      expect(await restoredLogins(directus.url, arranged)).toEqual([]);
    });
  });
});
