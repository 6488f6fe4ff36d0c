/**
 * The portal's health (issue #28, item 4): the contract between the backup job
 * (which writes its status beside the archives), the health endpoint (which
 * reads it and the rest) and the admin (page and banner), and the rules that
 * turn a report into the alerts staff see.
 */
import { z } from 'zod';
import type { SiteStatus } from './build-contract.ts';

/** A backup older than this is a problem (a daily job missed a run and a half). */
export const BACKUP_MAX_AGE_HOURS = 36;
/** The disk is nearly full below either limit: 10 % free, or 2 GiB free. */
export const DISK_MIN_FREE_RATIO = 0.1;
export const DISK_MIN_FREE_BYTES = 2 * 1024 ** 3;

const copySchema = z.object({ to: z.string(), ok: z.boolean(), at: z.string(), error: z.string().optional() });
/** `status.json` in the backups folder (written by ops/, read by the health endpoint). */
export const backupStatusSchema = z.object({
  last: z
    .object({ at: z.string(), file: z.string(), bytes: z.number(), sha256: z.string(), durationMs: z.number(), stories: z.number().nullable(), copy: copySchema.nullable() })
    .nullable(),
  lastFailure: z.object({ at: z.string(), error: z.string() }).nullable(),
  nextAt: z.string().nullable(),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;
export type CopyResult = z.infer<typeof copySchema>;
export const EMPTY_BACKUP_STATUS: BackupStatus = { last: null, lastFailure: null, nextAt: null };

export type DiskReport = { label: string; path: string; freeBytes: number; totalBytes: number };
/** The builder's part: its status as staff see it (one shape, domain/build-contract). */
export type BuildReport = SiteStatus;

export type HealthReport = {
  checkedAt: string;
  directus: { ok: boolean; version: string };
  database: { ok: boolean; client: string; responseMs: number | null; error: string | null };
  build: BuildReport;
  backup: ({ available: true } & BackupStatus) | { available: false };
  disks: DiskReport[];
  mail: { ok: boolean; transport: string; error: string | null };
  newsletter: { confirmed: number; pending: number; unsubscribed: number; nextDigestAt: string | null };
  /** When this database was created (Directus's first migration): a new install is not late with its first backup. */
  installedAt: string | null;
  alerts: HealthAlert[];
};

export type HealthAlert = { code: 'backup-old' | 'backup-never' | 'backup-copy-failed' | 'full-build-failed' | 'disk-full'; message: string };

const fmtBytes = (n: number) => (n >= 1024 ** 3 ? `${(n / 1024 ** 3).toFixed(1).replace('.', ',')} GB` : `${Math.round(n / 1024 ** 2)} MB`);

export const diskNearlyFull = (d: DiskReport) => d.totalBytes > 0 && (d.freeBytes / d.totalBytes < DISK_MIN_FREE_RATIO || d.freeBytes < DISK_MIN_FREE_BYTES);

/**
 * The alerts staff see in the banner: the last backup older than 36 h (or none in
 * an install older than that), its copy to the second place failed, the last full
 * build failed, a disk nearly full.
 * @example healthAlerts({ backup: { available: true, last: null, lastFailure: null, nextAt: null }, build: { available: false }, disks: [], installedAt: null }, new Date())
 * // [{ code: 'backup-never', message: 'Nenhum backup foi feito ainda.' }]
 */
export function healthAlerts(r: Pick<HealthReport, 'backup' | 'build' | 'disks' | 'installedAt'>, now: Date): HealthAlert[] {
  const alerts: HealthAlert[] = [];
  const hoursSince = (iso: string) => (now.getTime() - Date.parse(iso)) / 3600_000;
  if (r.backup.available) {
    const last = r.backup.last;
    if (!last) {
      if (!r.installedAt || hoursSince(r.installedAt) > BACKUP_MAX_AGE_HOURS) alerts.push({ code: 'backup-never', message: 'Nenhum backup foi feito ainda.' });
    }
    else {
      const hours = hoursSince(last.at);
      if (hours > BACKUP_MAX_AGE_HOURS) alerts.push({ code: 'backup-old', message: `O último backup tem ${Math.floor(hours)} horas (mais de ${BACKUP_MAX_AGE_HOURS} h).` });
      if (last.copy && !last.copy.ok) alerts.push({ code: 'backup-copy-failed', message: `O último backup não foi copiado para o segundo lugar: ${last.copy.error ?? 'erro'}.` });
    }
  }
  if (r.build.available && r.build.lastFull && !r.build.lastFull.ok) {
    alerts.push({ code: 'full-build-failed', message: 'O último build completo do site falhou (o site anterior continua no ar).' });
  }
  for (const d of r.disks) {
    if (diskNearlyFull(d)) alerts.push({ code: 'disk-full', message: `O disco de ${d.label} está quase cheio: ${fmtBytes(d.freeBytes)} livres de ${fmtBytes(d.totalBytes)}.` });
  }
  return alerts;
}

/** The next time a weekly cron `m h * * dow` fires after `now` (server time), for the digest. */
export function nextWeekly(cron: string, now: Date): Date | null {
  const m = /^(\d+) (\d+) \* \* (\d)$/.exec(cron);
  if (!m) return null;
  const [minute, hour, dow] = m.slice(1).map(Number) as [number, number, number];
  const at = new Date(now);
  at.setHours(hour, minute, 0, 0);
  let days = (dow - at.getDay() + 7) % 7;
  if (days === 0 && at <= now) days = 7;
  at.setDate(at.getDate() + days);
  return at;
}
