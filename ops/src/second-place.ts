/**
 * The copy of each backup in a second place (issue #28): a folder that may be
 * another disk, or an S3-compatible bucket through Directus's own S3 driver.
 * The copy is read back and its checksum compared before it counts as made;
 * the second place keeps the same 7/4/12 retention.
 */
import { createReadStream, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { copyFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { hashStream } from './archive.ts';
import { toDelete } from './retention.ts';
import { describeStorage, openStorage } from './storage.ts';
import { updateBackupStatus, type CopyResult } from './status.ts';
import type { SecondPlace } from './env.ts';

export const describePlace = (p: SecondPlace) => (p.kind === 'folder' ? p.dir : describeStorage(p.spec));

async function copy(file: string, sha256: string, to: SecondPlace, timeZone?: string): Promise<void> {
  const name = path.basename(file);
  if (to.kind === 'folder') {
    mkdirSync(to.dir, { recursive: true, mode: 0o700 });
    const tmp = path.join(to.dir, `.${name}.partial`);
    await copyFile(file, tmp);
    const back = await hashStream(createReadStream(tmp));
    if (back.sha256 !== sha256) {
      rmSync(tmp, { force: true });
      throw new Error('a cópia lida de volta não confere com o original');
    }
    await rename(tmp, path.join(to.dir, name));
    for (const old of toDelete(readdirSync(to.dir), undefined, timeZone)) rmSync(path.join(to.dir, old), { force: true });
    return;
  }
  const storage = openStorage(to.spec);
  await storage.write(name, createReadStream(file));
  const back = await hashStream(await storage.read(name));
  if (back.sha256 !== sha256) throw new Error('a cópia lida de volta do bucket não confere com o original');
  const names: string[] = [];
  for await (const key of storage.list('portal-')) names.push(key);
  for (const old of toDelete(names, undefined, timeZone)) await storage.delete(old);
}

/** Copies one archive and records the outcome in the status (a failure is reported, never thrown away). */
export async function copyToSecondPlace(
  backupsDir: string,
  archive: { file: string; sha256: string },
  to: SecondPlace,
  log: (s: string) => void = () => {},
  timeZone?: string,
): Promise<CopyResult> {
  const where = describePlace(to);
  let result: CopyResult;
  try {
    if (!existsSync(archive.file)) throw new Error('arquivo de backup não encontrado');
    await copy(archive.file, archive.sha256, to, timeZone);
    result = { to: where, ok: true, at: new Date().toISOString() };
    log(`backup copiado para ${where}`);
  } catch (e) {
    result = { to: where, ok: false, at: new Date().toISOString(), error: e instanceof Error ? e.message : String(e) };
    log(`FALHA ao copiar o backup para ${where}: ${result.error}`);
  }
  updateBackupStatus(backupsDir, (s) => (s.last && s.last.file === path.basename(archive.file) ? { ...s, last: { ...s.last, copy: result } } : s));
  return result;
}
