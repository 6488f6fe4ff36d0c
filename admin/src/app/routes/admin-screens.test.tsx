import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FullHealth } from '../../features/health/api/health-queries.ts';
import { mockDirectus } from '../../testing/directus-mock.ts';
import { renderApp, sessionFor } from '../../testing/render.tsx';
import { AdminHealthRoute, AdminImportRoute } from './admin-screens.tsx';

afterEach(() => vi.restoreAllMocks());

const RUN = {
  id: 'run-1',
  source: 'hosted',
  input: '/srv/export',
  status: 'done',
  dry_run: false,
  started_at: '2026-11-26T12:00:00.000Z',
  finished_at: '2026-11-26T12:05:00.000Z',
  counts: { news: { created: 42, updated: 0, unchanged: 0, skipped: 1 } },
  warnings: [],
  skipped: [{ collection: 'news', key: '9', title: 'Sem categoria', reason: 'x' }],
  error: null,
};

const HEALTH: FullHealth = {
  status: 'ok',
  checkedAt: '2026-11-26T12:00:00.000Z',
  directus: { ok: true, version: '11.17.4' },
  database: { ok: true, client: 'sqlite3', responseMs: 2, error: null },
  build: { available: false },
  backup: { available: false },
  disks: [],
  mail: { ok: true, transport: 'smtp', error: null },
  newsletter: { confirmed: 0, pending: 0, unsubscribed: 0, nextDigestAt: null },
  installedAt: '2026-01-10T12:00:00.000Z',
  alerts: [],
} as FullHealth;

function api(runs: unknown[] = [RUN]) {
  return mockDirectus((c) => {
    if (c.path === '/items/import_runs') return runs;
    if (c.path === '/portal/health') return HEALTH;
    throw new Error(`chamada inesperada ${c.path}`);
  });
}

describe('/admin/import: the import report, super_admin only and outside the sidebar', () => {
  it.each(['editor', 'producer'] as const)('%s is denied, and nothing is asked of the server', async (role) => {
    const calls = api();
    renderApp(<AdminImportRoute />, { session: sessionFor(role) });
    expect(await screen.findByRole('heading', { name: 'Acesso Negado' })).toBeInTheDocument();
    expect(screen.getByText('Você não tem permissão para acessar esta página.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('super_admin sees the report', async () => {
    api();
    renderApp(<AdminImportRoute />, { session: sessionFor('super_admin') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Importação do portal anterior' })).toBeInTheDocument();
    expect(await screen.findByText('Portal hospedado (SQL/CSV)')).toBeInTheDocument();
  });
});

describe('Saúde do portal: the import card', () => {
  it('appears beside the health cards once a real import ran, with the way to its report', async () => {
    api();
    renderApp(<AdminHealthRoute />, { session: sessionFor('super_admin') });
    expect(await screen.findByText('Tudo em ordem')).toBeInTheDocument();
    const card = (await screen.findByRole('heading', { name: 'Importação' })).closest('section')!;
    expect(card).toHaveTextContent('Notícias: 42 novas, 0 atualizadas, 1 deixada de fora · 0 avisos');
    expect(within(card).getByRole('link', { name: 'Ver relatório da importação' })).toHaveAttribute('href', '/admin/import');
  });

  it('is not there when no import ran', async () => {
    const calls = api([]);
    renderApp(<AdminHealthRoute />, { session: sessionFor('super_admin') });
    expect(await screen.findByText('Tudo em ordem')).toBeInTheDocument();
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/items/import_runs')).toBe(true));
    expect(screen.queryByRole('link', { name: 'Ver relatório da importação' })).toBeNull();
  });
});
