import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@portal/domain/roles';
import { mockDirectus, type Call } from '../../../testing/directus-mock.ts';
import { renderApp, sessionFor } from '../../../testing/render.tsx';
import { NewsList } from './news-list.tsx';

const row = (i: number, over: Record<string, unknown> = {}) => ({
  id: `n${i}`,
  title: `Notícia ${i}`,
  summary: null,
  content: `${'Conteúdo longo '.repeat(20)}`,
  slug: `noticia-${i}`,
  status: 'draft',
  is_featured: false,
  featured_image: null,
  featured_image_caption: null,
      featured_image_renditions: null,
  category_id: { id: 'c', name: 'Política' },
  municipality_id: { id: 'm-belem', name: 'Belém' },
  author_id: 'user-producer',
  published_at: null,
  scheduled_at: null,
  created_at: '2026-11-22T02:47:21',
  ...over,
});

function api(total = 10_000, rows = [row(1), row(2, { author_id: 'someone-else', summary: 'Resumo próprio' })]) {
  return mockDirectus((c) => {
    if (c.path === '/items/news' && c.params.aggregate) return [{ count: total }];
    if (c.path === '/items/news') return rows;
    if (c.path === '/items/profiles') return [{ user_id: 'user-producer', full_name: 'Joana Tavares' }];
    return [];
  });
}

const listCalls = (calls: Call[]) => calls.filter((c) => c.path === '/items/news' && !c.params.aggregate);

function renderList(role: Role, path = '/admin/news') {
  const session = sessionFor(role);
  return renderApp([{ path: '/admin/news', element: <NewsList role={role} userId={session.user.id} /> }, { path: '/admin/news/:id', element: <p>editor</p> }, { path: '/admin/ao-vivo/:id', element: <p>mesa</p> }], {
    session,
    path,
  });
}

afterEach(() => vi.restoreAllMocks());

