/**
 * The restore drill (issue #28): a portal with content, uploads, a 2FA account,
 * views and TOPs is backed up WHILE a writer publishes (and deletes, photo and
 * all) and readers view; the archive is restored into a fresh folder and
 * compared with the original table by table and file by file; the restored
 * portal signs in with 2FA, 301s an old address and serves its site before any
 * build, then rebuilds behind. Damaged archives and a missing --replace are refused.
 * Runs on the suite's database: SQLite here, PostgreSQL with TEST_DB=postgres.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Knex } from 'knex';
import { startBuilder } from '@portal/builder/service';
import { startFrontServer } from '@portal/edge/front-server';
import { directusEnv } from '../../directus/scripts/lib/env.ts';
import { ROOT } from '../../directus/scripts/lib/paths.ts';
import { startDirectus, type RunningDirectus } from '../../directus/scripts/lib/server.ts';
import { takeBackup, type BackupResult } from '../../ops/src/backup.ts';
import { countRows, pgKnex, sqliteKnex } from '../../ops/src/database.ts';
import { embeddedPlace, placeFromEnv, type Place } from '../../ops/src/place.ts';
import { restoreArchive, RestoreError } from '../../ops/src/restore.ts';
import { splitRelease } from '../../ops/src/site-pack.ts';
import { arrange, contentDifferences, dangling, restoredLogins, rhythm, sha256, type Arranged } from '../support/backup-drill.ts';

const pg = inject('dbKind') === 'postgres';
const dbEnv = inject('dbEnv');
const dataDir = inject('dataDir');
const port = Number(new URL(inject('directusUrl')).port);
const work = mkdtempSync(path.join(os.tmpdir(), 'portal-drill-'));
const releasesRoot = path.join(work, 'site');
const source: Place = placeFromEnv({ ...dbEnv, STORAGE_LOCATIONS: 'local', STORAGE_LOCAL_ROOT: path.join(dataDir, 'uploads') }, { dataDir, releasesRoot, backupsDir: path.join(work, 'backups') });
const restoredDb = `${dbEnv.DB_DATABASE}_restaurado`;

/** A fresh folder (and, on PostgreSQL, a database name) to restore into. */
function target(name: string): { dir: string; place: Place } {
  const dir = path.join(work, name);
  if (!pg) return { dir, place: embeddedPlace(dir) };
  return {
    dir,
    place: placeFromEnv({ ...dbEnv, DB_DATABASE: `${restoredDb}_${name}`.slice(0, 60), STORAGE_LOCATIONS: 'local', STORAGE_LOCAL_ROOT: path.join(dir, 'uploads') }, { dataDir: dir, releasesRoot: path.join(dir, 'site'), backupsDir: path.join(dir, 'backups') }),
  };
}
async function dropDatabase(name: string) {
  const k = pgKnex({ host: dbEnv.DB_HOST!, port: Number(dbEnv.DB_PORT), user: dbEnv.DB_USER!, password: dbEnv.DB_PASSWORD ?? '', database: 'postgres' });
  try {
    await k.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await k.destroy();
  }
}
const knexFor = (p: Place): Knex => (p.db.kind === 'sqlite' ? sqliteKnex(p.db.file) : pgKnex(p.db.connection));

let arranged: Arranged;
let backup: BackupResult;
let during: { published: number; deleted: number; views: number; errors: string[] };
const fresh = target('fresh');

