/**
 * `npm run backup`: one dated archive of the whole portal (issue #28, item 1):
 * the database at one instant, every upload that instant points at, the live
 * site release, the secrets to start again, and a manifest with checksums.
 *
 * Consistency under the newsroom's rhythm: the database copy is one instant;
 * uploads are copied after it, by the list in that copy. A file deleted in
 * between (its row is gone from the live database by then) is missing: the
 * database is copied again and the new list followed, until every file the
 * copy points at is in the archive. Uploads never change once written, so a
 * file copied is the file the rows point at.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ArchiveWriter } from './archive.ts';
import { stamp } from './clock.ts';
import { snapshotDatabase, type DatabaseSnapshot } from './database.ts';
import { FORMAT, MANIFEST, PARTS, SITE_FIRST, SITE_PACK, schemaFingerprint, type Manifest } from './manifest.ts';
import { packSite } from './site-pack.ts';
import { SECRET_FILES, type Place } from './place.ts';
import { openStorage, type Storage } from './storage.ts';
import { updateBackupStatus } from './status.ts';
import { ROOT } from './paths.ts';
import { collections, systemFields } from '../../directus/schema/collections.ts';

export type BackupResult = { file: string; bytes: number; sha256: string; durationMs: number; manifest: Manifest };
export type BackupOptions = { now?: Date; label?: string; log?: (s: string) => void; timeZone?: string };

/** How many times the database is copied again when files vanish meanwhile, before the backup gives up on them. */
const ATTEMPTS = 4;

export const archiveName = (at: Date, label?: string, timeZone?: string) => `portal-${stamp(at, timeZone)}${label ? `-${label}` : ''}.tar.zst`;

function productCommit(): string | null {
  if (process.env.PORTAL_COMMIT) return process.env.PORTAL_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}
const directusVersion = () => JSON.parse(readFileSync(path.join(ROOT, 'node_modules/directus/package.json'), 'utf8')).version as string;

/**
 * The stream once what it reads is open. The local driver's stream opens its file lazily, so a file deleted
 * after the stat (a story taken down with its photo during the backup) would only fail inside the archive's
 * entry, whose header is written by then; an S3 body arrives open.
 */
const opened = (content: Readable) =>
  !(content as Readable & { pending?: boolean }).pending
    ? Promise.resolve(content)
    : new Promise<Readable>((resolve, reject) => {
        content.once('error', reject);
        content.once('ready', () => {
          content.off('error', reject);
          resolve(content);
        });
      });

/** Copies one upload in; false when it is no longer there (nothing of it written then). */
export async function packUpload(writer: ArchiveWriter, storage: Storage, name: string): Promise<boolean> {
  let size: number;
  let content: Readable;
  try {
    size = (await storage.stat(name)).size;
    content = await opened(await storage.read(name));
  } catch {
    return false;
  }
  await writer.add(`${PARTS.uploads}${name}`, size, content);
  return true;
}

/** A local file, opened first: a builder renaming a new page over it meanwhile does not change what is read. */
async function packFile(writer: ArchiveWriter, file: string, name: string, secret = false) {
  const fh = await open(file, 'r');
  try {
    const { size } = await fh.stat();
    await writer.add(name, size, fh.createReadStream({ autoClose: false }), { secret });
  } finally {
    await fh.close();
  }
}

/** The live release as two entries (site-pack.ts): packed to `work` first, since a tar entry states its size up front. */
async function packRelease(writer: ArchiveWriter, releasesRoot: string | null, work: string): Promise<Manifest['site']> {
  if (!releasesRoot) return null;
  let dir: string;
  try {
    dir = path.resolve(releasesRoot, readlinkSync(path.join(releasesRoot, 'current')));
  } catch {
    return null; // no site built yet
  }
  const packs = { first: path.join(work, 'first.tar.zst'), rest: path.join(work, 'release.tar.zst') };
  const { files, first } = await packSite(dir, packs);
  // First in the archive what restore puts live first.
  await packFile(writer, packs.first, SITE_FIRST);
  await packFile(writer, packs.rest, SITE_PACK);
  for (const f of Object.values(packs)) rmSync(f, { force: true });
  return { release: path.basename(dir), files, first };
}

async function packSecrets(writer: ArchiveWriter, place: Place) {
  if (place.secrets.kind === 'files') {
    for (const name of SECRET_FILES) {
      const file = path.join(place.secrets.dir, name);
      if (existsSync(file)) await packFile(writer, file, `${PARTS.secrets}${name}`, true);
    }
    return;
  }
  const env = Object.entries(place.secrets.values)
    .map(([k, v]) => `${k}=${v}\n`)
    .join('');
  await writer.add(`${PARTS.secrets}env`, Buffer.byteLength(env), Buffer.from(env), { secret: true });
}

