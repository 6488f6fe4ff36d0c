/**
 * GET /portal/health (issue #28, item 4), by role: the whole truth for
 * super_admin and a monitor holding PORTAL_MONITOR_TOKEN, the banner's alerts
 * for other staff, nothing for the public. Each part measured: the database,
 * mail through the suite's SMTP catcher, the builder's last full build, the
 * backup's status file, the disk.
 */
import http from 'node:http';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { takeBackup } from '../../ops/src/backup.ts';
import { placeFromEnv } from '../../ops/src/place.ts';
import { readBackupStatus } from '../../ops/src/status.ts';
import { standInBuilder } from '@portal/builder/fixtures/stand-in-builder';
import { anonymous, asEveryone, baseUrl, message, type Api, type Who } from './support.ts';

let who: Record<Who, Api>;
const dataDir = inject('dataDir');
const backupsDir = path.join(dataDir, 'backups');
const monitor = (token: string) => fetch(`${baseUrl()}/portal/health`, { headers: { 'x-portal-monitor-token': token } });

beforeAll(async () => {
  who = await asEveryone();
});

describe('GET /portal/health', () => {
  describe('anonymous', () => {
    it('is refused', async () => {
      const r = await anonymous().get('/portal/health');
      expect(r.status).toBe(403);
      expect(message(r)).toBe('Usuário não autenticado');
    });
    it('with a wrong monitor token, too', async () => {
      expect((await monitor('x'.repeat(44))).status).toBe(403);
    });
  });

  describe('producer and editor', () => {
    it('get the banner\'s alerts and nothing else', async () => {
      for (const role of ['producer', 'editor'] as const) {
        const r = await who[role].get('/portal/health');
        expect(r.status).toBe(200);
        expect(Object.keys(r.data)).toEqual(['alerts']);
      }
    });
  });

  describe('super_admin', () => {
    it('sees Directus, the database and mail measured, the disk and the newsletter', async () => {
      const r = await who.super_admin.get('/portal/health');
      expect(r.status).toBe(200);
      expect(r.data.directus).toEqual({ ok: true, version: '11.17.4' });
      expect(r.data.database).toMatchObject({ ok: true, error: null });
      expect(r.data.database.responseMs).toBeGreaterThanOrEqual(0);
      expect(r.data.mail).toMatchObject({ ok: true, transport: 'smtp', error: null });
      expect(r.data.disks.length).toBeGreaterThan(0);
      expect(r.data.disks[0].freeBytes).toBeGreaterThan(0);
      expect(r.data.disks[0].totalBytes).toBeGreaterThan(r.data.disks[0].freeBytes);
      expect(r.data.newsletter).toMatchObject({ confirmed: expect.any(Number), pending: expect.any(Number) });
      expect(new Date(r.data.newsletter.nextDigestAt).getDay()).toBe(1);
    });

    it('a new install is not late with its first backup; once taken, the last one shows (time, size, copy)', async () => {
      const before = await who.super_admin.get('/portal/health');
      expect(Date.parse(before.data.installedAt)).toBeGreaterThan(Date.now() - 3600_000);
      if (!readBackupStatus(backupsDir).last) expect(before.data.backup.last).toBeNull();
      expect(before.data.alerts.map((a: { code: string }) => a.code)).not.toContain('backup-never');
      const place = placeFromEnv({ ...inject('dbEnv'), STORAGE_LOCATIONS: 'local', STORAGE_LOCAL_ROOT: path.join(dataDir, 'uploads') }, { dataDir, releasesRoot: null, backupsDir });
      const b = await takeBackup(place);
      const r = await who.super_admin.get('/portal/health');
      expect(r.data.backup).toMatchObject({ available: true, last: { file: path.basename(b.file), bytes: b.bytes, copy: null } });
      expect(r.data.alerts.map((a: { code: string }) => a.code)).not.toContain('backup-never');
    });

    it('a backup older than 36 hours raises the alert for every staff member', async () => {
      const s = readBackupStatus(backupsDir);
      writeFileSync(path.join(backupsDir, 'status.json'), JSON.stringify({ ...s, last: { ...s.last!, at: new Date(Date.now() - 40 * 3600_000).toISOString() } }));
      const full = await who.super_admin.get('/portal/health');
      expect(full.data.status).toBe('atencao');
      expect(full.data.alerts).toContainEqual({ code: 'backup-old', message: 'O último backup tem 40 horas (mais de 36 h).' });
      expect((await who.producer.get('/portal/health')).data.alerts).toContainEqual(expect.objectContaining({ code: 'backup-old' }));
    });
  });

  describe('the builder', () => {
    let server: http.Server;
    let dispose: () => Promise<void>;
    afterAll(async () => {
      await new Promise((r) => server?.close(r));
      await dispose?.();
    });

    it('a failed full build is reported with its time, and alerts staff; the state is idle once it ended', async () => {
      const stand = standInBuilder({
        catchUpMs: 0,
        jobs: () => ({
          full: async () => {
            throw new Error('astro build falhou: memória insuficiente');
          },
          targeted: async () => {
            throw new Error('não usado');
          },
        }),
      });
      dispose = stand.dispose;
      server = http.createServer(stand.b.handler).listen(inject('builderPort'), '127.0.0.1');
      await stand.b.trigger({ full: true });
      const r = await who.super_admin.get('/portal/health');
      expect(r.data.build).toMatchObject({ available: true, state: 'idle', lastFull: { ok: false, error: 'astro build falhou: memória insuficiente' } });
      expect(r.data.alerts).toContainEqual({ code: 'full-build-failed', message: 'O último build completo do site falhou (o site anterior continua no ar).' });
      expect((await who.editor.get('/portal/health')).data.alerts).toContainEqual(expect.objectContaining({ code: 'full-build-failed' }));
    });
  });

  describe('a monitor with PORTAL_MONITOR_TOKEN', () => {
    it('gets the whole report without signing in', async () => {
      const res = await monitor(inject('monitorToken'));
      expect(res.status).toBe(200);
      const body = (await res.json()) as { database: { ok: boolean }; status: string };
      expect(body.database.ok).toBe(true);
      expect(['ok', 'atencao']).toContain(body.status);
    });
  });
});
