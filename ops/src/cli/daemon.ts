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
if (!settings.daily) {
  log('backup diário desligado (PORTAL_BACKUP_DAILY=false)');
} else {
  const schedule = startBackupSchedule({ place, settings, log });
  log(`pronto; próximo backup em ${readBackupStatus(place.backupsDir).nextAt} (pasta ${place.backupsDir})`);
  // Keeps the process alive (the schedule's timers do not).
  const alive = setInterval(() => {}, 1 << 30);
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      clearInterval(alive);
      schedule.stop();
      process.exit(0);
    });
  }
}
