import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockDirectus } from '../../../testing/directus-mock.ts';
import { renderApp, sessionFor } from '../../../testing/render.tsx';
import { LiveCoveragesScreen } from './live-coverages-screen.tsx';

afterEach(() => vi.restoreAllMocks());

const coverage = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  title: `Cobertura ${id}`,
  slug: id,
  status: 'published',
  published_at: '2026-11-27T09:00:00.000Z',
  live_status: 'live',
  live_started_at: '2026-11-27T09:00:00.000Z',
  live_ended_at: null,
  municipality_id: { id: 'm-belem', name: 'Belém' },
  category_id: null,
  updated_at: null,
  ...over,
});

describe('live coverages', () => {
  it('running coverages first, then the recently ended ones', async () => {
    mockDirectus(() => [coverage('a', { live_status: 'ended', live_ended_at: '2026-11-27T12:00:00.000Z' }), coverage('b')]);
    renderApp(<LiveCoveragesScreen role="editor" />, { session: sessionFor('editor') });
    const running = (await screen.findByRole('heading', { name: 'Em andamento' })).closest('section')!;
    expect(within(running).getByRole('link', { name: 'Cobertura b' })).toHaveAttribute('href', '/admin/ao-vivo/b');
    const ended = screen.getByRole('heading', { name: 'Encerradas nos últimos 7 dias' }).closest('section')!;
    expect(within(ended).getByRole('link', { name: 'Cobertura a' })).toBeInTheDocument();
    expect(within(ended).getByText('Encerrada em 27/11/2026 09:00')).toBeInTheDocument();
  });

  it('says when none is running', async () => {
    mockDirectus(() => []);
    renderApp(<LiveCoveragesScreen role="producer" />, { session: sessionFor('producer') });
    expect(await screen.findByText('Nenhuma cobertura ao vivo em andamento')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Encerradas/ })).toBeNull();
  });
});
