import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@portal/domain/roles';
import { mockDirectus } from '../../testing/directus-mock.ts';
import { renderApp, sessionFor } from '../../testing/render.tsx';
import { AdminLiveDeskRoute, AdminLiveRoute } from './admin-live.tsx';

afterEach(() => vi.restoreAllMocks());

const COVERAGE = {
  id: 'n1',
  title: 'Cheia do Tocantins',
  slug: 'cheia-do-tocantins',
  status: 'published',
  published_at: '2026-11-27T09:00:00.000Z',
  live_status: 'live',
  live_started_at: '2026-11-27T09:00:00.000Z',
  live_ended_at: null,
  municipality_id: { id: 'm-maraba', name: 'Marabá' },
  category_id: null,
  updated_at: '2026-11-27T09:00:00.000Z',
};
const ENTRY = {
  id: 'e1',
  news_id: 'n1',
  body: '<p>O rio subiu 30 cm na última hora.</p>',
  status: 'published',
  published_at: '2026-11-27T10:00:00.000Z',
  pinned: false,
  image: null,
  image_caption: null,
  author_id: null,
  correction_note: null,
  corrected_at: null,
  promoted_news_id: null,
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: null,
  created_by: 'user-editor',
};

function api() {
  return mockDirectus((c) => {
    if (c.path === '/items/news') return [COVERAGE];
    if (c.path === '/items/news_live_entries' && c.params.aggregate) return [{ count: 1 }];
    if (c.path === '/items/news_live_entries') return [ENTRY];
    if (c.path === '/portal/push/audience') return { subscribers: 40, perHour: 3, left: 3 };
    if (c.path === '/portal/push/alerts') return { id: 'a1', total: 40, message: 'Alerta enviado para 40 inscritos.' };
    return [];
  });
}

const renderRoute = (role: Role, path = '/admin/ao-vivo/n1') =>
  renderApp(
    [
      { path: '/admin/ao-vivo', element: <AdminLiveRoute /> },
      { path: '/admin/ao-vivo/:newsId', element: <AdminLiveDeskRoute /> },
    ],
    { session: sessionFor(role), path },
  );

describe('live coverage routes', () => {
  it('an editor sends a published entry as an alert, by its id', async () => {
    const calls = api();
    renderRoute('editor');
    const entry = (await screen.findByText('O rio subiu 30 cm na última hora.')).closest('article')!;
    expect(within(entry).getByText('Sem assinatura')).toBeInTheDocument();
    await userEvent.click(within(entry).getByRole('button', { name: 'Enviar alerta' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Enviar alerta aos leitores' });
    await within(dialog).findByText(/O alerta vai para 40 leitores inscritos/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar alerta' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/portal/push/alerts', body: { entry_id: 'e1' } }));
  });

  it("the desk has the coverage's live control for editors (no link to itself), none for producers", async () => {
    api();
    renderRoute('editor');
    expect(await screen.findByRole('button', { name: 'Encerrar cobertura' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Abrir mesa da cobertura' })).toBeNull();
  });

  it('a producer gets neither alerts nor the live control', async () => {
    api();
    renderRoute('producer');
    await screen.findByText('O rio subiu 30 cm na última hora.');
    expect(screen.queryByRole('button', { name: 'Enviar alerta' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Encerrar cobertura' })).toBeNull();
  });

  it('lists running coverages for every staff member', async () => {
    const calls = api();
    renderRoute('producer', '/admin/ao-vivo');
    expect(await screen.findByRole('link', { name: 'Cheia do Tocantins' })).toHaveAttribute('href', '/admin/ao-vivo/n1');
    expect(screen.getByRole('heading', { level: 2, name: 'Em andamento' })).toBeInTheDocument();
    const read = calls.find((c) => c.path === '/items/news')!;
    expect(JSON.stringify(read.params.filter)).toContain('"live_status":{"_eq":"live"}');
  });
});
