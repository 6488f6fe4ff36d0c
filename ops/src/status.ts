/**
 * What the last backups did, kept beside them (status.json in the backups
 * folder, contract in domain/health.ts): the health endpoint reads it
 * (production mounts the folder into Directus read-only) and the banner warns from it.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { backupStatusSchema, EMPTY_BACKUP_STATUS, type BackupStatus } from '@portal/domain/health';

export type { BackupStatus, CopyResult } from '@portal/domain/health';
export const STATUS_FILE = 'status.json';

export function readBackupStatus(backupsDir: string): BackupStatus {
  const file = path.join(backupsDir, STATUS_FILE);
  if (!existsSync(file)) return EMPTY_BACKUP_STATUS;
  try {
    const r = backupStatusSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return r.success ? r.data : EMPTY_BACKUP_STATUS;
  } catch {
    return EMPTY_BACKUP_STATUS;
  }
}

/** Read, change, write atomically (a reader never sees half a file). */
export function updateBackupStatus(backupsDir: string, change: (s: BackupStatus) => BackupStatus): BackupStatus {
  const next = change(readBackupStatus(backupsDir));
  mkdirSync(backupsDir, { recursive: true, mode: 0o700 });
  const file = path.join(backupsDir, STATUS_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(next, null, 2) + '\n', { mode: 0o644 });
  renameSync(tmp, file);
  return next;
}
