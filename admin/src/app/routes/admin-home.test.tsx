import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockDirectus, type Call } from '../../testing/directus-mock.ts';
import { renderApp, sessionFor } from '../../testing/render.tsx';
import { AdminHomeRoute } from './admin-home.tsx';

afterEach(() => vi.restoreAllMocks());

const counts = (calls: Call[]) => calls.filter((c) => c.path === '/items/news' && c.params.aggregate).map((c) => (c.params as { filter?: unknown }).filter ?? null);

function api() {
  return mockDirectus((c) => {
    if (c.params.aggregate) return [{ count: 7 }];
    if (c.path === '/portal/stats/me') return { total: 2, published: 1, draft: 1, totalViews: 10, totalLikes: 3 };
    return { available: false };
  });
}

describe('admin home overview (issue #34: the totals say whose they are)', () => {
  it('an editor counts every story of the newsroom: "todas"', async () => {
    const calls = api();
    renderApp(<AdminHomeRoute />, { session: sessionFor('editor') });
    for (const label of ['Total de Notícias (todas)', 'Publicadas (todas)', 'Rascunhos (todos)', 'Usuários']) {
      expect(await screen.findByRole('heading', { name: label })).toBeInTheDocument();
    }
    expect(counts(calls)).toEqual([null, { status: { _eq: 'published' } }, { status: { _eq: 'draft' } }]);
  });

  it('a producer sees the portal’s published stories ("todas") there, and her own numbers ("minhas", "meus") only under Minhas Estatísticas', async () => {
    const calls = api();
    renderApp(<AdminHomeRoute />, { session: sessionFor('producer') });
    for (const label of ['Publicadas (todas)', 'Usuários', 'Minhas Notícias', 'Publicadas (minhas)', 'Rascunhos (meus)']) {
      expect(await screen.findByRole('heading', { name: label })).toBeInTheDocument();
    }
    // Her policy cannot count the newsroom's drafts: the overview does not pretend to.
    expect(screen.queryByRole('heading', { name: /^Total de Notícias/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Rascunhos (todos)' })).toBeNull();
    expect(counts(calls)).toEqual([{ status: { _eq: 'published' } }]);
  });
});
