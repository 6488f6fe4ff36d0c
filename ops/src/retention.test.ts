import { describe, expect, it } from 'vitest';
import { stamp } from './clock.ts';
import { archiveTime, keep, toDelete } from './retention.ts';

const name = (iso: string) => `portal-${stamp(new Date(iso))}.tar.zst`;

describe('retention: 7 daily + 4 weekly + 12 monthly', () => {
  it('after 40 simulated days of a daily backup (pruned every day), keeps the last 7 days, the newest of 4 weeks and of each month', () => {
    let folder: string[] = [];
    // 2026-10-01 (a Thursday) to 2026-11-09 (a Monday), at 03:00 in Belém (06:00 UTC).
    for (let d = 0; d < 40; d++) {
      folder.push(name(new Date(Date.UTC(2026, 9, 1 + d, 6)).toISOString()));
      const gone = new Set(toDelete(folder));
      folder = folder.filter((n) => !gone.has(n));
    }
    expect(folder.sort()).toEqual(
      [
        '20261025', // newest of the ISO week Oct 19–25
        '20261031', // newest of October
        '20261101', // newest of the week Oct 26 – Nov 1
        '20261103', '20261104', '20261105', '20261106', '20261107', '20261108', '20261109', // the last 7 days (also newest of Nov 2–8, of Nov 9– and of November)
      ].map((d) => `portal-${d}-030000.tar.zst`),
    );
  });

  it('keeps a year of monthly backups and no more', () => {
    const names = Array.from({ length: 15 }, (_, i) => name(new Date(Date.UTC(2025, i, 15, 6)).toISOString()));
    const kept = keep(names);
    expect(kept.size).toBe(12);
    expect(kept.has(names[0]!)).toBe(false);
    expect(kept.has(names[14]!)).toBe(true);
  });

  it('of several backups in one day, the newest counts for that day', () => {
    const names = [name('2026-11-20T06:00:00Z'), name('2026-11-20T18:30:00Z')];
    expect(toDelete(names)).toEqual([names[0]]);
  });

  it('never deletes a backup outside the schedule (taken before a restore, or named by hand)', () => {
    const names = ['portal-20200101-030000-antes-da-restauracao.tar.zst', 'meu-backup.tar.zst', ...Array.from({ length: 30 }, (_, i) => name(new Date(Date.UTC(2026, 10, 1 + i, 6)).toISOString()))];
    const gone = toDelete(names);
    expect(gone).not.toContain(names[0]);
    expect(gone).not.toContain(names[1]);
    expect(gone.length).toBeGreaterThan(0);
  });

  it('reads the time in the archive name in the newsroom time zone', () => {
    expect(archiveTime('portal-20261126-030000.tar.zst')?.toISOString()).toBe('2026-11-26T06:00:00.000Z');
    expect(archiveTime('portal-20261126-0300.tar.zst')).toBeNull();
  });
});
