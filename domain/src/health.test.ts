import { describe, expect, it } from 'vitest';
import { healthAlerts, nextWeekly, type HealthReport } from './health.ts';

const now = new Date('2026-11-26T12:00:00Z');
const GiB = 1024 ** 3;
const ok: Pick<HealthReport, 'backup' | 'build' | 'disks' | 'installedAt'> = {
  installedAt: '2026-01-10T12:00:00Z',
  backup: { available: true, last: { at: '2026-11-26T06:00:00Z', file: 'portal-x.tar.zst', bytes: 1, sha256: 'a', durationMs: 1, stories: 1, copy: { to: '/mnt', ok: true, at: '2026-11-26T06:01:00Z' } }, lastFailure: null, nextAt: null },
  build: { available: true, state: 'idle', lastSuccessAt: null, lastFailureAt: null, lastError: null, skipped: [], lastFull: { at: '2026-11-26T11:00:00Z', ok: true, ms: 1000, error: null }, catchUpDueAt: null },
  disks: [{ label: 'dados', path: '/data', freeBytes: 50 * GiB, totalBytes: 100 * GiB }],
};

describe('health alerts (the staff banner)', () => {
  it('none when the backup is recent and copied, the last full build passed and the disk has room', () => {
    expect(healthAlerts(ok, now)).toEqual([]);
  });
  it('the last backup older than 36 hours', () => {
    const old = { ...ok, backup: { ...ok.backup, last: { ...(ok.backup as any).last, at: '2026-11-24T23:00:00Z' } } };
    expect(healthAlerts(old, now)).toEqual([{ code: 'backup-old', message: 'O último backup tem 37 horas (mais de 36 h).' }]);
    const fresh = { ...ok, backup: { ...ok.backup, last: { ...(ok.backup as any).last, at: '2026-11-25T01:00:00Z' } } };
    expect(healthAlerts(fresh, now)).toEqual([]);
  });
  it('no backup at all (but a new install has 36 hours for its first), and a copy that failed', () => {
    const none = { available: true as const, last: null, lastFailure: null, nextAt: null };
    expect(healthAlerts({ ...ok, backup: none }, now).map((a) => a.code)).toEqual(['backup-never']);
    expect(healthAlerts({ ...ok, backup: none, installedAt: '2026-11-26T10:00:00Z' }, now)).toEqual([]);
    const failed = { ...ok, backup: { ...ok.backup, last: { ...(ok.backup as any).last, copy: { to: 's3://b', ok: false, at: '', error: 'sem rede' } } } };
    expect(healthAlerts(failed, now)).toEqual([{ code: 'backup-copy-failed', message: 'O último backup não foi copiado para o segundo lugar: sem rede.' }]);
  });
  it('the last full build failed (a failed publish alone is not that)', () => {
    const build = { ...(ok.build as any), lastFull: { at: '', ok: false, ms: 1, error: 'x' } };
    expect(healthAlerts({ ...ok, build }, now).map((a) => a.code)).toEqual(['full-build-failed']);
    expect(healthAlerts({ ...ok, build: { ...(ok.build as any), lastFailureAt: 'x', lastError: 'y' } }, now)).toEqual([]);
  });
  it('a disk nearly full: under 10 % or under 2 GiB free', () => {
    const disk = (free: number, total: number) => healthAlerts({ ...ok, disks: [{ label: 'dados', path: '/d', freeBytes: free * GiB, totalBytes: total * GiB }] }, now).map((a) => a.code);
    expect(disk(9, 100)).toEqual(['disk-full']);
    expect(disk(1.5, 10)).toEqual(['disk-full']);
    expect(disk(11, 100)).toEqual([]);
    expect(healthAlerts({ ...ok, disks: [{ label: 'dados', path: '/d', freeBytes: 1.5 * GiB, totalBytes: 10 * GiB }] }, now)[0]!.message).toBe('O disco de dados está quase cheio: 1,5 GB livres de 10,0 GB.');
  });
  it('unknown parts (no builder, no backups folder) raise nothing by themselves', () => {
    expect(healthAlerts({ backup: { available: false }, build: { available: false }, disks: [], installedAt: null }, now)).toEqual([]);
  });
});

describe('nextWeekly (the digest)', () => {
  it('the coming Monday 11:00, or next week when it has passed', () => {
    const thursday = new Date(2026, 10, 26, 9, 0);
    expect(nextWeekly('0 11 * * 1', thursday)).toEqual(new Date(2026, 10, 30, 11, 0));
    expect(nextWeekly('0 11 * * 1', new Date(2026, 10, 30, 11, 0))).toEqual(new Date(2026, 11, 7, 11, 0));
    expect(nextWeekly('*/5 * * * *', thursday)).toBeNull();
  });
});
