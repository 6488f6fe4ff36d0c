import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@portal/domain/roles';
import { mockDirectus } from '../../../testing/directus-mock.ts';
import { renderApp, sessionFor } from '../../../testing/render.tsx';
import { NewsCorrectionsPanel } from './news-corrections-panel.tsx';

afterEach(() => vi.restoreAllMocks());

const renderPanel = (role: Role, status = 'published') =>
  renderApp(<NewsCorrectionsPanel news={{ id: 'n1', status }} role={role} />, { session: sessionFor(role) });

describe('news corrections panel', () => {
  it('an editor sees the corrections and adds one', async () => {
    const calls = mockDirectus((c) => (c.method === 'POST' ? { id: 'c2' } : [{ id: 'c1', note: 'O nome é João.', created_at: '2026-11-23T12:00:00.000Z' }]));
    renderPanel('editor');
    await userEvent.click(screen.getByRole('button', { name: 'Correções' }));
    expect(await screen.findByText('O nome é João.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Nova correção'), 'A data do evento é sábado.');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar correção' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        path: '/items/news_corrections',
        body: { news_id: 'n1', note: 'A data do evento é sábado.' },
      }),
    );
  });

  it('an editor deletes a correction after confirming', async () => {
    const calls = mockDirectus((c) => (c.method === 'DELETE' ? undefined : [{ id: 'c1', note: 'O nome é João.', created_at: '2026-11-23T12:00:00.000Z' }]));
    renderPanel('editor');
    await userEvent.click(screen.getByRole('button', { name: 'Correções' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir correção: O nome é João.' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({ path: '/items/news_corrections/c1' }));
    expect(await screen.findByText('Correção excluída')).toBeInTheDocument();
  });

  it('an empty note is refused before any request, with the server’s message', async () => {
    const calls = mockDirectus(() => []);
    renderPanel('super_admin');
    await userEvent.click(screen.getByRole('button', { name: 'Correções' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Registrar correção' }));
    expect(await screen.findByText('Descreva a correção')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('is not offered to producers, nor on unpublished stories', () => {
    renderPanel('producer');
    expect(screen.queryByRole('button', { name: 'Correções' })).toBeNull();
    renderPanel('editor', 'draft');
    expect(screen.queryByRole('button', { name: 'Correções' })).toBeNull();
  });
});
