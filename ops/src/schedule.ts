/**
 * The daily backup inside `npm start` and production's backup job (issue #28):
 * at the configured hour (newsroom time), then retention (7 daily, 4 weekly,
 * 12 monthly) and the copy to the second place. A portal that has gone more
 * than a day without a backup (a new install, a machine that was off at the
 * hour) gets one a few minutes after it starts, not the next night.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { nextAt } from './clock.ts';
import { listArchives, takeBackup, type BackupResult } from './backup.ts';
import type { BackupSettings } from './env.ts';
import type { Place } from './place.ts';
import { toDelete } from './retention.ts';
import { copyToSecondPlace } from './second-place.ts';
import { readBackupStatus, updateBackupStatus } from './status.ts';

export type ScheduleOptions = {
  place: Place;
  settings: BackupSettings;
  log?: (s: string) => void;
  /** Delay of the first backup when none was taken in the last day (default 2 min: after the start's own build). */
  catchUpDelayMs?: number;
  now?: () => Date;
};

/** One scheduled run: the backup, retention of the local folder, the copy (which applies retention there too). */
export async function runScheduledBackup(place: Place, settings: BackupSettings, log: (s: string) => void = () => {}): Promise<BackupResult> {
  const r = await takeBackup(place, { log, timeZone: settings.PORTAL_TIME_ZONE });
  for (const old of toDelete(listArchives(place.backupsDir), undefined, settings.PORTAL_TIME_ZONE)) {
    rmSync(path.join(place.backupsDir, old), { force: true });
    log(`backup antigo apagado (retenção 7/4/12): ${old}`);
  }
  if (settings.copyTo) await copyToSecondPlace(place.backupsDir, r, settings.copyTo, log, settings.PORTAL_TIME_ZONE);
  return r;
}

export function startBackupSchedule(o: ScheduleOptions) {
  const log = o.log ?? (() => {});
  const now = o.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let stopped = false;

  const plan = (at: Date) => {
    clearTimeout(timer);
    if (stopped) return;
    updateBackupStatus(o.place.backupsDir, (s) => ({ ...s, nextAt: at.toISOString() }));
    timer = setTimeout(() => void run(), Math.max(0, at.getTime() - now().getTime()));
    timer.unref();
  };
  const run = async () => {
    if (running) return running;
    running = runScheduledBackup(o.place, o.settings, log)
      .catch((e: unknown) => log(`FALHA no backup diário: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => {
        running = null;
        plan(nextAt(now(), o.settings.hour, o.settings.PORTAL_TIME_ZONE));
      });
    return running;
  };

  const last = readBackupStatus(o.place.backupsDir).last;
  const overdue = !last || now().getTime() - Date.parse(last.at) > 24 * 3600_000;
  const daily = nextAt(now(), o.settings.hour, o.settings.PORTAL_TIME_ZONE);
  const soon = new Date(now().getTime() + (o.catchUpDelayMs ?? 2 * 60_000));
  plan(overdue && soon < daily ? soon : daily);

  return {
    /** A backup now (the same run as the scheduled one). */
    runNow: () => run(),
    /** Stops the schedule; a backup under way is not waited for (a stop is never held up; its leftovers are swept later). */
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
