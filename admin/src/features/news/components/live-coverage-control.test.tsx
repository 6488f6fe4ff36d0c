import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@portal/domain/roles';
import { apiError, mockDirectus } from '../../../testing/directus-mock.ts';
import { renderApp, sessionFor } from '../../../testing/render.tsx';
import { LiveCoverageControl } from './live-coverage-control.tsx';

afterEach(() => vi.restoreAllMocks());

const STORY = {
  id: 'n1',
  status: 'published',
  published_at: '2026-11-27T10:00:00.000Z',
  live_status: null,
  live_started_at: null,
  live_ended_at: null,
  updated_at: '2026-11-27T10:00:00.000Z',
} as const;

function renderControl(role: Role, news: Partial<Parameters<typeof LiveCoverageControl>[0]['news']> = {}) {
  const onChanged = vi.fn();
  renderApp(<LiveCoverageControl news={{ ...STORY, ...news }} role={role} onChanged={onChanged} />, { session: sessionFor(role) });
  return { onChanged };
}

const saved = (live_status: 'live' | 'ended') => ({
  id: 'n1',
  live_status,
  live_started_at: '2026-11-27T12:00:00.000Z',
  live_ended_at: live_status === 'ended' ? '2026-11-27T15:00:00.000Z' : null,
  updated_at: '2026-11-27T15:00:00.001Z',
});

describe('Cobertura ao vivo (story editor)', () => {
  it('an editor starts the coverage after confirming; only live_status and the loaded version are sent', async () => {
    const calls = mockDirectus(() => saved('live'));
    const { onChanged } = renderControl('editor');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar cobertura ao vivo' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Iniciar cobertura ao vivo?' });
    expect(dialog).toHaveTextContent('as páginas abertas pelos leitores mostram as novas atualizações sem recarregar');
    expect(calls).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Iniciar cobertura' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(saved('live')));
    expect(calls[0]).toMatchObject({ method: 'PATCH', path: '/items/news/n1', body: { live_status: 'live', loaded_updated_at: '2026-11-27T10:00:00.000Z' } });
    expect(Object.keys(calls[0]!.body as object).sort()).toEqual(['live_status', 'loaded_updated_at']);
    expect(await screen.findByText('Cobertura ao vivo iniciada')).toBeInTheDocument();
  });

  it('a draft story can go live, and the confirmation says readers see it once it is published', async () => {
    mockDirectus(() => saved('live'));
    renderControl('super_admin', { status: 'draft', published_at: null });
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar cobertura ao vivo' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Os leitores só a verão depois que a notícia for publicada.');
  });

  it('while live: "Ao vivo", a link to the desk, and "Encerrar cobertura" says the page freezes and readers stop updating', async () => {
    const calls = mockDirectus(() => saved('ended'));
    renderControl('editor', { live_status: 'live', live_started_at: '2026-11-27T12:00:00.000Z' });
    const section = screen.getByRole('region', { name: 'Cobertura ao vivo' });
    expect(within(section).getByText('Ao vivo')).toBeInTheDocument();
    expect(within(section).getByTestId('live-state')).toHaveTextContent('Em andamento desde 27/11/2026 09:00.');
    expect(within(section).getByRole('link', { name: 'Abrir mesa da cobertura' })).toHaveAttribute('href', '/admin/ao-vivo/n1');
    expect(within(section).queryByRole('button', { name: 'Iniciar cobertura ao vivo' })).toBeNull();
    await userEvent.click(within(section).getByRole('button', { name: 'Encerrar cobertura' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Encerrar a cobertura ao vivo?' });
    expect(dialog).toHaveTextContent('fica congelada como está');
    expect(dialog).toHaveTextContent('as páginas abertas pelos leitores param de se atualizar');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Encerrar cobertura' }));
    await waitFor(() => expect(calls[0]).toMatchObject({ body: { live_status: 'ended' } }));
    expect(await screen.findByText('Cobertura encerrada')).toBeInTheDocument();
  });

  it('an ended coverage can be resumed', async () => {
    const calls = mockDirectus(() => saved('live'));
    renderControl('editor', { live_status: 'ended', live_started_at: '2026-11-27T12:00:00.000Z', live_ended_at: '2026-11-27T15:00:00.000Z' });
    expect(screen.getByText('Cobertura encerrada')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retomar cobertura' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Retomar cobertura' }));
    await waitFor(() => expect(calls[0]).toMatchObject({ body: { live_status: 'live' } }));
  });

  it("shows the server's refusal as it says", async () => {
    mockDirectus(() => {
      throw apiError('Esta notícia foi alterada por Ana Souza às 10:05; recarregue para ver as mudanças', 'PORTAL_CONFLICT');
    });
    const { onChanged } = renderControl('editor');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar cobertura ao vivo' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Iniciar cobertura' }));
    expect(await screen.findByText('Esta notícia foi alterada por Ana Souza às 10:05; recarregue para ver as mudanças')).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('producers never see it', () => {
    renderControl('producer', { live_status: 'live' });
    expect(screen.queryByRole('region', { name: 'Cobertura ao vivo' })).toBeNull();
    expect(screen.queryByRole('button', { name: /cobertura/i })).toBeNull();
  });
});
