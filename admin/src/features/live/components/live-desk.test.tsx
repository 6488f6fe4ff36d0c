import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENTRY_MUNICIPALITY_ERROR, ENTRY_NEEDS_LIVE } from '@portal/domain/live';
import type { Role } from '@portal/domain/roles';
import { apiError, mockDirectus, type Call } from '../../../testing/directus-mock.ts';
import { renderApp, sessionFor } from '../../../testing/render.tsx';
import type { Coverage, LiveEntryRow } from '../api/live-queries.ts';
import { LiveDesk } from './live-desk.tsx';

afterEach(() => vi.restoreAllMocks());

const COVERAGE: Coverage = {
  id: 'n1',
  title: 'Círio de Nazaré 2026',
  slug: 'cirio-de-nazare-2026',
  status: 'published',
  published_at: '2026-10-11T09:00:00.000Z',
  live_status: 'live',
  live_started_at: '2026-10-11T09:00:00.000Z',
  live_ended_at: null,
  municipality_id: { id: 'm-belem', name: 'Belém' },
  category_id: { id: 'c-cultura', name: 'Cultura' },
  updated_at: '2026-10-11T09:00:00.000Z',
};

const entry = (id: string, over: Partial<LiveEntryRow> = {}): Omit<LiveEntryRow, 'authorName'> => ({
  id,
  news_id: 'n1',
  body: `<p>Atualização ${id}</p>`,
  status: 'published',
  published_at: '2026-10-11T10:00:00.000Z',
  pinned: false,
  image: null,
  image_caption: null,
  author_id: 'user-editor',
  correction_note: null,
  corrected_at: null,
  promoted_news_id: null,
  created_at: '2026-10-11T10:00:00.000Z',
  updated_at: null,
  created_by: 'user-editor',
  ...over,
});

const ENTRIES = [
  entry('e3', {
    body: '<p>A berlinda chega à Praça Santuário.</p>',
    status: 'pending',
    published_at: null,
    author_id: 'user-producer',
    created_by: 'user-producer',
  }),
  entry('e2', { body: '<p>A corda tem 400 metros este ano.</p>', pinned: true, image: '/api/assets/f1', image_caption: 'A corda na Presidente Vargas' }),
  entry('e1', {
    body: '<p>Romeiros já ocupam a Avenida Nazaré.</p>',
    correction_note: 'A procissão saiu às 7h, não às 6h.',
    corrected_at: '2026-10-11T11:00:00.000Z',
  }),
];

type Api = {
  coverage?: Partial<Coverage> | null;
  entries?: Array<Omit<LiveEntryRow, 'authorName'>>;
  pages?: Array<Array<Omit<LiveEntryRow, 'authorName'>>>;
  count?: number;
};

function api(o: Api = {}, extra?: (c: Call) => unknown) {
  return mockDirectus((c) => {
    const answer = extra?.(c);
    if (answer !== undefined) return answer;
    if (c.path === '/items/news' && c.method === 'GET') return o.coverage === null ? [] : [{ ...COVERAGE, ...o.coverage }];
    if (c.path === '/items/news_live_entries' && c.params.aggregate) return [{ count: o.count ?? (o.entries ?? ENTRIES).length }];
    if (c.path === '/items/news_live_entries' && c.method === 'GET') {
      if (o.pages) return JSON.stringify(c.params.filter).includes('_lt') ? o.pages[1] : o.pages[0];
      return o.entries ?? ENTRIES;
    }
    if (c.path === '/items/profiles')
      return [
        { user_id: 'user-editor', full_name: 'Ana Editora' },
        { user_id: 'user-producer', full_name: 'Joana Tavares' },
      ];
    if (c.method === 'POST' && c.path === '/items/news') return { id: 'n-story' };
    if (c.method === 'POST' || c.method === 'PATCH') return { id: 'e-x' };
    return undefined;
  });
}

function renderDesk(role: Role, municipalityId: string | null = role === 'producer' ? 'm-belem' : null) {
  const session = sessionFor(role);
  return renderApp(
    [
      {
        path: '/admin/ao-vivo/:newsId',
        element: (
          <LiveDesk
            newsId="n1"
            role={role}
            userId={session.user.id}
            municipalityId={municipalityId}
            // As the route composes it (admin-live.test.tsx): editors, published entries.
            entryActions={(e) => (role !== 'producer' && e.status === 'published' ? <button type="button">Enviar alerta</button> : null)}
          />
        ),
      },
      { path: '/admin/news/:id', element: <p>editor de notícia</p> },
    ],
    { session, path: '/admin/ao-vivo/n1' },
  );
}

