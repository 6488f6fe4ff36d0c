import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@portal/domain/roles';
import { mockDirectus, type Call } from '../../../testing/directus-mock.ts';
import { MUNICIPALITIES, renderApp, sessionFor } from '../../../testing/render.tsx';
import { listAfterSave, NewsEditorPage } from './news-editor-page.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const STORY = {
  id: 'n9',
  title: 'Feira do Açaí',
  summary: 'Resumo',
  content: '<p>Texto da feira.</p>',
  slug: 'feira-do-acai',
  status: 'draft',
  is_featured: false,
  featured_image: null,
  featured_image_caption: null,
      featured_image_renditions: null,
  category_id: null,
  municipality_id: { id: 'm-belem', name: 'Belém' },
  author_id: 'user-producer',
  published_at: null,
  scheduled_at: null,
  first_published_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

function api(o: { story?: Record<string, unknown> | null; editors?: Array<{ user_id: string; name: string | null }> } = {}) {
  return mockDirectus((c: Call) => {
    if (c.path.endsWith('/presence')) return { editors: c.method === 'POST' ? (o.editors ?? []) : [] };
    if (c.path === '/items/news' && c.method === 'GET') return o.story === null ? [] : [o.story ?? STORY];
    if (c.path === '/items/profiles') return [{ user_id: 'user-producer', full_name: 'Pessoa Teste' }];
    if (c.method === 'PATCH' || c.method === 'POST') return { id: 'n9', slug: 'feira-do-acai' };
    return [];
  });
}

function Page({ role }: { role: Role }) {
  const { newsId = 'new' } = useParams();
  return (
    <NewsEditorPage
      newsId={newsId === 'new' ? null : newsId}
      role={role}
      userId={`user-${role}`}
      profile={{ municipalityId: 'm-belem', municipalityName: 'Belém' }}
      categories={[]}
      municipalities={MUNICIPALITIES}
    />
  );
}

function renderPage(role: Role, path: string, from?: string) {
  const result = renderApp(
    [
      { path: '/admin/news', element: <p>lista de notícias</p> },
      { path: '/admin/news/:newsId', element: <Page role={role} /> },
    ],
    { session: sessionFor(role), path },
  );
  if (from) void result.router.navigate(path, { replace: true, state: { from } });
  return result;
}

