/**
 * Production's backup job (docker-compose `backup`, `npm run start:prod`): the
 * daily backup at PORTAL_BACKUP_HOUR, retention and the second-place copy,
 * from Directus's own environment plus SITE_RELEASES_DIR and PORTAL_BACKUP_DIR.
 */
import { envOrExit } from '@portal/domain/env';
import { backupEnv } from '../env.ts';
import { startBackupSchedule } from '../schedule.ts';
import { readBackupStatus } from '../status.ts';
import { placeFor } from './where.ts';

const settings = envOrExit(() => backupEnv(), '» backup:');
const place = placeFor(undefined);
const log = (s: string) => console.log(`» backup: ${s}`);
// Switched off, the job still stays up (and says so): docker-compose restarts a job that exits
// (restart: unless-stopped), and start:prod waits for it to be ready.
const schedule = settings.daily ? startBackupSchedule({ place, settings, log }) : null;
log(
  schedule
    ? `pronto; próximo backup em ${readBackupStatus(place.backupsDir).nextAt} (pasta ${place.backupsDir})`
    : 'pronto; backup diário desligado (PORTAL_BACKUP_DAILY=false): nenhum backup será feito',
);
// Keeps the process alive (the schedule's timers do not).
const alive = setInterval(() => {}, 1 << 30);
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    clearInterval(alive);
    schedule?.stop();
    process.exit(0);
  });
}