const card = async (text: string) => (await screen.findByText(text)).closest('article')!;
const buttons = (el: HTMLElement) =>
  within(el)
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('coverage desk', () => {
  it('shows the coverage, its public page and its entries newest first, the pinned one marked', { timeout: 15_000 }, async () => {
    const calls = api();
    renderDesk('editor');
    expect(await screen.findByRole('heading', { level: 1, name: 'Círio de Nazaré 2026' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Ver página pública/ })).toHaveAttribute('href', '/news/cirio-de-nazare-2026');
    expect(screen.getByRole('link', { name: 'Editar notícia' })).toHaveAttribute('href', '/admin/news/n1');
    const list = await screen.findByRole('list', { name: 'Atualizações da cobertura' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((a) => a.querySelector('.prose-article')?.textContent),
    ).toEqual(['A berlinda chega à Praça Santuário.', 'A corda tem 400 metros este ano.', 'Romeiros já ocupam a Avenida Nazaré.']);
    const pinned = await card('A corda tem 400 metros este ano.');
    expect(within(pinned).getByText('Fixada no topo')).toBeInTheDocument();
    expect(within(pinned).getByText('A corda na Presidente Vargas')).toBeInTheDocument();
    expect(within(await card('Romeiros já ocupam a Avenida Nazaré.')).getByTestId('entry-correction')).toHaveTextContent(
      'Correção: A procissão saiu às 7h, não às 6h.',
    );
    expect(within(await card('A berlinda chega à Praça Santuário.')).getByText('Por Joana Tavares')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Atualizações (3)' })).toBeInTheDocument();
    // One page, newest first, by keyset.
    const read = calls.find((c) => c.path === '/items/news_live_entries' && !c.params.aggregate)!;
    expect(read.params).toMatchObject({ sort: ['-created_at', '-id'], limit: 20, filter: { news_id: { _eq: 'n1' } } });
  });

  it('an editor gets every action; a published entry may go as an alert, a pending one is approved', async () => {
    const calls = api();
    renderDesk('editor');
    expect(buttons(await card('A berlinda chega à Praça Santuário.'))).toEqual([
      'Editar',
      'Aprovar e publicar',
      'Fixar no topo',
      'Corrigir',
      'Transformar em notícia',
      'Remover',
    ]);
    expect(buttons(await card('A corda tem 400 metros este ano.'))).toEqual([
      'Editar',
      'Desafixar',
      'Corrigir',
      'Transformar em notícia',
      'Enviar alerta',
      'Remover',
    ]);
    await userEvent.click(within(await card('A berlinda chega à Praça Santuário.')).getByRole('button', { name: 'Aprovar e publicar' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({ path: '/items/news_live_entries/e3', body: { status: 'published' } }));
    expect(await screen.findByText('Atualização publicada')).toBeInTheDocument();
  });

  it('an editor writes and publishes an entry pinned on top, with the rich text editor', { timeout: 15_000 }, async () => {
    const calls = api({ entries: [] });
    renderDesk('editor');
    expect(await screen.findByText('Nenhuma atualização ainda')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Nova atualização' });
    expect(
      within(within(form).getByLabelText('Status'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Rascunho', 'Pendente', 'Publicado']);
    expect(within(form).getByLabelText('Status')).toHaveValue('published');
    await userEvent.click(within(form).getByRole('button', { name: 'Publicar atualização' }));
    expect(within(form).getByText('Escreva o texto da atualização')).toBeInTheDocument();
    await userEvent.type(await within(form).findByRole('textbox', { name: 'Texto da atualização' }), 'A berlinda saiu da Sé.');
    await userEvent.click(within(form).getByLabelText('Fixar no topo'));
    await userEvent.click(within(form).getByRole('button', { name: 'Publicar atualização' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/items/news_live_entries',
      body: { news_id: 'n1', body: '<p>A berlinda saiu da Sé.</p>', status: 'published', image: null, image_caption: null, pinned: true },
    });
    // Signed by her (the server's default): no byline sent.
    expect(calls.find((c) => c.method === 'POST')!.body).not.toHaveProperty('author_id');
    expect(await screen.findByText('Atualização publicada')).toBeInTheDocument();
    // Ready for the next one.
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Texto da atualização' })).toHaveTextContent(''));
  });

  it('"Corrigir" records a note readers see; "Remover" asks first', async () => {
    const calls = api();
    renderDesk('super_admin');
    await userEvent.click(within(await card('A corda tem 400 metros este ano.')).getByRole('button', { name: 'Corrigir' }));
    const dialog = screen.getByRole('dialog', { name: 'Corrigir atualização' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar correção' }));
    expect(within(dialog).getByText('Descreva a correção')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Nota de correção'), 'A corda tem 450 metros.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar correção' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
        path: '/items/news_live_entries/e2',
        body: { correction_note: 'A corda tem 450 metros.' },
      }),
    );

    await userEvent.click(within(await card('Romeiros já ocupam a Avenida Nazaré.')).getByRole('button', { name: 'Remover' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Remover atualização' });
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({ path: '/items/news_live_entries/e1' }));
    expect(await screen.findByText('Atualização removida')).toBeInTheDocument();
  });

  it('"Transformar em notícia" creates a draft story linked both ways, then offers to open it', async () => {
    const calls = api();
    const { router } = renderDesk('editor');
    await userEvent.click(within(await card('A corda tem 400 metros este ano.')).getByRole('button', { name: 'Transformar em notícia' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Transformar em notícia?' });
    expect(dialog).toHaveTextContent('Título (das primeiras palavras): A corda tem 400 metros este ano');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar notícia' }));
    const done = await screen.findByRole('dialog', { name: 'Notícia criada' });
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/items/news',
      body: {
        title: 'A corda tem 400 metros este ano',
        content: '<p>A corda tem 400 metros este ano.</p>',
        status: 'draft',
        featured_image: '/api/assets/f1',
        featured_image_caption: 'A corda na Presidente Vargas',
        municipality_id: 'm-belem',
        category_id: 'c-cultura',
        from_live_news_id: 'n1',
      },
    });
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({ path: '/items/news_live_entries/e2', body: { promoted_news_id: 'n-story' } });
    await userEvent.click(within(done).getByRole('link', { name: 'Abrir a notícia' }));
    expect(router.state.location.pathname).toBe('/admin/news/n-story');
  });

  it("a producer of the coverage's municipality writes Rascunho or Pendente and edits only her own draft or pending entry", { timeout: 15_000 }, async () => {
    const calls = api();
    renderDesk('producer');
    const form = await screen.findByRole('form', { name: 'Nova atualização' });
    expect(
      within(within(form).getByLabelText('Status'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Rascunho', 'Pendente']);
    expect(within(form).getByLabelText('Status')).toHaveValue('pending');
    expect(within(form).queryByLabelText('Fixar no topo')).toBeNull();
    expect(buttons(await card('A berlinda chega à Praça Santuário.'))).toEqual(['Editar']);
    expect(buttons(await card('A corda tem 400 metros este ano.'))).toEqual([]);
    await userEvent.type(await within(form).findByRole('textbox', { name: 'Texto da atualização' }), 'Chuva fina na Avenida Nazaré.');
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar para revisão' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    const sent = calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ news_id: 'n1', status: 'pending' });
    expect(sent).not.toHaveProperty('pinned');
    expect(sent).not.toHaveProperty('author_id');
    expect(await screen.findByText('Atualização enviada para revisão')).toBeInTheDocument();
  });

  it("a producer of another municipality reads the server's reason and gets no form", async () => {
    api();
    renderDesk('producer', 'm-santarem');
    expect(await screen.findByTestId('write-refusal')).toHaveTextContent(ENTRY_MUNICIPALITY_ERROR);
    expect(screen.queryByRole('form', { name: 'Nova atualização' })).toBeNull();
    expect(buttons(await card('A berlinda chega à Praça Santuário.'))).toEqual([]);
  });

  it('an ended coverage takes no new entry', async () => {
    api({ coverage: { live_status: 'ended', live_ended_at: '2026-10-11T18:00:00.000Z' } });
    renderDesk('editor');
    expect(await screen.findByTestId('write-refusal')).toHaveTextContent(ENTRY_NEEDS_LIVE);
    expect(screen.getByText('Cobertura encerrada')).toBeInTheDocument();
  });

  it('loads older entries a page at a time ("Carregar mais"), after the last one shown', async () => {
    const first = Array.from({ length: 20 }, (_, i) =>
      entry(`p1-${String(i).padStart(2, '0')}`, { created_at: `2026-10-11T12:${String(59 - i).padStart(2, '0')}:00.000Z` }),
    );
    const second = [entry('p2-00', { created_at: '2026-10-11T09:30:00.000Z', body: '<p>A mais antiga.</p>' })];
    const calls = api({ pages: [first, second], count: 21 });
    renderDesk('editor');
    await userEvent.click(await screen.findByRole('button', { name: 'Carregar mais atualizações' }));
    expect(await screen.findByText('A mais antiga.')).toBeInTheDocument();
    const reads = calls.filter((c) => c.path === '/items/news_live_entries' && !c.params.aggregate);
    expect(reads[1]!.params.filter).toEqual({
      _and: [
        { news_id: { _eq: 'n1' } },
        {
          _or: [{ created_at: { _lt: '2026-10-11T12:40:00.000Z' } }, { _and: [{ created_at: { _eq: '2026-10-11T12:40:00.000Z' } }, { id: { _lt: 'p1-19' } }] }],
        },
      ],
    });
    expect(screen.getAllByRole('article')).toHaveLength(21);
    expect(screen.queryByRole('button', { name: 'Carregar mais atualizações' })).toBeNull();
  });

  it("a failed load shows the server's message", async () => {
    api({}, (c) => {
      if (c.path === '/items/news_live_entries' && !c.params.aggregate) throw apiError('Serviço indisponível no momento', 'PORTAL_UNAVAILABLE');
      return undefined;
    });
    renderDesk('editor');
    expect(await screen.findByText('Serviço indisponível no momento')).toBeInTheDocument();
  });

  it('an unknown coverage says so', async () => {
    api({ coverage: null });
    renderDesk('editor');
    expect(await screen.findByText('Cobertura não encontrada')).toBeInTheDocument();
  });
});
