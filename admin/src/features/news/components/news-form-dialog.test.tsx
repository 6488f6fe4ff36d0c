import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@portal/domain/roles';
import { apiError, mockDirectus, type Call } from '../../../testing/directus-mock.ts';
import { MUNICIPALITIES, renderApp, sessionFor } from '../../../testing/render.tsx';
import type { NewsRow } from '../api/news-queries.ts';
import { NewsFormDialog } from './news-form-dialog.tsx';

const CATEGORIES = [{ id: 'c-pol', name: 'Política' }];

function renderForm(role: Role, opts: { news?: NewsRow | null; profile?: boolean } = {}) {
  const session = sessionFor(role);
  const profile =
    opts.profile === false
      ? null
      : { municipalityId: session.profile?.municipality?.id ?? null, municipalityName: session.profile?.municipality?.name ?? null };
  const onClose = vi.fn();
  renderApp(
    <NewsFormDialog open onClose={onClose} news={opts.news ?? null} role={role} profile={profile} categories={CATEGORIES} municipalities={MUNICIPALITIES} />,
    { session },
  );
  return { onClose, dialog: screen.getByRole('dialog') };
}

/** The body editor, once its lazily loaded chunk is in. */
const body = (dialog: HTMLElement) => within(dialog).findByRole('textbox', { name: 'Conteúdo' });

const created = (calls: Call[]) => calls.find((c) => c.method === 'POST' && c.path === '/items/news')?.body as Record<string, unknown>;

afterEach(() => vi.restoreAllMocks());

