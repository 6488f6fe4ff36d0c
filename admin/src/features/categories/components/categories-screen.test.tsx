import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockDirectus } from '../../../testing/directus-mock.ts';
import { renderApp, sessionFor } from '../../../testing/render.tsx';
import { CategoriesScreen } from './categories-screen.tsx';

afterEach(() => vi.restoreAllMocks());

const LIST = [{ id: 'c1', name: 'Meio Ambiente', slug: 'meio-ambiente', description: null }];

describe('categorias', () => {
  it('creates with the slug rule and shows the duplicate-name message from the server', async () => {
    const calls = mockDirectus((c) => {
      if (c.method === 'GET') return LIST;
      throw apiError('Já existe uma categoria com este nome', 'PORTAL_CONFLICT');
    });
    renderApp(<CategoriesScreen />, { session: sessionFor('editor') });
    await userEvent.click(await screen.findByRole('button', { name: 'Nova Categoria' }));
    const dialog = screen.getByRole('dialog', { name: 'Nova Categoria' });
    await userEvent.type(within(dialog).getByLabelText('Nome'), 'Saúde Pública');
    expect(within(dialog).getByText('Slug: saude-publica')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(await screen.findByText('Já existe uma categoria com este nome')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Saúde Pública', slug: 'saude-publica', description: null });
  });

  it('asks before deleting and maps a category in use to its message', async () => {
    mockDirectus((c) => {
      if (c.method === 'GET') return LIST;
      throw apiError('Não é possível excluir uma categoria que possui notícias associadas', 'PORTAL_CONFLICT');
    });
    renderApp(<CategoriesScreen />, { session: sessionFor('editor') });
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir Meio Ambiente' }));
    const confirm = screen.getByRole('alertdialog');
    expect(confirm).toHaveTextContent('Tem certeza que deseja excluir esta categoria? Esta ação não pode ser desfeita.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Não é possível excluir uma categoria que possui notícias associadas')).toBeInTheDocument();
  });

  it('an empty list says so', async () => {
    mockDirectus(() => []);
    renderApp(<CategoriesScreen />, { session: sessionFor('editor') });
    expect(await screen.findByText('Nenhuma categoria cadastrada')).toBeInTheDocument();
  });
});
