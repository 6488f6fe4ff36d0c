/**
 * `npm run restore -- <archive> [--replace]` (issue #28, item 2): puts a
 * backup back — the database, the uploads, the secrets and the live site —
 * so the portal serves at once and rebuilds behind.
 *
 * Two passes. The first reads the whole archive and changes nothing: every
 * file must match the manifest's checksum, or the archive is refused in pt-BR
 * with everything as it was. The second unpacks it, in the archive's order:
 * uploads, database and secrets into a staging folder, then the site's first
 * pack (home, lists, recent stories) into a new release folder; at that point
 * everything is put in place and the site goes live, and the rest of its pages
 * (older stories) follow into the live folder — at 100,000 stories 8 GB of
 * pages, most of a restore's time (issue #28). Over an existing portal it asks
 * for --replace, and then first backs up what it replaces.
 */
import { cpSync, createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { once } from 'node:events';
import { open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hashStream, readArchive, type EntryHeader } from './archive.ts';
import { takeBackup } from './backup.ts';
import { hasPortalData, restorePostgres } from './database.ts';
import { MANIFEST, manifestSchema, PARTS, safeEntryPath, SITE_FIRST, SITE_PACK, type Manifest } from './manifest.ts';
import { unpackSite } from './site-pack.ts';
import { SECRET_FILES, type Place } from './place.ts';
import { openStorage } from './storage.ts';
import { stamp } from './clock.ts';
import { Releases } from '@portal/builder/releases';
import { ROOT } from './paths.ts';

/** A refusal the person restoring can act on (pt-BR); nothing was changed when it is thrown. */
export class RestoreError extends Error {}
/** The data is in place and the site live, but part of it could not be finished (pt-BR, says what to do). */
export class RestoreIncomplete extends Error {}

export type RestoreOptions = {
  replace?: boolean;
  log?: (s: string) => void;
  /** Called once the restored site is live (`current` switched), before the rest of its pages are unpacked. */
  onServing?: () => Promise<void> | void;
};
/** `servingMs`: from the start until the site went live (null when the archive had none). */
export type RestoreResult = { manifest: Manifest; replacedBackup: string | null; secretsFile: string | null; durationMs: number; servingMs: number | null };

const MAX_MANIFEST = 256 * 1024 * 1024;
const SMALL = 4 * 1024 * 1024;
const NOTHING_CHANGED = 'Nada foi alterado.';

function pidAlive(pidFile: string | null): number | null {
  if (!pidFile || !existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

async function hasUploads(place: Place): Promise<boolean> {
  if (place.storage.driver === 'local') return existsSync(place.storage.root) && readdirSync(place.storage.root).length > 0;
  for await (const _ of openStorage(place.storage).list()) return true;
  return false;
}

const olderDirectus = (a: string, b: string) => {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) < (pb[i] ?? 0);
  return false;
};

type Refuse = (why: string) => RestoreError;
type Read = { size: number; sha256: string };

/** What an entry of the archive may be; anything else refuses the archive. */
function entryKind(h: EntryHeader, refuse: Refuse): 'skip' | 'manifest' | 'file' {
  if (h.type === 'directory') return 'skip';
  if (h.type !== 'file') throw refuse(`item inesperado (${h.type}) ${h.name}`);
  if (h.name === MANIFEST) {
    if (h.size > MAX_MANIFEST) throw refuse('manifesto grande demais');
    return 'manifest';
  }
  if (!safeEntryPath(h.name) || !Object.values(PARTS).some((p) => h.name.startsWith(p))) throw refuse(`caminho não permitido: ${h.name}`);
  if (h.name.startsWith(PARTS.site) && h.name !== SITE_PACK && h.name !== SITE_FIRST) throw refuse(`caminho não permitido: ${h.name}`);
  return 'file';
}

/**
 * The first pass: reads the whole archive, writing nothing, and checks every entry against the manifest
 * (about 2 s for 270 MB at 100,000 stories). Only a proven archive is unpacked, so the site can go live
 * before the last of it is written.
 */
async function verifyArchive(archive: string, refuse: Refuse): Promise<Manifest> {
  const seen = new Map<string, Read>();
  let manifestRaw: Buffer | null = null;
  try {
    await readArchive(archive, async (h, content: Readable) => {
      const kind = entryKind(h, refuse);
      if (kind === 'skip') return void content.resume();
      if (kind === 'manifest') {
        const chunks: Buffer[] = [];
        for await (const c of content) chunks.push(c as Buffer);
        manifestRaw = Buffer.concat(chunks);
        return;
      }
      if (seen.has(h.name)) throw refuse(`item repetido: ${h.name}`);
      seen.set(h.name, await hashStream(content));
    });
  } catch (e) {
    if (e instanceof RestoreError) throw e;
    throw refuse(`arquivo corrompido ou incompleto (${e instanceof Error ? e.message : String(e)})`);
  }
  if (!manifestRaw) throw refuse('o manifesto não está no arquivo (backup incompleto?)');
  let parsed: unknown;
  try {
    parsed = JSON.parse((manifestRaw as Buffer).toString('utf8'));
  } catch {
    throw refuse('manifesto ilegível');
  }
  const r = manifestSchema.safeParse(parsed);
  if (!r.success) throw refuse('manifesto de um formato desconhecido');
  const manifest = r.data;
  for (const f of manifest.files) {
    const got = seen.get(f.path);
    if (!got) throw refuse(`falta ${f.path}`);
    if (got.size !== f.size || got.sha256 !== f.sha256) throw refuse(`o conteúdo de ${f.path} não confere com a soma de verificação do manifesto`);
    seen.delete(f.path);
  }
  if (seen.size) throw refuse(`itens fora do manifesto: ${[...seen.keys()].slice(0, 3).join(', ')}`);
  return manifest;
}

/** The archive read in the second pass differs from the one the first proved (changed in between). */
class ChangedArchive extends Error {}

/**
 * The second pass: the archive into `staging`, the site's packs unpacked into `siteInto` as they are read — each
 * entry checked again against the (proven) manifest. `beforeRest` runs when the site's second pack begins and its
 * first is in: everything else is in `staging` by then (the archive's order), so the site can go live.
 */
async function unpackArchive(
  archive: string,
  manifest: Manifest,
  staging: string,
  siteInto: string | null,
  beforeRest: () => Promise<void>,
): Promise<{ site: { first: boolean; rest: boolean; failure: unknown } }> {
  const site = { first: false, rest: false, failure: null as unknown };
  const expected = new Map(manifest.files.map((f) => [f.path, f]));
  const check = (name: string, got: Read) => {
    const f = expected.get(name);
    if (!f || f.size !== got.size || f.sha256 !== got.sha256) throw new ChangedArchive(name);
  };
  const made = new Set<string>();
  const writing = new Set<Promise<void>>();
  try {
    await readArchive(archive, async (h, content: Readable) => {
      if (h.type !== 'file' || h.name === MANIFEST || !expected.has(h.name)) return void content.resume();
      if (h.name === SITE_FIRST || h.name === SITE_PACK) {
        if (!siteInto || site.failure) return check(h.name, await hashStream(content));
        if (h.name === SITE_PACK && site.first) {
          await Promise.all(writing);
          await beforeRest();
        }
        const r = await unpackWhileHashing(content, siteInto);
        check(h.name, r.read);
        if (r.failure) site.failure = r.failure;
        else site[h.name === SITE_FIRST ? 'first' : 'rest'] = true;
        return;
      }
      const target = path.join(staging, h.name);
      const parent = path.dirname(target);
      if (!made.has(parent)) {
        mkdirSync(parent, { recursive: true });
        made.add(parent);
      }
      const mode = h.name.startsWith(PARTS.secrets) ? 0o600 : 0o644;
      if (h.size <= SMALL) {
        // Uploads can be small and many: whole in memory, written while the next ones are read.
        const chunks: Buffer[] = [];
        for await (const c of content) chunks.push(c as Buffer);
        const data = Buffer.concat(chunks);
        check(h.name, { size: data.length, sha256: createHash('sha256').update(data).digest('hex') });
        const w = writeFile(target, data, { mode }).finally(() => writing.delete(w));
        writing.add(w);
        if (writing.size >= 32) await Promise.race(writing);
        return;
      }
      // Read as an async iterable, not through stream.pipeline: tar-stream's entries are streamx
      // streams, whose 'close' pipeline could take for a premature one while a slow disk wrote.
      const hash = createHash('sha256');
      let size = 0;
      const out = await open(target, 'w', mode);
      try {
        for await (const chunk of content) {
          hash.update(chunk as Buffer);
          size += (chunk as Buffer).length;
          await out.write(chunk as Buffer);
        }
      } finally {
        await out.close();
      }
      check(h.name, { size, sha256: hash.digest('hex') });
    });
    await Promise.all(writing);
  } catch (e) {
    await Promise.allSettled(writing);
    throw e;
  }
  return { site };
}

/**
 * Feeds an entry to `unpackSite` while hashing every byte of it. tar stops reading at the pack's end marker
 * (and a damaged pack stops it earlier): the rest is still read and hashed, so the checksum covers the
 * whole entry either way.
 */
async function unpackWhileHashing(content: Readable, dir: string): Promise<{ read: { size: number; sha256: string }; failure: unknown }> {
  const hash = createHash('sha256');
  let size = 0;
  let failure: unknown = null;
  const feed = new PassThrough();
  feed.on('error', () => {}); // a write after tar stopped reading: the unpack's own outcome says what happened
  let unpacking = true;
  const done = unpackSite(feed, dir)
    .catch((e: unknown) => void (failure = e))
    .finally(() => (unpacking = false));
  try {
    for await (const chunk of content) {
      hash.update(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (unpacking && !feed.destroyed && !feed.write(chunk)) await Promise.race([once(feed, 'drain').catch(() => {}), done]);
    }
  } finally {
    // Also when the archive breaks mid-entry: tar then meets the cut and ends, before its folder is discarded.
    feed.end();
    await done;
  }
  return { read: { size, sha256: hash.digest('hex') }, failure };
}

/** rename(2) when on the same disk, else a copy (a mounted backups disk). */
function move(from: string, to: string) {
  try {
    renameSync(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
    cpSync(from, to, { recursive: true });
    rmSync(from, { recursive: true, force: true });
  }
}

export async function restoreArchive(archive: string, place: Place, o: RestoreOptions = {}): Promise<RestoreResult> {
  const log = o.log ?? (() => {});
  const t0 = Date.now();
  if (!existsSync(archive)) throw new RestoreError(`Arquivo de backup não encontrado: ${archive}. ${NOTHING_CHANGED}`);
  const pid = pidAlive(place.pidFile);
  if (pid) throw new RestoreError(`O portal está rodando com estes dados (processo ${pid}). Encerre-o (Ctrl-C no npm start) e restaure de novo. ${NOTHING_CHANGED}`);
  const existing = (await hasPortalData(place.db)) || (await hasUploads(place));
  if (existing && !o.replace) {
    throw new RestoreError(
      'Já existe um portal com dados neste lugar. Para substituí-los pelo backup, rode de novo com --replace ' +
        `(antes de trocar, um backup do que existe hoje é guardado em ${path.relative(ROOT, place.backupsDir) || place.backupsDir}). ${NOTHING_CHANGED}`,
    );
  }

  const name = path.basename(archive);
  const refuse: Refuse = (why) => new RestoreError(`O arquivo ${name} não é um backup válido do portal: ${why}. ${NOTHING_CHANGED}`);
  log(`conferindo ${name}…`);
  const manifest = await verifyArchive(archive, refuse);
  if (manifest.database.kind !== place.db.kind) {
    const label = { sqlite: 'SQLite (npm start)', postgres: 'PostgreSQL (produção)' };
    throw new RestoreError(`Este backup é de um banco ${label[manifest.database.kind]}; este portal usa ${label[place.db.kind]}. ${NOTHING_CHANGED}`);
  }
  const ours = JSON.parse(readFileSync(path.join(ROOT, 'node_modules/directus/package.json'), 'utf8')).version as string;
  if (olderDirectus(ours, manifest.product.directus)) {
    throw new RestoreError(`Este backup foi feito com o Directus ${manifest.product.directus}, mais novo que o deste código (${ours}): atualize o portal antes de restaurar. ${NOTHING_CHANGED}`);
  }

  // Staged beside the target (same disk: moving into place is a rename); folders made for it go again on a refusal.
  const made = mkdirSync(place.backupsDir, { recursive: true, mode: 0o700 });
  const staging = mkdtempSync(path.join(place.backupsDir, '.restore-'));
  // The site goes into a new release folder as it is read; live once what readers meet first is in, discarded on a refusal.
  const siteRootExisted = !place.releasesRoot || existsSync(place.releasesRoot);
  const releases = place.releasesRoot ? new Releases(place.releasesRoot) : null;
  const siteDir = manifest.site ? (releases?.prepare() ?? null) : null;
  let siteLive = false;
  let placed = false;
  let replacedBackup: string | null = null;
  let secretsFile: string | null = null;
  let servingMs: number | null = null;
  const staged = (p: string) => path.join(staging, p);

  /** Puts what is staged in place and the site live (with what of it is unpacked); from here on things change. */
  const goLive = async (siteReady: boolean) => {
    placed = true;
    if (existing) {
      log('guardando um backup do que vai ser substituído…');
      replacedBackup = (await takeBackup(place, { label: 'antes-da-restauracao', log })).file;
    }
    await placeData(place, manifest, staged, log);
    secretsFile = placeSecrets(place, manifest, staged);
    if (releases && siteDir && siteReady) {
      // Builds wait while the rest of the pages still arrive (a targeted build copies the live release).
      releases.markRestoring(process.pid);
      releases.activate(siteDir);
      siteLive = true;
      servingMs = Date.now() - t0;
      log(`site no ar em ${(servingMs / 1000).toFixed(1)} s (${manifest.site?.first ?? manifest.site?.files ?? 0} páginas: a inicial, as listas e as notícias recentes)`);
      await o.onServing?.();
    }
  };

  try {
    log('abrindo o banco, os arquivos e o site…');
    let site: Awaited<ReturnType<typeof unpackArchive>>['site'];
    try {
      ({ site } = await unpackArchive(archive, manifest, staging, siteDir, async () => {
        log('abrindo as demais páginas do site…');
        await goLive(true);
      }));
    } catch (e) {
      const why = e instanceof ChangedArchive ? `mudou durante a restauração (${e.message})` : e instanceof Error ? e.message : String(e);
      if (!placed) throw refuse(`arquivo corrompido ou incompleto: ${why}`);
      // Putting the data in place failed (the database's restore, a full disk): as it is, the site not yet live.
      if (!siteLive) throw e;
      throw new RestoreIncomplete(`O banco e os arquivos foram restaurados e o site está no ar, mas a leitura do backup falhou depois (${why}): restaure de novo com --replace.`);
    }
    if (site.failure) {
      const why = site.failure instanceof Error ? site.failure.message : String(site.failure);
      if (!placed) throw new RestoreError(`O backup confere, mas o site dele não pôde ser aberto aqui (${why}); veja o espaço livre em disco. ${NOTHING_CHANGED}`);
      throw new RestoreIncomplete(
        `O banco e os arquivos foram restaurados e o site está no ar, mas parte das páginas não pôde ser aberta (${why}); veja o espaço livre em disco. O próximo build completo (o do npm start) refaz o site.`,
      );
    }
    if (!placed) await goLive(site.first || site.rest);
    const durationMs = Date.now() - t0;
    log(`restaurado em ${(durationMs / 1000).toFixed(1)} s: ${manifest.counts.news ?? 0} notícias, ${manifest.uploads.count} arquivos, ${manifest.site?.files ?? 0} páginas do site`);
    return { manifest, replacedBackup, secretsFile, durationMs, servingMs };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    releases?.markRestoring(null);
    if (releases && siteDir && !siteLive) releases.discard(siteDir);
    // Releases sent away (a discarded folder, or older ones pruned by the switch) are deleted before returning.
    await releases?.settled();
    if (siteDir && !siteLive && !siteRootExisted) rmSync(place.releasesRoot!, { recursive: true, force: true });
    if (!placed && made) rmSync(made, { recursive: true, force: true });
  }
}

/** The database and the uploads, from `staged`, into their places. */
async function placeData(place: Place, manifest: Manifest, staged: (p: string) => string, log: (s: string) => void) {
  if (place.db.kind === 'sqlite') {
    const file = place.db.file;
    mkdirSync(path.dirname(file), { recursive: true });
    for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) rmSync(f, { force: true });
    move(staged(manifest.database.path), file);
  } else {
    log('restaurando o PostgreSQL…');
    await restorePostgres(place.db.connection, staged(manifest.database.path));
  }

  const uploadsDir = staged(PARTS.uploads);
  if (place.storage.driver === 'local') {
    const root = place.storage.root;
    if (existsSync(root)) move(root, staged('.replaced-uploads'));
    mkdirSync(path.dirname(root), { recursive: true });
    if (existsSync(uploadsDir)) move(uploadsDir, root);
    else mkdirSync(root, { recursive: true });
  } else if (existsSync(uploadsDir)) {
    const storage = openStorage(place.storage);
    for (const e of readdirSync(uploadsDir, { recursive: true, withFileTypes: true })) {
      if (!e.isFile()) continue;
      const full = path.join(e.parentPath, e.name);
      await storage.write(path.relative(uploadsDir, full), createReadStream(full));
    }
  }
}

/** Embedded: the secret files back beside the database. Production: handed over in a file (its .env is the person's). */
function placeSecrets(place: Place, manifest: Manifest, staged: (p: string) => string): string | null {
  if (manifest.secrets === 'files' && place.secrets.kind === 'files') {
    for (const name of SECRET_FILES) if (existsSync(staged(`${PARTS.secrets}${name}`))) move(staged(`${PARTS.secrets}${name}`), path.join(place.secrets.dir, name));
    return null;
  }
  if (!existsSync(staged(`${PARTS.secrets}env`)) && !existsSync(staged(PARTS.secrets))) return null;
  const file = path.join(place.backupsDir, `segredos-restaurados-${stamp(new Date())}.env`);
  const src = existsSync(staged(`${PARTS.secrets}env`))
    ? readFileSync(staged(`${PARTS.secrets}env`), 'utf8')
    : SECRET_FILES.filter((n) => existsSync(staged(`${PARTS.secrets}${n}`)))
        .map((n) => `# ${n}\n${readFileSync(staged(`${PARTS.secrets}${n}`), 'utf8').trim()}\n`)
        .join('');
  writeFileSync(file, src, { mode: 0o600 });
  return file;
}
