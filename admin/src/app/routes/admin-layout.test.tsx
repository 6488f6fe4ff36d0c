import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@portal/domain/roles';
import { mockDirectus } from '../../testing/directus-mock.ts';
import { renderApp, sessionFor } from '../../testing/render.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { AdminAdsRoute, AdminCategoriesRoute, AdminSettingsRoute } from './admin-screens.tsx';

const routes = [
  { path: '/auth', element: <p>tela de login</p> },
  {
    path: '/admin',
    element: <AdminLayout />,
    children: [
      { index: true, element: <p>início</p> },
      { path: 'ads', element: <AdminAdsRoute /> },
      { path: 'categories', element: <AdminCategoriesRoute /> },
      { path: 'settings', element: <AdminSettingsRoute /> },
    ],
  },
];

afterEach(() => vi.restoreAllMocks());

const sidebarLabels = () =>
  within(screen.getByRole('navigation', { name: 'Menu administrativo' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('admin layout', () => {
  it('without a session goes to /auth', () => {
    renderApp(routes, { session: null, path: '/admin' });
    expect(screen.getByText('tela de login')).toBeInTheDocument();
  });

  it.each<[Role, string[]]>([
    ['super_admin', ['Dashboard', 'Notícias', 'Coberturas ao vivo', 'Categorias', 'Municípios', 'Eventos', 'Perfis', 'Publicidade', 'Rádio Web', 'TV Web', 'Relatórios', 'Newsletter', 'Saúde do portal', 'Configurações']],
    ['editor', ['Dashboard', 'Notícias', 'Coberturas ao vivo', 'Categorias', 'Eventos', 'Rádio Web', 'TV Web', 'Relatórios']],
    ['producer', ['Dashboard', 'Notícias', 'Coberturas ao vivo']],
  ])('%s sees the sidebar of the spec', (role, labels) => {
    renderApp(routes, { session: sessionFor(role), path: '/admin' });
    expect(sidebarLabels()).toEqual(labels);
  });

  it('header shows name, role label and municipality; the avatar menu has Perfil and Sair', async () => {
    renderApp(routes, { session: sessionFor('producer'), path: '/admin' });
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Pessoa Teste')).toBeInTheDocument();
    expect(within(header).getByText('Produtor')).toHaveAttribute('data-color', 'green');
    expect(within(header).getByText('Belém')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Menu do usuário' }));
    expect(screen.getByRole('menuitem', { name: 'Perfil' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('menuitem', { name: 'Sair' })).toBeInTheDocument();
  });

  it('a user without a staff role shows "Usuário" and no sidebar entries', () => {
    renderApp(routes, { session: sessionFor(null), path: '/admin' });
    expect(within(screen.getByRole('banner')).getByText('Usuário')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Menu administrativo' })).queryAllByRole('link')).toHaveLength(0);
  });

  it.each(['/admin/ads', '/admin/settings'])('editor reaching %s by URL sees "Acesso Negado"', (path) => {
    const calls = mockDirectus(() => []);
    renderApp(routes, { session: sessionFor('editor'), path });
    expect(screen.getByRole('heading', { name: 'Acesso Negado' })).toBeInTheDocument();
    expect(screen.getByText('Você não tem permissão para acessar esta página.')).toBeInTheDocument();
    // Only the layout's health banner asks anything (the guarded screen does not load).
    expect(calls.filter((c) => c.path !== '/portal/health')).toHaveLength(0);
  });

  it('producer on categories sees its own denial text', () => {
    renderApp(routes, { session: sessionFor('producer'), path: '/admin/categories' });
    expect(screen.getByText('Você não tem permissão para gerenciar categorias.')).toBeInTheDocument();
  });
});
