import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stamp } from './clock.ts';
import { backupEnv } from './env.ts';
import { copyToSecondPlace } from './second-place.ts';
import { readBackupStatus, updateBackupStatus } from './status.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tmp = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'second-place-'));
  dirs.push(d);
  return d;
};

/** A stand-in archive in the backups folder, recorded as the last backup. */
function archive(dir: string, at: Date, bytes = 'conteúdo do backup') {
  const file = path.join(dir, `portal-${stamp(at)}.tar.zst`);
  writeFileSync(file, bytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  updateBackupStatus(dir, (s) => ({ ...s, last: { at: at.toISOString(), file: path.basename(file), bytes: bytes.length, sha256, durationMs: 1, stories: 1, copy: null } }));
  return { file, sha256 };
}

describe('the copy to a second place (a folder: another disk)', () => {
  it('copies the archive, checks it read back, and records it in the status the health page reads', async () => {
    const [backups, second] = [tmp(), path.join(tmp(), 'disco-2')];
    const a = archive(backups, new Date());
    const r = await copyToSecondPlace(backups, a, { kind: 'folder', dir: second });
    expect(r).toMatchObject({ to: second, ok: true });
    expect(readFileSync(path.join(second, path.basename(a.file)), 'utf8')).toBe('conteúdo do backup');
    expect(readdirSync(second)).toEqual([path.basename(a.file)]);
    expect(readBackupStatus(backups).last!.copy).toMatchObject({ ok: true, to: second });
  });

  it('keeps the same 7/4/12 retention there', async () => {
    const [backups, second] = [tmp(), tmp()];
    for (let d = 0; d < 20; d++) {
      const a = archive(backups, new Date(Date.UTC(2026, 9, 1 + d, 6)));
      await copyToSecondPlace(backups, a, { kind: 'folder', dir: second });
    }
    // 7 days + the newest of Oct 5–11 (Sunday the 11th) and of Sep 28 – Oct 4: 9 archives.
    expect(readdirSync(second).length).toBe(9);
    expect(existsSync(path.join(second, 'portal-20261020-030000.tar.zst'))).toBe(true);
    expect(existsSync(path.join(second, 'portal-20261004-030000.tar.zst'))).toBe(true);
    expect(existsSync(path.join(second, 'portal-20261003-030000.tar.zst'))).toBe(false);
  });

  it('a place it cannot write is reported (status and health), never thrown at the daily job', async () => {
    const backups = tmp();
    const notAFolder = path.join(tmp(), 'arquivo');
    writeFileSync(notAFolder, 'x');
    const a = archive(backups, new Date());
    const r = await copyToSecondPlace(backups, a, { kind: 'folder', dir: notAFolder });
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/EEXIST|ENOTDIR/);
    expect(readBackupStatus(backups).last!.copy).toMatchObject({ ok: false });
  });

  it('a copy that does not read back the same is not counted', async () => {
    const [backups, second] = [tmp(), tmp()];
    const a = archive(backups, new Date());
    const r = await copyToSecondPlace(backups, { ...a, sha256: '0'.repeat(64) }, { kind: 'folder', dir: second });
    expect(r).toMatchObject({ ok: false, error: 'a cópia lida de volta não confere com o original' });
    expect(readdirSync(second)).toEqual([]);
  });
});

describe('backup settings', () => {
  it('reads the hour, the second place (folder or s3) and the time zone, with pt-BR errors', () => {
    expect(backupEnv({})).toEqual({ hour: 3, daily: true, copyTo: null, PORTAL_TIME_ZONE: 'America/Belem' });
    expect(backupEnv({ PORTAL_BACKUP_HOUR: '22', PORTAL_BACKUP_COPY_TO: '/mnt/backup' }).copyTo).toEqual({ kind: 'folder', dir: '/mnt/backup' });
    expect(backupEnv({ PORTAL_BACKUP_COPY_TO: 's3', PORTAL_BACKUP_S3_BUCKET: 'redacao', PORTAL_BACKUP_S3_ENDPOINT: 'https://s3.example', PORTAL_BACKUP_S3_FORCE_PATH_STYLE: 'true' }).copyTo).toEqual({
      kind: 's3',
      spec: { driver: 's3', bucket: 'redacao', endpoint: 'https://s3.example', forcePathStyle: true, root: undefined, key: undefined, secret: undefined, region: undefined },
    });
    expect(() => backupEnv({ PORTAL_BACKUP_HOUR: '24' })).toThrow(/PORTAL_BACKUP_HOUR: deve ser uma hora de 0 a 23/);
    expect(() => backupEnv({ PORTAL_BACKUP_COPY_TO: 'relativo/pasta' })).toThrow(/use uma pasta absoluta/);
    expect(() => backupEnv({ PORTAL_BACKUP_COPY_TO: 's3' })).toThrow(/pede PORTAL_BACKUP_S3_BUCKET/);
    expect(() => backupEnv({ PORTAL_TIME_ZONE: 'Marte/Olimpo' })).toThrow(/fuso horário desconhecido/);
  });
});