describe('news list', () => {
  it('reads one page at a time from the server, with search and sort (10k rows stay fast)', async () => {
    const calls = api();
    renderList('super_admin');
    expect(await screen.findByText('Notícia 1')).toBeInTheDocument();
    expect(listCalls(calls)[0]?.params).toMatchObject({ limit: 20, page: 1, sort: ['-created_at'] });
    expect(screen.getByText('Página 1 de 500 (10000 itens)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.params).toMatchObject({ page: 2 }));
    await userEvent.click(screen.getByRole('button', { name: 'Título' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.params).toMatchObject({ sort: ['title'], page: 1 }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar notícias' }), 'enchente');
    await waitFor(() => expect(listCalls(calls).at(-1)?.params).toMatchObject({ search: 'enchente' }));
  });

  it.each<[Role, unknown]>([
    ['super_admin', {}],
    ['editor', { status: { _eq: 'pending' } }],
    // Every story of hers not yet published: one sent for review stays in view (issue #34).
    ['producer', { _and: [{ author_id: { _eq: 'user-producer' } }, { status: { _neq: 'published' } }] }],
  ])('%s list filter', async (role, filter) => {
    const calls = api();
    renderList(role);
    await screen.findByText('Notícia 1');
    expect(listCalls(calls)[0]?.params.filter).toEqual(filter);
  });

  it('editor starts on "Pendente" and reaches published, draft and archived stories with the status filter and the same search', async () => {
    const calls = api();
    renderList('editor');
    await screen.findByText('Notícia 1');
    const filter = screen.getByRole('combobox', { name: 'Filtrar por status' });
    expect(filter).toHaveValue('pending');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Não publicadas', 'Todos os status', 'Rascunho', 'Pendente', 'Publicado', 'Arquivado']);
    await userEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.params).toMatchObject({ page: 2 }));
    await userEvent.selectOptions(filter, 'published');
    await waitFor(() => expect(listCalls(calls).at(-1)?.params).toMatchObject({ filter: { status: { _eq: 'published' } }, page: 1 }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar notícias' }), 'ponte');
    await waitFor(() => expect(listCalls(calls).at(-1)?.params).toMatchObject({ filter: { status: { _eq: 'published' } }, search: 'ponte' }));
    await userEvent.selectOptions(filter, 'all');
    await waitFor(() => expect(listCalls(calls).at(-1)?.params.filter).toEqual({}));
  });

  it("a producer's status filter stays within their own stories", async () => {
    const calls = api();
    renderList('producer');
    await screen.findByText('Notícia 1');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filtrar por status' }), 'published');
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.params.filter).toEqual({ _and: [{ author_id: { _eq: 'user-producer' } }, { status: { _eq: 'published' } }] }),
    );
  });

  it('summary falls back to 150 characters of content plus an ellipsis; dates in pt-BR; author by name', async () => {
    api();
    renderList('super_admin');
    const first = (await screen.findByText('Notícia 1')).closest('tr')!;
    expect(within(first).getByText(`${'Conteúdo longo '.repeat(20).trim().slice(0, 150)}...`)).toBeInTheDocument();
    expect(within(first).getByText('21/11/2026')).toBeInTheDocument();
    expect(within(first).getByText('Joana Tavares')).toBeInTheDocument();
    const second = screen.getByText('Notícia 2').closest('tr')!;
    expect(within(second).getByText('Resumo próprio')).toBeInTheDocument();
    expect(within(second).getByText('Autor não informado')).toBeInTheDocument();
  });

  it('producer edits only own news and never deletes; editors edit and delete all', async () => {
    api();
    renderList('producer');
    await screen.findByText('Notícia 1');
    expect(screen.getByRole('link', { name: 'Editar Notícia 1' })).toHaveAttribute('href', '/admin/news/n1');
    expect(screen.queryByRole('link', { name: 'Editar Notícia 2' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Excluir/ })).toBeNull();
  });

  it('the list lives in the address: page, search, sort and status survive a reload and a trip to the editor', async () => {
    const calls = api();
    const { router } = renderList('editor', '/admin/news?status=published&busca=ponte&pagina=3&ordem=title');
    await screen.findByText('Notícia 1');
    expect(listCalls(calls)[0]?.params).toMatchObject({ page: 3, search: 'ponte', sort: ['title'], filter: { status: { _eq: 'published' } } });
    expect(screen.getByRole('searchbox', { name: 'Buscar notícias' })).toHaveValue('ponte');
    await userEvent.click(screen.getByRole('link', { name: 'Editar Notícia 1' }));
    expect(router.state.location.pathname).toBe('/admin/news/n1');
    // The editor page goes back to where the list was.
    expect(router.state.location.state).toEqual({ from: '/admin/news?status=published&busca=ponte&pagina=3&ordem=title' });
  });

  it('"Nova Notícia" opens the editor page', async () => {
    api();
    const { router } = renderList('producer');
    await userEvent.click(await screen.findByRole('link', { name: 'Nova Notícia' }));
    expect(router.state.location.pathname).toBe('/admin/news/new');
  });

  it('editor deletes after the confirmation', async () => {
    const calls = api();
    renderList('editor');
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir Notícia 2' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Tem certeza que deseja excluir esta notícia?');
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Notícia excluída com sucesso')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/items/news/n2')).toBe(true);
  });

  it('marks a live coverage "Ao vivo" (an ended one too) and links to its desk', async () => {
    api(2, [row(1, { live_status: 'live' }), row(2, { live_status: 'ended' }), row(3)]);
    const { router } = renderList('editor');
    const live = (await screen.findByText('Notícia 1')).closest('tr')!;
    expect(within(live).getByText('Ao vivo')).toBeInTheDocument();
    expect(within(screen.getByText('Notícia 2').closest('tr')!).getByText('Cobertura encerrada')).toBeInTheDocument();
    expect(within(screen.getByText('Notícia 3').closest('tr')!).queryByRole('link', { name: /cobertura ao vivo/ })).toBeNull();
    await userEvent.click(within(live).getByRole('link', { name: 'Mesa da cobertura ao vivo: Notícia 1' }));
    expect(router.state.location.pathname).toBe('/admin/ao-vivo/n1');
  });
});
