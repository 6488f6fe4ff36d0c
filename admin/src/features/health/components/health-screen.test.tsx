import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockDirectus } from '../../../testing/directus-mock.ts';
import { renderApp, sessionFor } from '../../../testing/render.tsx';
import type { FullHealth } from '../api/health-queries.ts';
import { HealthBanner } from './health-banner.tsx';
import HealthScreen from './health-screen.tsx';

afterEach(() => vi.restoreAllMocks());

const GiB = 1024 ** 3;
const report: FullHealth = {
  status: 'atencao',
  checkedAt: '2026-11-26T12:00:00.000Z',
  directus: { ok: true, version: '11.17.4' },
  database: { ok: true, client: 'sqlite3', responseMs: 3.2, error: null },
  build: {
    available: true,
    state: 'idle',
    lastSuccessAt: '2026-11-26T11:50:00.000Z',
    lastFailureAt: null,
    lastError: null,
    skipped: [],
    lastFull: { at: '2026-11-26T11:00:00.000Z', ok: false, ms: 245_000, error: 'astro build falhou' },
    catchUpDueAt: '2026-11-26T12:10:00.000Z',
  },
  backup: {
    available: true,
    last: { at: '2026-11-24T06:00:00.000Z', file: 'portal-20261124-030000.tar.zst', bytes: 1.5 * GiB, sha256: 'a', durationMs: 60_000, stories: 100_000, copy: { to: '/mnt/backup', ok: true, at: '2026-11-24T06:02:00.000Z' } },
    lastFailure: null,
    nextAt: '2026-11-27T06:00:00.000Z',
  },
  disks: [{ label: 'dados', path: '/srv/.data', freeBytes: 40 * GiB, totalBytes: 100 * GiB }],
  mail: { ok: false, transport: 'smtp', error: 'connect ECONNREFUSED 127.0.0.1:25' },
  newsletter: { confirmed: 120, pending: 4, unsubscribed: 2, nextDigestAt: '2026-11-30T11:00:00.000Z' },
  installedAt: '2026-01-10T12:00:00.000Z',
  alerts: [
    { code: 'backup-old', message: 'O último backup tem 54 horas (mais de 36 h).' },
    { code: 'full-build-failed', message: 'O último build completo do site falhou (o site anterior continua no ar).' },
  ],
};

describe('Saúde do portal (super_admin)', () => {
  it('shows every part with its truth: database, builds, backup and its copy, disk, mail, newsletter', async () => {
    const calls = mockDirectus(() => report);
    renderApp(<HealthScreen />, { session: sessionFor('super_admin') });
    expect(await screen.findByText('Atenção')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ path: '/portal/health', params: {} });
    expect(screen.getByText('SQLite respondeu em 3 ms')).toBeInTheDocument();
    expect(screen.getByText(/falhou \(astro build falhou\) 26\/11\/2026 08:00.*em 245 s/)).toBeInTheDocument();
    expect(screen.getByText('build completo previsto para 26/11/2026 09:10')).toBeInTheDocument();
    expect(screen.getByText(/24\/11\/2026 03:00 .* · 1,5 GB · portal-20261124-030000\.tar\.zst/)).toBeInTheDocument();
    expect(screen.getByText('copiado para /mnt/backup')).toBeInTheDocument();
    expect(screen.getByText('40,0 GB livres de 100,0 GB')).toBeInTheDocument();
    expect(screen.getByText('com problema: connect ECONNREFUSED 127.0.0.1:25')).toBeInTheDocument();
    expect(screen.getByText(/120 inscritos confirmados, 4 aguardando confirmação/)).toBeInTheDocument();
    expect(screen.getByText('O último backup tem 54 horas (mais de 36 h).')).toBeInTheDocument();
  });

  it('says when nothing was backed up yet and no second place is set', async () => {
    mockDirectus(() => ({ ...report, status: 'ok', alerts: [], backup: { available: true, last: null, lastFailure: null, nextAt: null } }));
    renderApp(<HealthScreen />, { session: sessionFor('super_admin') });
    expect(await screen.findByText('nenhum ainda')).toBeInTheDocument();
    expect(screen.getByText('não configurada (PORTAL_BACKUP_COPY_TO)')).toBeInTheDocument();
    expect(screen.getByText('Tudo em ordem')).toBeInTheDocument();
  });
});

describe('the staff banner', () => {
  it('lists the alerts, asking only for them', async () => {
    const calls = mockDirectus(() => ({ alerts: report.alerts }));
    renderApp(<HealthBanner />, { session: sessionFor('editor') });
    const banner = await screen.findByRole('alert', { name: 'Avisos do portal' });
    expect(banner).toHaveTextContent('O último backup tem 54 horas (mais de 36 h).');
    expect(banner).toHaveTextContent('O último build completo do site falhou');
    expect(calls[0]).toMatchObject({ path: '/portal/health', params: { only: 'alerts' } });
  });

  it('is absent when all is well', async () => {
    const calls = mockDirectus(() => ({ alerts: [] }));
    renderApp(<HealthBanner />, { session: sessionFor('producer') });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
