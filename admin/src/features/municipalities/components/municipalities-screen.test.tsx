import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockDirectus } from '../../../testing/directus-mock.ts';
import { renderApp, sessionFor } from '../../../testing/render.tsx';
import { MunicipalitiesScreen } from './municipalities-screen.tsx';

const ROWS = [
  { id: '1', name: 'Pará', slug: 'para', created_at: '2026-01-10T12:00:00' },
  { id: '2', name: 'Belém', slug: 'belem', created_at: '2026-01-11T12:00:00Z' },
];

function api(extra: (c: { method: string; path: string; body: unknown }) => unknown = () => ({})) {
  return mockDirectus((c) => {
    if (c.method === 'GET' && c.path === '/items/municipalities') return ROWS;
    if (c.method === 'GET' && c.path === '/aggregate/municipalities') return [{ count: 2 }];
    return extra(c);
  });
}

afterEach(() => vi.restoreAllMocks());

describe('Gerenciar Municípios', () => {
  it('sorts by name the pt-BR way across pages ("Belém" before "Belterra"), not in the database byte order', async () => {
    const names = ['Xinguara', 'Belterra', 'Óbidos', 'Belém', ...Array.from({ length: 30 }, (_, i) => `Cidade ${String(i).padStart(2, '0')}`)];
    const rows = names.map((name, i) => ({ id: `m${i}`, name, slug: `m${i}`, created_at: '2026-01-10T12:00:00' }));
    const calls = mockDirectus((c) => (c.path === '/items/municipalities' ? rows : [{ count: rows.length }]));
    renderApp(<MunicipalitiesScreen />, { session: sessionFor('super_admin') });
    await screen.findByText('Belém');
    const shown = () => screen.getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent?.trim());
    expect(shown().slice(0, 3)).toEqual(['Belém', 'Belterra', 'Cidade 00']);
    expect(screen.getByText(`Página 1 de 2 (${rows.length} itens)`)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/items/municipalities')?.params).toMatchObject({ limit: 1000 });
    await userEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    await waitFor(() => expect(shown()).toEqual(['Cidade 18', 'Cidade 19', ...Array.from({ length: 10 }, (_, i) => `Cidade ${20 + i}`), 'Óbidos', 'Xinguara']));
  });

  it('protected rows carry "Sistema" and have no delete button; dates are pt-BR', async () => {
    api();
    renderApp(<MunicipalitiesScreen />, { session: sessionFor('super_admin') });
    const para = (await screen.findByText('Pará')).closest('tr')!;
    expect(within(para).getByText('Sistema')).toBeInTheDocument();
    expect(within(para).queryByRole('button', { name: /Excluir/ })).toBeNull();
    expect(within(para).getByText('10/01/2026')).toBeInTheDocument();
    const belem = screen.getByText('Belém').closest('tr')!;
    expect(within(belem).getByRole('button', { name: 'Excluir Belém' })).toBeInTheDocument();
  });

  it('the name generates the slug; a hand-edited slug is kept until the name changes again', async () => {
    const calls = api(() => ({ id: '3' }));
    renderApp(<MunicipalitiesScreen />, { session: sessionFor('super_admin') });
    await userEvent.click(screen.getByRole('button', { name: 'Novo Município' }));
    const dialog = screen.getByRole('dialog', { name: 'Novo Município' });
    const name = within(dialog).getByLabelText('Nome');
    const slug = within(dialog).getByLabelText('Slug');
    await userEvent.type(name, 'Santa Bárbara do Pará');
    expect(slug).toHaveValue('santa-barbara-do-para');
    await userEvent.clear(slug);
    await userEvent.type(slug, 'sbp');
    expect(slug).toHaveValue('sbp');
    await userEvent.type(name, '!');
    expect(slug).toHaveValue('santa-barbara-do-para');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Santa Bárbara do Pará!', slug: 'santa-barbara-do-para' }));
    expect(await screen.findByText('Município criado com sucesso!')).toBeInTheDocument();
  });

  it('name and slug are required', async () => {
    api();
    renderApp(<MunicipalitiesScreen />, { session: sessionFor('super_admin') });
    await userEvent.click(screen.getByRole('button', { name: 'Novo Município' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Criar' }));
    expect(screen.getByText('Nome é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Slug é obrigatório')).toBeInTheDocument();
  });

  it('a refused delete shows "Erro ao excluir município: {reason}"', async () => {
    api((c) => {
      if (c.method === 'DELETE') throw apiError('Não é possível excluir um município que possui notícias associadas', 'PORTAL_CONFLICT');
    });
    renderApp(<MunicipalitiesScreen />, { session: sessionFor('super_admin') });
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir Belém' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Tem certeza que deseja excluir este município?');
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Erro ao excluir município: Não é possível excluir um município que possui notícias associadas')).toBeInTheDocument();
  });
});