beforeAll(async () => {
  // Restore targets start empty (a database left by an earlier run would ask for --replace).
  if (pg) for (const name of ['fresh', 'damaged', 'tampered', 'formato-2']) await dropDatabase((target(name).place.db as { connection: { database: string } }).connection.database);
  arranged = await arrange(inject('directusUrl'), inject('adminToken'), `${Date.now()}`);
  // The live site the archive carries (a real full build).
  const builder = startBuilder({ releasesRoot, directusUrl: inject('directusUrl'), directusToken: inject('siteReaderToken'), siteUrl: 'http://localhost:4321', token: 'x', catchUpMs: 0 });
  await builder.trigger({ full: true });
  await builder.stop();
  expect(builder.status.lastError).toBeNull();
  // The backup, taken while the newsroom works.
  const r = rhythm(inject('directusUrl'), inject('adminToken'), arranged.hot, 'drill');
  // The newsroom is at work (publishing, deleting with photos, being read) before the backup starts…
  await r.until((c) => c.published >= 3 && c.deleted >= 1 && c.views >= 5);
  const atStart = { ...r.counts };
  backup = await takeBackup(source, { log: (s) => console.log(`» ${s}`) });
  // …and goes on after it: the backup ran in the middle of it.
  await r.until((c) => c.published > atStart.published && c.views > atStart.views);
  during = await r.stop();
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm run backup', () => {
  it('ran while the newsroom published, deleted and was read', () => {
    expect(during.errors).toEqual([]);
    expect(during.published).toBeGreaterThan(2);
    expect(during.deleted).toBeGreaterThan(0);
    expect(during.views).toBeGreaterThan(10);
  });

  it('one dated archive with the database, every upload, the live site, the secrets (marked) and a manifest with checksums', () => {
    const m = backup.manifest;
    expect(path.basename(backup.file)).toMatch(/^portal-\d{8}-\d{6}\.tar\.zst$/);
    expect(statSync(backup.file).mode & 0o077).toBe(0);
    expect(m.database.kind).toBe(pg ? 'postgres' : 'sqlite');
    expect(m.product.directus).toBe('11.17.4');
    expect(m.schema.portal).toMatch(/^[0-9a-f]{16}$/);
    // The 4 arranged stories and what the writer had published by then, less what it had deleted.
    expect(m.counts.news).toBeGreaterThan(4);
    expect(m.uploads).toMatchObject({ driver: 'local', missing: [] });
    expect(m.files.filter((f) => f.path.startsWith('uploads/'))).toHaveLength(m.uploads.count);
    expect(m.site!.files).toBeGreaterThan(10);
    // The live site is two entries (site-pack.ts), what readers meet first and then the rest, each vouched for by its checksum.
    expect(m.files.filter((f) => f.path.startsWith('site/')).map((f) => f.path)).toEqual(['site/first.tar.zst', 'site/release.tar.zst']);
    expect(m.site!.first).toBeGreaterThan(5);
    expect(m.site!.first).toBeLessThan(m.site!.files);
    expect(m.files.filter((f) => f.secret).map((f) => f.path).sort()).toEqual(['secrets/admin-token', 'secrets/edge-key', 'secrets/push-vapid', 'secrets/secret', 'secrets/site-reader-token']);
    for (const f of m.files.filter((f) => f.path.startsWith('uploads/'))) {
      // Uploads never change: the archived bytes are the original file's (unless deleted since).
      const original = path.join(dataDir, f.path);
      if (existsSync(original)) expect(sha256(original), f.path).toBe(f.sha256);
    }
  });
});

/** The release folder's files, relative to it. */
const releaseFiles = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));