describe('news form', () => {
  it('producer: only Rascunho/Pendente, own municipality fixed, saved as a draft in Belém', async () => {
    const calls = mockDirectus(() => ({ id: 'n1', slug: 'x' }));
    const { dialog, onClose } = renderForm('producer');
    const status = within(dialog).getByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Rascunho', 'Pendente']);
    const municipality = within(dialog).getByLabelText('Município');
    expect(municipality).toBeDisabled();
    expect(municipality).toHaveValue('m-belem');
    expect(within(municipality).queryByText('Santarém')).toBeNull();
    expect(within(dialog).queryByLabelText('Destaque')).toBeNull();

    await userEvent.type(within(dialog).getByLabelText('Título'), 'Feira do Açaí');
    await userEvent.type(await body(dialog), 'Texto da matéria');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(created(calls)).toMatchObject({
      title: 'Feira do Açaí',
      slug: 'feira-do-acai',
      content: '<p>Texto da matéria</p>',
      status: 'draft',
      municipality_id: 'm-belem',
      scheduled_at: null,
    });
    expect(created(calls)).not.toHaveProperty('is_featured');
    expect(await screen.findByText('Notícia criada com sucesso')).toBeInTheDocument();
  });

  it('editor: the scheduled date appears only when publishing', async () => {
    const calls = mockDirectus(() => ({ id: 'n1' }));
    const { dialog } = renderForm('editor');
    expect(within(dialog).queryByLabelText('Data de publicação')).toBeNull();
    await userEvent.selectOptions(within(dialog).getByLabelText('Status'), 'published');
    const date = within(dialog).getByLabelText('Data de publicação');
    await userEvent.type(within(dialog).getByLabelText('Título'), 'Agendada');
    await userEvent.type(await body(dialog), 'Texto');
    await userEvent.type(date, '2030-01-15T10:30');
    await userEvent.selectOptions(within(dialog).getByLabelText('Município'), 'm-santarem');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(created(calls)).toBeDefined());
    expect(created(calls)).toMatchObject({ status: 'published', municipality_id: 'm-santarem', scheduled_at: '2030-01-15T13:30:00.000Z' }); // 10:30 in Belém, whatever the browser's zone
  });

  it('title and content are required', async () => {
    const calls = mockDirectus(() => ({}));
    const { dialog } = renderForm('editor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(within(dialog).getByText('Título é obrigatório')).toBeInTheDocument();
    expect(within(dialog).getByText('Conteúdo é obrigatório')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('creating without a loaded profile says "Usuário não autenticado"', async () => {
    const calls = mockDirectus(() => ({}));
    const { dialog } = renderForm('editor', { profile: false });
    await userEvent.type(within(dialog).getByLabelText('Título'), 'T');
    await userEvent.type(await body(dialog), 'C');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(await screen.findByText('Usuário não autenticado')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's rule message, or the spec's fallback for a bare permission denial", async () => {
    let error = apiError('Produtores só podem salvar notícias como rascunho ou pendente', 'PORTAL_FORBIDDEN');
    mockDirectus(() => {
      throw error;
    });
    const { dialog } = renderForm('producer');
    await userEvent.type(within(dialog).getByLabelText('Título'), 'T');
    await userEvent.type(await body(dialog), 'C');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(await screen.findByText('Produtores só podem salvar notícias como rascunho ou pendente')).toBeInTheDocument();
    error = apiError("You don't have permission to access this.", 'FORBIDDEN');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(await screen.findByText('Não foi possível salvar a notícia')).toBeInTheDocument();
  });

  it('editing: editors keep the municipality; the schedule preloads from published_at', async () => {
    const calls = mockDirectus(() => ({ id: 'n1' }));
    const news: NewsRow = {
      id: 'n1',
      title: 'Antiga',
      summary: null,
      content: 'Texto',
      slug: 'antiga',
      status: 'published',
      is_featured: false,
      featured_image: null,
      featured_image_caption: null,
      category_id: null,
      municipality_id: { id: 'm-santarem', name: 'Santarém' },
      author_id: 'someone',
      published_at: '2030-01-15T13:30:00.000Z',
      scheduled_at: null,
      first_published_at: '2030-01-15T13:30:00.000Z',
      created_at: '2026-01-01T00:00:00Z',
      authorName: 'Alguém',
    };
    const { dialog } = renderForm('editor', { news });
    expect(within(dialog).getByLabelText('Município')).toBeDisabled();
    expect(within(dialog).getByText('Apenas super admin pode alterar o município')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Data de publicação')).toHaveValue('2030-01-15T10:30'); // Belém time
    await userEvent.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')?.body;
    expect(patch).not.toHaveProperty('municipality_id');
    // The address of a story that went out is kept unless changed on purpose (issue #8).
    expect(patch).not.toHaveProperty('slug');
    expect(within(dialog).getByLabelText('Endereço (slug)')).toHaveValue('antiga');
  });

  it('a producer sees the fixed address of a story that went out but cannot change it', () => {
    mockDirectus(() => ({ id: 'n1' }));
    const news = {
      id: 'n2',
      title: 'Velha',
      summary: null,
      content: 'Texto',
      slug: 'velha',
      status: 'draft',
      is_featured: false,
      featured_image: null,
      featured_image_caption: null,
      category_id: null,
      municipality_id: null,
      author_id: 'me',
      published_at: null,
      scheduled_at: null,
      first_published_at: '2026-01-01T00:00:00Z',
      created_at: '2026-01-01T00:00:00Z',
      authorName: 'Eu',
    } satisfies NewsRow;
    const { dialog } = renderForm('producer', { news });
    expect(within(dialog).getByLabelText('Endereço (slug)')).toBeDisabled();
    expect(within(dialog).getByText('Apenas editores podem mudar o endereço de uma notícia já publicada')).toBeInTheDocument();
  });

  const STORY: NewsRow = {
    id: 'n9',
    title: 'Antiga',
    summary: null,
    content: 'Linha um\nLinha dois\n\nOutro parágrafo',
    slug: 'antiga',
    status: 'pending',
    is_featured: false,
    featured_image: null,
    featured_image_caption: null,
    category_id: null,
    municipality_id: null,
    author_id: 'someone',
    published_at: null,
    scheduled_at: null,
    first_published_at: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    authorName: 'Alguém',
  };

  it('a plain-text story opens as paragraphs and is saved unchanged when the body is not edited', async () => {
    const calls = mockDirectus(() => ({ id: 'n9' }));
    const { dialog } = renderForm('editor', { news: STORY });
    const editor = await body(dialog);
    expect(editor.innerHTML).toBe('<p>Linha um<br>Linha dois</p><p>Outro parágrafo</p>');
    expect(within(dialog).getByTestId('reading-stats')).toHaveTextContent('6 palavras · 1 min de leitura');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect((calls.find((c) => c.method === 'PATCH')?.body as Record<string, unknown>).content).toBe(STORY.content);
  });

  it('the live preview is the public sanitizer output; text it would drop is announced before saving', async () => {
    const calls = mockDirectus(() => ({ id: 'n9' }));
    const { dialog } = renderForm('editor', { news: { ...STORY, content: '<p>Fica.</p><audio src="a.mp3"><p>Some daqui.</p>' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Prévia como na página pública' }));
    expect(within(dialog).getByTestId('body-preview').innerHTML).toBe('<p>Fica.</p>');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A página pública vai omitir 2 palavras deste texto (“Some daqui.”)');
    expect(calls).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
  });

  it('a failed save keeps what was typed and says why: no connection, expired session', async () => {
    let error: unknown = new TypeError('Failed to fetch');
    mockDirectus(() => {
      throw error;
    });
    const { dialog, onClose } = renderForm('editor');
    await userEvent.type(within(dialog).getByLabelText('Título'), 'Sem rede');
    await userEvent.type(await body(dialog), 'Texto valioso');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(await screen.findByText('Sem conexão com o servidor. O texto digitado foi mantido; tente salvar de novo.')).toBeInTheDocument();
    expect(within(dialog).getByText(/Não foi salvo\. O texto digitado continua/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Título')).toHaveValue('Sem rede');
    expect(await body(dialog)).toHaveTextContent('Texto valioso');
    error = Object.assign(new Error('expired'), { errors: [{ message: 'Token expired.', extensions: { code: 'TOKEN_EXPIRED' } }] });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(await screen.findByText(/^Sua sessão expirou\. Entre novamente/)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('offers a newer local draft back: "Restaurar rascunho" fills the form, "Descartar" removes it', async () => {
    mockDirectus(() => ({ id: 'n9' }));
    const draft = {
      values: { ...STORY, summary: 'Resumo do rascunho', content: '<p>Texto do rascunho</p>', category_id: null, municipality_id: null, scheduled_at: null },
      savedAt: '2026-11-20T11:00:00.000Z',
    };
    localStorage.setItem('portal:news-draft:n9', JSON.stringify(draft));
    const { dialog } = renderForm('editor', { news: STORY });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Há um rascunho não salvo deste texto');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restaurar rascunho' }));
    expect(within(dialog).getByLabelText('Resumo')).toHaveValue('Resumo do rascunho');
    const editor = await body(dialog);
    await waitFor(() => expect(editor.innerHTML).toBe('<p>Texto do rascunho</p>'));
    expect(within(dialog).queryByText(/Há um rascunho/)).toBeNull();
    localStorage.clear();
  });

  it('a draft older than the last save is not offered', () => {
    mockDirectus(() => ({ id: 'n9' }));
    localStorage.setItem('portal:news-draft:n9', JSON.stringify({ values: { ...STORY, title: 'Velho' }, savedAt: '2026-11-19T11:00:00.000Z' }));
    const { dialog } = renderForm('editor', { news: STORY });
    expect(within(dialog).queryByText(/Há um rascunho/)).toBeNull();
    localStorage.clear();
  });

  it('closing the dialog keeps what was typed as a local draft; a successful save removes it', async () => {
    mockDirectus(() => ({ id: 'n1', slug: 'x' }));
    const saved = vi.fn();
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button onClick={() => setOpen(true)}>Abrir de novo</button>
          <NewsFormDialog
            open={open}
            onClose={() => {
              saved();
              setOpen(false);
            }}
            news={null}
            role="editor"
            profile={{ municipalityId: null, municipalityName: null }}
            categories={CATEGORIES}
            municipalities={MUNICIPALITIES}
          />
        </>
      );
    }
    renderApp(<Harness />, { session: sessionFor('editor') });
    await userEvent.type(screen.getByLabelText('Título'), 'Fechei sem querer');
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(JSON.parse(localStorage.getItem('portal:news-draft:new') ?? '{}').values?.title).toBe('Fechei sem querer');
    await userEvent.click(screen.getByRole('button', { name: 'Abrir de novo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Restaurar rascunho' }));
    expect(screen.getByLabelText('Título')).toHaveValue('Fechei sem querer');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Conteúdo' }), 'Corpo');
    await userEvent.click(screen.getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(2));
    expect(localStorage.getItem('portal:news-draft:new')).toBeNull();
  });

  it('writing aids: title and summary length hints, the Google result and the social card', async () => {
    mockDirectus(() => ({}));
    const { dialog } = renderForm('editor');
    await userEvent.type(within(dialog).getByLabelText('Título'), 'Feira do Açaí');
    expect(within(dialog).getByText('13/60 caracteres · Slug: feira-do-acai')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Resumo'), 'x'.repeat(170));
    expect(within(dialog).getByText('170/160 caracteres: o Google e as redes sociais vão cortar o final')).toBeInTheDocument();
    const google = within(dialog).getByRole('region', { name: 'Prévia do resultado no Google' });
    expect(google).toHaveTextContent('/news/feira-do-acai');
    expect(google).toHaveTextContent(`Feira do Açaí${'x'.repeat(159)}…`);
    const card = within(dialog).getByRole('region', { name: 'Prévia do cartão no WhatsApp e no Facebook' });
    expect(card).toHaveTextContent('Sem imagem destacada: o cartão sai sem foto');
  });
});