/** What a backup or restore cut short (the portal stopped mid-way) left behind, once it is surely not running (1 h). */
function sweepLeftovers(dir: string) {
  for (const name of readdirSync(dir)) {
    if (!(name.endsWith('.partial') || name.startsWith('.work-') || name.startsWith('.restore-'))) continue;
    const p = path.join(dir, name);
    if (Date.now() - statSync(p).mtimeMs > 3600_000) rmSync(p, { recursive: true, force: true });
  }
}

export async function takeBackup(place: Place, o: BackupOptions = {}): Promise<BackupResult> {
  const log = o.log ?? (() => {});
  const t0 = Date.now();
  const now = o.now ?? new Date();
  if (place.db.kind === 'sqlite' && !existsSync(place.db.file)) throw new Error(`não há banco em ${place.db.file}: nada para guardar ainda (rode npm start uma vez)`);
  mkdirSync(place.backupsDir, { recursive: true, mode: 0o700 });
  sweepLeftovers(place.backupsDir);
  const file = path.join(place.backupsDir, archiveName(now, o.label, o.timeZone));
  const partial = `${file}.partial`;
  const work = mkdtempSync(path.join(place.backupsDir, '.work-'));
  const writer = new ArchiveWriter(partial);
  try {
    const dbFile = path.join(work, place.db.kind === 'sqlite' ? 'portal.db' : 'portal.pgdump');
    const storage = openStorage(place.storage);
    const packed = new Set<string>();
    let snap: DatabaseSnapshot | undefined;
    let missing: string[] = [];
    let previous: string[] = [];
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      snap = await snapshotDatabase(place.db, dbFile);
      await snap.close();
      missing = [];
      for (const f of snap.files) {
        if (packed.has(f.filename_disk)) continue;
        if (await packUpload(writer, storage, f.filename_disk)) packed.add(f.filename_disk);
        else missing.push(f.filename_disk);
      }
      if (!missing.length) break;
      // The same files missing again: they were gone before this backup (not deleted during it).
      if (missing.join() === previous.join()) break;
      previous = missing;
      if (attempt < ATTEMPTS) log(`${missing.length} arquivo(s) sumiram durante o backup: copiando o banco de novo`);
    }
    if (missing.length) log(`ATENÇÃO: ${missing.length} arquivo(s) do banco não existem no armazenamento: ${missing.slice(0, 5).join(', ')}`);
    const dbEntry = `${PARTS.database}${path.basename(dbFile)}`;
    await packFile(writer, dbFile, dbEntry);
    // Secrets before the site: restore places everything else before it puts the site live.
    await packSecrets(writer, place);
    const site = await packRelease(writer, place.releasesRoot, work);
    const manifest: Manifest = {
      format: FORMAT,
      createdAt: now.toISOString(),
      product: { commit: productCommit(), directus: directusVersion(), node: process.version },
      schema: { portal: schemaFingerprint({ collections, systemFields }), directusMigration: snap!.migration },
      database: { kind: place.db.kind, path: dbEntry },
      uploads: { driver: place.storage.driver, count: snap!.files.length, missing },
      site,
      secrets: place.secrets.kind,
      counts: snap!.counts,
      files: writer.files,
    };
    const { bytes, sha256 } = await writer.finish(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
    renameSync(partial, file);
    const durationMs = Date.now() - t0;
    updateBackupStatus(place.backupsDir, (s) => ({
      ...s,
      last: { at: now.toISOString(), file: path.basename(file), bytes, sha256, durationMs, stories: manifest.counts.news ?? null, copy: null },
    }));
    log(`backup ${path.basename(file)}: ${(bytes / 1e6).toFixed(1)} MB em ${(durationMs / 1000).toFixed(1)} s (${manifest.counts.news ?? 0} notícias, ${packed.size} arquivos, ${site?.files ?? 0} páginas)`);
    return { file, bytes, sha256, durationMs, manifest };
  } catch (e) {
    await writer.abort(e instanceof Error ? e : new Error(String(e)));
    rmSync(partial, { force: true });
    const error = e instanceof Error ? e.message : String(e);
    updateBackupStatus(place.backupsDir, (s) => ({ ...s, lastFailure: { at: new Date().toISOString(), error } }));
    throw e;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The archives in a backups folder, newest first (by name: they are dated). */
export function listArchives(backupsDir: string): string[] {
  if (!existsSync(backupsDir)) return [];
  return readdirSync(backupsDir)
    .filter((n) => n.startsWith('portal-') && n.endsWith('.tar.zst') && statSync(path.join(backupsDir, n)).isFile())
    .sort()
    .reverse();
}