describe('npm run restore into a fresh folder', () => {
  let k: Knex;
  let original: Knex;
  let atServing: { files: string[]; mark: string | null; db: boolean };
  beforeAll(async () => {
    const current = path.join(fresh.dir, 'site', 'current');
    const mark = path.join(fresh.dir, 'site', 'restoring.pid');
    await restoreArchive(backup.file, fresh.place, {
      onServing: () => {
        atServing = { files: releaseFiles(current), mark: existsSync(mark) ? readFileSync(mark, 'utf8') : null, db: pg || existsSync(path.join(fresh.dir, 'portal.db')) };
      },
    });
    k = knexFor(fresh.place);
    original = knexFor(source);
  }, 180_000);
  afterAll(async () => {
    await k?.destroy();
    await original?.destroy();
  });

  it('the site goes live once what readers meet first is in, everything else already in place; the rest follows, builds waiting for it', () => {
    const current = path.join(fresh.dir, 'site', 'current');
    expect(releaseFiles(current)).toHaveLength(backup.manifest.site!.files);
    const { first, rest } = splitRelease(current);
    expect(atServing.files.sort()).toEqual(first.sort());
    expect(rest.length).toBeGreaterThan(0);
    expect(atServing.files).toContain('index.html');
    expect(atServing.files.filter((f) => f.startsWith('news/')).length).toBeGreaterThan(0);
    expect(atServing.db).toBe(true);
    expect(atServing.mark).toBe(String(process.pid));
    expect(existsSync(path.join(fresh.dir, 'site', 'restoring.pid'))).toBe(false);
  });

  it('every table has the rows of the instant the backup was taken', async () => {
    expect(await countRows(fresh.place.db)).toEqual(backup.manifest.counts);
  });

  it('is consistent: no story points at a missing file, no view or TOP of a missing story', async () => {
    expect(await dangling(k, path.join(fresh.dir, 'uploads'))).toEqual([]);
  });

  it('the content from before the backup is the same, row by row: stories, views and TOPs, corrections, addresses, files, logins with password hashes and 2FA', async () => {
    expect(await contentDifferences(k, original, arranged)).toEqual([]);
  });

  it('the same files, byte for byte (checksums)', async () => {
    // A row whose upload was still under way at the instant of the copy has no file yet (and no story points at it).
    const files = (await k('directus_files').whereNotNull('filename_disk').select('filename_disk')) as Array<{ filename_disk: string }>;
    expect(files.length).toBeGreaterThan(4);
    for (const f of files) {
      const restored = path.join(fresh.dir, 'uploads', f.filename_disk);
      expect(existsSync(restored), f.filename_disk).toBe(true);
      const there = path.join(dataDir, 'uploads', f.filename_disk);
      if (existsSync(there)) expect(sha256(restored)).toBe(sha256(there));
    }
    expect(readFileSync(path.join(fresh.dir, 'secret'), 'utf8')).toBe(readFileSync(path.join(dataDir, 'secret'), 'utf8'));
  });

  describe('started again', () => {
    let directus: RunningDirectus;
    let env: Record<string, string>;
    let front: http.Server;
    const frontPort = port + 610;
    const site = `http://127.0.0.1:${frontPort}`;
    beforeAll(async () => {
      // Readers first, as npm start does: the restored release, before Directus or any build.
      front = await startFrontServer({ port: frontPort, siteDir: path.join(fresh.dir, 'site', 'current'), adminDir: path.join(ROOT, 'dist/admin'), directusUrl: `http://127.0.0.1:${port + 600}` });
      env = directusEnv({ dataDir: fresh.dir, port: port + 600, db: pg ? 'postgres' : 'sqlite', pgDatabase: pg ? (fresh.place.db as { connection: { database: string } }).connection.database : undefined });
      // A machine shared with other suites can take a minute to start one more Directus.
      directus = await startDirectus(env, { timeoutMs: 180_000 });
    }, 240_000);
    afterAll(async () => {
      await directus?.stop();
      await new Promise((r) => front?.close(r));
    });

    it('the site serves at once, before any build: stories, and old addresses 301 to the new one', async () => {
      const story = arranged.stories[0]!;
      const page = await fetch(`${site}/news/${story.slug}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Ensaio de restauração');
      const old = await fetch(`${site}/news/${arranged.renamed.from}`, { redirect: 'manual' });
      expect(old.status).toBe(301);
      expect(old.headers.get('location')).toContain(`/news/${arranged.renamed.to}`);
    });

    it('a login with 2FA works (password hash and TOTP secret came back), a session from before the backup is still valid, the same TOP and view counts', async () => {
      expect(await restoredLogins(directus.url, arranged)).toEqual([]);
    });

    it('rebuilds behind while the restored site keeps serving', async () => {
      const builder = startBuilder({
        releasesRoot: path.join(fresh.dir, 'site'),
        directusUrl: directus.url,
        // The restored secrets hold the builder's token too.
        directusToken: env.PORTAL_SITE_READER_TOKEN!,
        siteUrl: 'http://localhost:4321',
        token: 'x',
        catchUpMs: 0,
      });
      const before = builder.releases.active();
      const rebuilding = builder.trigger({ full: true });
      let served = 0;
      while (builder.status.state === 'building') {
        const res = await fetch(`${site}/`);
        expect(res.status).toBe(200);
        served++;
        await new Promise((r) => setTimeout(r, 200));
      }
      await rebuilding;
      await builder.stop();
      // The replaced release is deleted in the background: done before anything looks at the folder.
      await builder.releases.settled();
      expect(served).toBeGreaterThan(0);
      expect(builder.status.lastError).toBeNull();
      expect(builder.releases.active()).not.toBe(before);
      expect((await fetch(`${site}/news/${arranged.stories[3]!.slug}`)).status).toBe(200);
    }, 240_000);
  });
});

describe('refusals (nothing changes)', () => {
  const fingerprint = (dir: string) =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => `${path.relative(dir, path.join(e.parentPath, e.name))}:${sha256(path.join(e.parentPath, e.name))}`)
      .sort();

  it('a truncated, a tampered or a wrong file is refused in pt-BR', async () => {
    const t = target('damaged');
    const cut = path.join(work, 'cortado.tar.zst');
    writeFileSync(cut, readFileSync(backup.file).subarray(0, Math.floor(statSync(backup.file).size * 0.6)));
    await expect(restoreArchive(cut, t.place)).rejects.toThrow(/não é um backup válido do portal: arquivo corrompido ou incompleto.*Nada foi alterado/);
    const wrong = path.join(work, 'foto.tar.zst');
    copyFileSync(path.join(ROOT, 'site/public/logo.svg'), wrong);
    await expect(restoreArchive(wrong, t.place)).rejects.toThrow(RestoreError);
    expect(existsSync(t.dir)).toBe(false);
    // Over the restored portal: its files are exactly as they were.
    const before = fingerprint(fresh.dir);
    await expect(restoreArchive(cut, fresh.place, { replace: true })).rejects.toThrow(/Nada foi alterado/);
    expect(fingerprint(fresh.dir)).toEqual(before);
  });

  it('an archive whose file does not match its checksum is refused', async () => {
    // Re-pack with one upload's bytes changed but the manifest kept: tar.zst by the system tools.
    const dir = mkdtempSync(path.join(work, 'tamper-'));
    const run = promisify(execFile);
    await run('tar', ['--zstd', '-xf', backup.file, '-C', dir]);
    const upload = backup.manifest.files.find((f) => f.path.startsWith('uploads/'))!;
    writeFileSync(path.join(dir, upload.path), Buffer.concat([readFileSync(path.join(dir, upload.path)), Buffer.from('x')]));
    const tampered = path.join(work, 'adulterado.tar.zst');
    await run('tar', ['--zstd', '-cf', tampered, '-C', dir, ...readdirSync(dir)]);
    await expect(restoreArchive(tampered, target('tampered').place)).rejects.toThrow(/não confere com a soma de verificação/);

    // The site's second pack cut in half: refused by the first pass, before any folder is made.
    writeFileSync(path.join(dir, upload.path), readFileSync(path.join(dir, upload.path)).subarray(0, -1));
    const pack = path.join(dir, 'site/release.tar.zst');
    writeFileSync(pack, readFileSync(pack).subarray(0, Math.floor(statSync(pack).size / 2)));
    const cutSite = path.join(work, 'site-cortado.tar.zst');
    await run('tar', ['--zstd', '-cf', cutSite, '-C', dir, ...readdirSync(dir)]);
    const t = target('cut-site');
    await expect(restoreArchive(cutSite, t.place)).rejects.toThrow(/site\/release\.tar\.zst não confere com a soma de verificação.*Nada foi alterado/);
    expect(existsSync(t.dir)).toBe(false);
    const before = fingerprint(fresh.dir);
    await expect(restoreArchive(cutSite, fresh.place, { replace: true })).rejects.toThrow(/Nada foi alterado/);
    expect(fingerprint(fresh.dir)).toEqual(before);
  }, 60_000);

  it('over existing data it asks for --replace; with it, a backup of what it replaces is kept first', async () => {
    const before = fingerprint(fresh.dir);
    await expect(restoreArchive(backup.file, fresh.place)).rejects.toThrow(/rode de novo com --replace.*Nada foi alterado/);
    expect(fingerprint(fresh.dir)).toEqual(before);
    const r = await restoreArchive(backup.file, fresh.place, { replace: true });
    expect(path.basename(r.replacedBackup!)).toMatch(/^portal-\d{8}-\d{6}-antes-da-restauracao\.tar\.zst$/);
    expect(existsSync(r.replacedBackup!)).toBe(true);
    expect(await countRows(fresh.place.db)).toEqual(backup.manifest.counts);
  }, 120_000);

  it('the npm script says so and exits 1', async () => {
    const out = await promisify(execFile)(process.execPath, ['ops/src/cli/restore.ts', backup.file, '--data', fresh.dir], { cwd: ROOT, env: { ...process.env, DB_CLIENT: '' } }).catch((e) => e);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('--replace');
  });
});

describe('an archive of the previous format (portal-backup/2, the whole site in one pack)', () => {
  it('still restores, the site whole and live', async () => {
    // Made from this backup as the previous release wrote them: one site pack, the manifest saying /2.
    const run = promisify(execFile);
    const dir = mkdtempSync(path.join(work, 'v2-'));
    await run('tar', ['--zstd', '-xf', backup.file, '-C', dir]);
    const site = mkdtempSync(path.join(work, 'v2-site-'));
    for (const p of ['site/first.tar.zst', 'site/release.tar.zst']) await run('tar', ['--zstd', '-xf', path.join(dir, p), '-C', site]);
    rmSync(path.join(dir, 'site'), { recursive: true });
    await run('mkdir', ['-p', path.join(dir, 'site')]);
    await run('tar', ['--zstd', '-cf', path.join(dir, 'site/release.tar.zst'), '-C', site, '.']);
    const m = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    m.format = 'portal-backup/2';
    delete m.site.first;
    const pack = path.join(dir, 'site/release.tar.zst');
    m.files = m.files.filter((f: { path: string }) => !f.path.startsWith('site/')).concat({ path: 'site/release.tar.zst', size: statSync(pack).size, sha256: sha256(pack) });
    writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(m));
    const old = path.join(work, 'formato-2.tar.zst');
    await run('tar', ['--zstd', '-cf', old, '-C', dir, ...readdirSync(dir).filter((n) => n !== 'manifest.json'), 'manifest.json']);

    const t = target('formato-2');
    let servedFiles = 0;
    const r = await restoreArchive(old, t.place, { onServing: () => void (servedFiles = releaseFiles(path.join(t.dir, 'site', 'current')).length) });
    expect(r.manifest.format).toBe('portal-backup/2');
    // One pack: live once all of it is in.
    expect(servedFiles).toBe(backup.manifest.site!.files);
    expect(releaseFiles(path.join(t.dir, 'site', 'current'))).toHaveLength(backup.manifest.site!.files);
    expect(await countRows(t.place.db)).toEqual(backup.manifest.counts);
  }, 120_000);
});