describe('story editor page', () => {
  it('opens the story of its address, with the heading naming the form', async () => {
    api();
    renderPage('producer', '/admin/news/n9');
    const form = await screen.findByRole('form', { name: 'Editar Notícia' });
    expect(within(form).getByLabelText('Título')).toHaveValue('Feira do Açaí');
    expect(screen.getByRole('link', { name: '← Voltar para Notícias' })).toHaveAttribute('href', '/admin/news');
  });

  it('says who else has the story open, from the heartbeat, and says goodbye on leaving', async () => {
    const calls = api({ editors: [{ user_id: 'u-ana', name: 'Ana Souza' }] });
    const { router } = renderPage('editor', '/admin/news/n9');
    expect(await screen.findByTestId('presence')).toHaveTextContent('Ana Souza está editando esta notícia.');
    expect(calls.find((c) => c.method === 'POST' && c.path === '/portal/news/n9/presence')).toBeDefined();
    await router.navigate('/admin/news');
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/portal/news/n9/presence')).toBe(true));
  });

  it('a producer who sends her draft for review hears "Enviada para revisão" and lands on a list that shows it', async () => {
    const calls = api();
    const { router } = renderPage('producer', '/admin/news/n9', '/admin/news?status=draft&busca=feira');
    const form = await screen.findByRole('form', { name: 'Editar Notícia' });
    await userEvent.selectOptions(within(form).getByLabelText('Status'), 'pending');
    await userEvent.click(within(form).getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('Enviada para revisão')).toBeInTheDocument();
    expect(screen.getByText('Um editor vai revisar a notícia. Ela continua na sua lista, com o status Pendente.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ status: 'pending', loaded_updated_at: STORY.updated_at });
    // Her "Rascunho" filter would hide it: back to her default list (every story of hers not yet published), same search.
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/admin/news?busca=feira'));
    expect(screen.getByText('lista de notícias')).toBeInTheDocument();
  });

  it('an editor starts the live coverage from the page, and the next save is based on the version that made (issue #30)', async () => {
    const started = { id: 'n9', live_status: 'live', live_started_at: '2026-11-27T12:00:00.000Z', live_ended_at: null, updated_at: '2026-11-27T12:00:00.123Z' };
    const calls = mockDirectus((c: Call) => {
      if (c.path.endsWith('/presence')) return { editors: [] };
      if (c.path === '/items/news' && c.method === 'GET') return [{ ...STORY, status: 'published', published_at: '2026-11-20T10:00:00.000Z', live_status: null }];
      if (c.path === '/items/profiles') return [{ user_id: 'user-producer', full_name: 'Pessoa Teste' }];
      if (c.method === 'PATCH' && (c.body as Record<string, unknown>).live_status) return started;
      if (c.method === 'PATCH') return { id: 'n9', slug: 'feira-do-acai' };
      return [];
    });
    renderPage('editor', '/admin/news/n9');
    const form = await screen.findByRole('form', { name: 'Editar Notícia' });
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar cobertura ao vivo' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Iniciar cobertura' }));
    expect(await screen.findByRole('button', { name: 'Encerrar cobertura' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir mesa da cobertura' })).toHaveAttribute('href', '/admin/ao-vivo/n9');
    await userEvent.click(within(form).getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    const save = calls.filter((c) => c.method === 'PATCH')[1]!.body as Record<string, unknown>;
    expect(save).toMatchObject({ loaded_updated_at: started.updated_at });
    // The form never sends the mode: only the control changes it.
    expect(save).not.toHaveProperty('live_status');
  });

  it('producers get no live coverage control', async () => {
    api();
    renderPage('producer', '/admin/news/n9');
    await screen.findByRole('form', { name: 'Editar Notícia' });
    expect(screen.queryByRole('button', { name: 'Iniciar cobertura ao vivo' })).toBeNull();
  });

  it('an unknown story says "Notícia não encontrada"', async () => {
    api({ story: null });
    renderPage('producer', '/admin/news/nao-existe');
    expect(await screen.findByText('Notícia não encontrada')).toBeInTheDocument();
  });

  it('a producer cannot edit her story once published', async () => {
    api({ story: { ...STORY, status: 'published' } });
    renderPage('producer', '/admin/news/n9');
    expect(await screen.findByText(/Você não pode editar esta notícia/)).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('/admin/news/new is a new story', async () => {
    const calls = api();
    renderPage('editor', '/admin/news/new');
    expect(await screen.findByRole('form', { name: 'Nova Notícia' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('/presence'))).toEqual([]);
  });
});

describe('listAfterSave', () => {
  const saved = (status: 'draft' | 'pending' | 'published') => ({ id: 'n1', status, created: false });
  it('keeps the list the user came from when it shows the story', () => {
    expect(listAfterSave('/admin/news?status=pending&pagina=2', saved('pending'), 'producer')).toBe('/admin/news?status=pending&pagina=2');
    expect(listAfterSave('/admin/news', saved('pending'), 'producer')).toBe('/admin/news');
  });
  it('a producer whose filter would hide the story goes to her default list, keeping the search', () => {
    expect(listAfterSave('/admin/news?status=draft&busca=feira&pagina=3', saved('pending'), 'producer')).toBe('/admin/news?busca=feira');
  });
  it('an editor keeps her queue (publishing empties it)', () => {
    expect(listAfterSave('/admin/news?status=pending', saved('published'), 'editor')).toBe('/admin/news?status=pending');
  });
});
