import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sqliteKnex } from './database.ts';
import { embeddedPlace } from './place.ts';
import { startBackupSchedule } from './schedule.ts';
import { readBackupStatus, updateBackupStatus } from './status.ts';
import { backupEnv } from './env.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A data folder with a tiny portal database (the tables a backup reads) and one upload. */
async function portal() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'schedule-'));
  dirs.push(dir);
  const k = sqliteKnex(path.join(dir, 'portal.db'));
  await k.schema.createTable('directus_files', (t) => {
    t.string('id');
    t.string('filename_disk');
    t.integer('filesize');
  });
  await k.schema.createTable('directus_migrations', (t) => t.string('version'));
  await k.schema.createTable('news', (t) => t.string('id'));
  await k('news').insert({ id: 'n1' });
  await k.destroy();
  return dir;
}

const settings = (hour: number) => ({ ...backupEnv({}), hour });

describe('the daily backup schedule', () => {
  it('an install with no backup in the last day gets one soon after it starts, then waits for the hour', async () => {
    const dir = await portal();
    const place = embeddedPlace(dir);
    const now = new Date('2026-11-26T12:00:00Z');
    const s = startBackupSchedule({ place, settings: settings(3), catchUpDelayMs: 50, now: () => now });
    expect(readBackupStatus(place.backupsDir).nextAt).toBe('2026-11-26T12:00:00.050Z');
    await new Promise((r) => setTimeout(r, 1500));
    s.stop();
    const status = readBackupStatus(place.backupsDir);
    expect(status.last?.stories).toBe(1);
    expect(existsSync(path.join(place.backupsDir, status.last!.file))).toBe(true);
    // Then 03:00 in Belém (06:00 UTC) the next day.
    expect(status.nextAt).toBe('2026-11-27T06:00:00.000Z');
  });

  it('a portal backed up within the day waits for the configured hour', async () => {
    const dir = await portal();
    const place = embeddedPlace(dir);
    const now = new Date('2026-11-26T12:00:00Z');
    updateBackupStatus(place.backupsDir, (st) => ({ ...st, last: { at: '2026-11-26T06:00:00.000Z', file: 'x', bytes: 1, sha256: 'a', durationMs: 1, stories: 1, copy: null } }));
    const s = startBackupSchedule({ place, settings: settings(22), catchUpDelayMs: 50, now: () => now });
    await new Promise((r) => setTimeout(r, 300));
    s.stop();
    expect(readBackupStatus(place.backupsDir).nextAt).toBe('2026-11-27T01:00:00.000Z');
    expect(readdirSync(place.backupsDir).filter((n) => n.endsWith('.tar.zst'))).toEqual([]);
  });
});
