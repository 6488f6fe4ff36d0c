import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockDirectus } from '../../../testing/directus-mock.ts';
import { renderApp, sessionFor } from '../../../testing/render.tsx';
import { DashboardStats } from './my-stats.tsx';

afterEach(() => vi.restoreAllMocks());

describe('dashboard: Desempenho', () => {
  it('shows "..." while loading, then the rounded arithmetic', async () => {
    let resolve: (v: unknown) => void = () => {};
    mockDirectus(() => new Promise((r) => (resolve = r)));
    renderApp(<DashboardStats />, { session: sessionFor('producer') });
    expect(screen.getAllByText('...').length).toBeGreaterThan(0);
    resolve({ total: 3, published: 2, draft: 1, totalViews: 5, totalLikes: 1 });
    expect(await screen.findByText('67%')).toBeInTheDocument();
    expect(screen.getByText('Visualizações por Matéria').nextSibling).toHaveTextContent('3');
    expect(screen.getByText('TOPs por Matéria').nextSibling).toHaveTextContent('1');
  });

  it('is 0 when nothing is published', async () => {
    mockDirectus(() => ({ total: 2, published: 0, draft: 2, totalViews: 0, totalLikes: 0 }));
    renderApp(<DashboardStats />, { session: sessionFor('producer') });
    expect(await screen.findByText('0%')).toBeInTheDocument();
    expect(screen.getByText('Visualizações por Matéria').nextSibling).toHaveTextContent('0');
  });
});
