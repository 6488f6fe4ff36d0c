/**
 * `npm run restore -- <archive> [--replace]` (issue #28, item 2): puts a
 * backup back — the database, the uploads, the secrets and the live site —
 * so the portal serves at once and rebuilds behind.
 *
 * Nothing is changed until the whole archive has been read into a staging
 * folder and every file matches the manifest's checksum: a wrong or truncated
 * archive is refused in pt-BR with everything as it was. The site is unpacked
 * as it is read, into a new release folder that goes live only once all is
 * checked (restore to serving in a minute at 100,000 stories, issue #28). Over an existing
 * portal it asks for --replace, and then first backs up what it replaces.
 */
import { cpSync, createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { once } from 'node:events';
import { open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readArchive } from './archive.ts';
import { takeBackup } from './backup.ts';
import { hasPortalData, restorePostgres } from './database.ts';
import { MANIFEST, manifestSchema, PARTS, safeEntryPath, SITE_PACK, type Manifest } from './manifest.ts';
import { unpackSite } from './site-pack.ts';
import { SECRET_FILES, type Place } from './place.ts';
import { openStorage } from './storage.ts';
import { stamp } from './clock.ts';
import { Releases } from '../../scripts/lib/builder/releases.ts';
import { ROOT } from './paths.ts';

/** A refusal the person restoring can act on (pt-BR); nothing was changed when it is thrown. */
export class RestoreError extends Error {}

export type RestoreOptions = { replace?: boolean; log?: (s: string) => void };
export type RestoreResult = { manifest: Manifest; replacedBackup: string | null; secretsFile: string | null; durationMs: number };

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

/**
 * Reads the archive into `staging`, checking every byte against the manifest; the site's pack, when `siteInto`
 * is given, is unpacked there as it is read instead (its bytes still hashed). `site`: whether it was unpacked,
 * and why not when it was there but tar failed.
 */
async function unpackVerified(archive: string, staging: string, siteInto: string | null): Promise<{ manifest: Manifest; site: { unpacked: boolean; failure: unknown } }> {
  const site = { unpacked: false, failure: null as unknown };
  const seen = new Map<string, { size: number; sha256: string }>();
  const made = new Set<string>();
  const writing = new Set<Promise<void>>();
  let manifestRaw: Buffer | null = null;
  const name = path.basename(archive);
  const refuse = (why: string) => new RestoreError(`O arquivo ${name} não é um backup válido do portal: ${why}. ${NOTHING_CHANGED}`);
  try {
    await readArchive(archive, async (h, content: Readable) => {
      if (h.type === 'directory') return void content.resume();
      if (h.type !== 'file') throw refuse(`item inesperado (${h.type}) ${h.name}`);
      if (h.name === MANIFEST) {
        if (h.size > MAX_MANIFEST) throw refuse('manifesto grande demais');
        const chunks: Buffer[] = [];
        for await (const c of content) chunks.push(c as Buffer);
        manifestRaw = Buffer.concat(chunks);
        return;
      }
      if (!safeEntryPath(h.name) || !Object.values(PARTS).some((p) => h.name.startsWith(p))) throw refuse(`caminho não permitido: ${h.name}`);
      if (h.name.startsWith(PARTS.site) && h.name !== SITE_PACK) throw refuse(`caminho não permitido: ${h.name}`);
      if (seen.has(h.name)) throw refuse(`item repetido: ${h.name}`);
      if (h.name === SITE_PACK && siteInto) {
        const r = await unpackWhileHashing(content, siteInto);
        seen.set(h.name, r.read);
        Object.assign(site, { unpacked: !r.failure, failure: r.failure });
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
        seen.set(h.name, { size: data.length, sha256: createHash('sha256').update(data).digest('hex') });
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
      seen.set(h.name, { size, sha256: hash.digest('hex') });
    });
    await Promise.all(writing);
  } catch (e) {
    await Promise.allSettled(writing);
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
  return { manifest, site };
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

  // Staged beside the target (same disk: moving into place is a rename); folders made for it go again on a refusal.
  const made = mkdirSync(place.backupsDir, { recursive: true, mode: 0o700 });
  const staging = mkdtempSync(path.join(place.backupsDir, '.restore-'));
  // The site goes into a new release folder as it is read; live only at the end, discarded on a refusal.
  const siteRootExisted = !place.releasesRoot || existsSync(place.releasesRoot);
  const releases = place.releasesRoot ? new Releases(place.releasesRoot) : null;
  const siteDir = releases?.prepare() ?? null;
  let siteLive = false;
  let placed = false;
  try {
    log(`lendo e conferindo ${path.basename(archive)} (e abrindo o site)…`);
    const { manifest, site } = await unpackVerified(archive, staging, siteDir);
    if (site.failure) {
      const why = site.failure instanceof Error ? site.failure.message : String(site.failure);
      throw new RestoreError(`O backup confere, mas o site dele não pôde ser aberto aqui (${why}); veja o espaço livre em disco. ${NOTHING_CHANGED}`);
    }
    if (manifest.database.kind !== place.db.kind) {
      const label = { sqlite: 'SQLite (npm start)', postgres: 'PostgreSQL (produção)' };
      throw new RestoreError(`Este backup é de um banco ${label[manifest.database.kind]}; este portal usa ${label[place.db.kind]}. ${NOTHING_CHANGED}`);
    }
    const ours = JSON.parse(readFileSync(path.join(ROOT, 'node_modules/directus/package.json'), 'utf8')).version as string;
    if (olderDirectus(ours, manifest.product.directus)) {
      throw new RestoreError(`Este backup foi feito com o Directus ${manifest.product.directus}, mais novo que o deste código (${ours}): atualize o portal antes de restaurar. ${NOTHING_CHANGED}`);
    }

    // From here on the archive is known good: what exists is kept in a backup, then replaced.
    placed = true;
    let replacedBackup: string | null = null;
    if (existing) {
      log('guardando um backup do que vai ser substituído…');
      replacedBackup = (await takeBackup(place, { label: 'antes-da-restauracao', log })).file;
    }

    const staged = (p: string) => path.join(staging, p);
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

    let secretsFile: string | null = null;
    if (manifest.secrets === 'files' && place.secrets.kind === 'files') {
      for (const name of SECRET_FILES) if (existsSync(staged(`${PARTS.secrets}${name}`))) move(staged(`${PARTS.secrets}${name}`), path.join(place.secrets.dir, name));
    } else if (existsSync(staged(`${PARTS.secrets}env`)) || existsSync(staged(PARTS.secrets))) {
      // Production reads its secrets from the environment (.env): they are handed over, not imposed.
      secretsFile = path.join(place.backupsDir, `segredos-restaurados-${stamp(new Date())}.env`);
      const src = existsSync(staged(`${PARTS.secrets}env`))
        ? readFileSync(staged(`${PARTS.secrets}env`), 'utf8')
        : SECRET_FILES.filter((n) => existsSync(staged(`${PARTS.secrets}${n}`)))
            .map((n) => `# ${n}\n${readFileSync(staged(`${PARTS.secrets}${n}`), 'utf8').trim()}\n`)
            .join('');
      writeFileSync(secretsFile, src, { mode: 0o600 });
    }

    if (releases && siteDir && site.unpacked) {
      releases.activate(siteDir);
      siteLive = true;
      await releases.settled();
    }
    const durationMs = Date.now() - t0;
    log(`restaurado em ${(durationMs / 1000).toFixed(1)} s: ${manifest.counts.news ?? 0} notícias, ${manifest.uploads.count} arquivos, ${manifest.site?.files ?? 0} páginas do site`);
    return { manifest, replacedBackup, secretsFile, durationMs };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    if (releases && siteDir && !siteLive) {
      releases.discard(siteDir);
      await releases.settled();
      if (!siteRootExisted) rmSync(place.releasesRoot!, { recursive: true, force: true });
    }
    if (!placed && made) rmSync(made, { recursive: true, force: true });
  }
}
