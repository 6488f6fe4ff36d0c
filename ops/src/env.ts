/** The backup settings (npm start, the production backup job, the CLI), validated once at start. */
import path from 'node:path';
import { z } from 'zod';
import { readEnv } from '@portal/domain/env';
import { DEFAULT_TIME_ZONE } from './clock.ts';
import { s3Spec, type StorageSpec } from './storage.ts';

const validZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

export const backupEnvSchema = z
  .object({
    /** The hour (0–23, newsroom time) of the daily backup. */
    PORTAL_BACKUP_HOUR: z.coerce.number({ error: 'deve ser uma hora de 0 a 23' }).int().min(0, 'deve ser uma hora de 0 a 23').max(23, 'deve ser uma hora de 0 a 23').default(3),
    PORTAL_BACKUP_DAILY: z.enum(['true', 'false'], { error: 'use true ou false' }).default('true'),
    /** The second place: an absolute folder (a mounted disk), or `s3` with PORTAL_BACKUP_S3_*. */
    PORTAL_BACKUP_COPY_TO: z
      .string()
      .default('')
      .refine((v) => v === '' || v === 's3' || path.isAbsolute(v), 'use uma pasta absoluta (ex.: /mnt/backup) ou s3'),
    PORTAL_BACKUP_S3_BUCKET: z.string().optional(),
    PORTAL_TIME_ZONE: z.string().default(DEFAULT_TIME_ZONE).refine(validZone, 'fuso horário desconhecido (ex.: America/Belem)'),
  })
  .passthrough()
  .refine((e) => e.PORTAL_BACKUP_COPY_TO !== 's3' || !!e.PORTAL_BACKUP_S3_BUCKET, { message: 'PORTAL_BACKUP_COPY_TO=s3 pede PORTAL_BACKUP_S3_BUCKET (e _KEY, _SECRET, _REGION, _ENDPOINT)' });

export type SecondPlace = { kind: 'folder'; dir: string } | { kind: 's3'; spec: StorageSpec };
export type BackupSettings = { hour: number; daily: boolean; copyTo: SecondPlace | null; PORTAL_TIME_ZONE: string };

export function backupEnv(env: Record<string, string | undefined> = process.env): BackupSettings {
  const e = readEnv(backupEnvSchema, env, 'backup');
  const copyTo: SecondPlace | null =
    e.PORTAL_BACKUP_COPY_TO === ''
      ? null
      : e.PORTAL_BACKUP_COPY_TO === 's3'
        ? { kind: 's3', spec: s3Spec((k) => env[`PORTAL_BACKUP_S3_${k}`]) }
        : { kind: 'folder', dir: e.PORTAL_BACKUP_COPY_TO };
  return { hour: e.PORTAL_BACKUP_HOUR, daily: e.PORTAL_BACKUP_DAILY === 'true', copyTo, PORTAL_TIME_ZONE: e.PORTAL_TIME_ZONE };
}
