import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@portal/domain/roles';
import { apiError, mockDirectus, type Call } from '../../../testing/directus-mock.ts';
import { MUNICIPALITIES, renderApp, sessionFor } from '../../../testing/render.tsx';
import type { NewsRow } from '../api/news-queries.ts';
import { NewsForm, savedMessage } from './news-form.tsx';

const CATEGORIES = [{ id: 'c-pol', name: 'Política' }];

function renderForm(role: Role, opts: { news?: NewsRow | null; profile?: boolean } = {}) {
  const session = sessionFor(role);
  const profile =
    opts.profile === false
      ? null
      : { municipalityId: session.profile?.municipality?.id ?? null, municipalityName: session.profile?.municipality?.name ?? null };
  const onSaved = vi.fn();
  const onCancel = vi.fn();
  renderApp(
    <>
      <h1 id="titulo">Nova Notícia</h1>
      <NewsForm
        news={opts.news ?? null}
        role={role}
        profile={profile}
        categories={CATEGORIES}
        municipalities={MUNICIPALITIES}
        labelledBy="titulo"
        onSaved={onSaved}
        onCancel={onCancel}
        onRestored={vi.fn()}
      />
    </>,
    { session },
  );
  // The page's form, named by the page's heading.
  return { onSaved, onCancel, dialog: screen.getByRole('form', { name: 'Nova Notícia' }) };
}

/** The body editor, once its lazily loaded chunk is in. */
const body = (dialog: HTMLElement) => within(dialog).findByRole('textbox', { name: 'Conteúdo' });

const created = (calls: Call[]) => calls.find((c) => c.method === 'POST' && c.path === '/items/news')?.body as Record<string, unknown>;

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('news form', () => {
  // The first test loads the editor's chunk (TipTap).
  it('producer: only Rascunho/Pendente, own municipality fixed, saved as a draft in Belém', { timeout: 15_000 }, async () => {
    const calls = mockDirectus(() => ({ id: 'n1', slug: 'x' }));
    const { dialog, onSaved } = renderForm('producer');
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

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: 'n1', status: 'draft', created: true }));
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
      featured_image_renditions: null,
      category_id: null,
      municipality_id: { id: 'm-santarem', name: 'Santarém' },
      author_id: 'someone',
      published_at: '2030-01-15T13:30:00.000Z',
      scheduled_at: null,
      first_published_at: '2030-01-15T13:30:00.000Z',
      live_status: null,
      live_started_at: null,
      live_ended_at: null,
      from_live_news_id: null,
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
    // Sent as the form has it (unchanged): the server decides who may change it, and refuses the others.
    expect(patch).toMatchObject({ municipality_id: 'm-santarem' });
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
      featured_image_renditions: null,
      category_id: null,
      municipality_id: null,
      author_id: 'me',
      published_at: null,
      scheduled_at: null,
      first_published_at: '2026-01-01T00:00:00Z',
      live_status: null,
      live_started_at: null,
      live_ended_at: null,
      from_live_news_id: null,
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
      featured_image_renditions: null,
    category_id: null,
    municipality_id: null,
    author_id: 'someone',
    published_at: null,
    scheduled_at: null,
    first_published_at: null,
    live_status: null,
    live_started_at: null,
    live_ended_at: null,
    from_live_news_id: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    authorName: 'Alguém',
  };

  /** The form's values for STORY, as a draft stores them. */
  const DRAFT_VALUES = {
    title: 'Antiga',
    slug: 'antiga',
    summary: '',
    content: STORY.content,
    status: 'pending',
    category_id: null,
    municipality_id: null,
    featured_image: null,
    featured_image_caption: null,
      featured_image_renditions: null,
    is_featured: false,
    scheduled_at: null,
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

  it('the live preview is the public page output: an unclosed <audio> keeps its text (issue #32)', async () => {
    mockDirectus(() => ({ id: 'n9' }));
    const { dialog } = renderForm('editor', { news: { ...STORY, content: '<p>Fica.</p><audio src="a.mp3"><p>Também fica.</p>' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Prévia como na página pública' }));
    expect(within(dialog).getByTestId('body-preview').innerHTML).toBe('<p>Fica.</p> <p>Também fica.</p> ');
  });

  it('markup whose text the page could not show is refused before saving, naming the first word lost', async () => {
    const calls = mockDirectus(() => ({ id: 'n9' }));
    const { dialog } = renderForm('editor', { news: { ...STORY, content: '<p>Fica.</p><style>Some daqui.</style>' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
    expect(await within(dialog).findByText('O conteúdo não pode ter <style>: o texto a partir de “Some” não apareceria na página pública')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('a failed save keeps what was typed and says why: no connection, expired session', async () => {
    let error: unknown = new TypeError('Failed to fetch');
    mockDirectus(() => {
      throw error;
    });
    const { dialog, onSaved } = renderForm('editor');
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
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('brings a newer local draft back at once (a reload), says so, and "Descartar rascunho" returns to the saved text', async () => {
    mockDirectus(() => ({ id: 'n9' }));
    const draft = { values: { ...DRAFT_VALUES, summary: 'Resumo do rascunho', content: '<p>Texto do rascunho</p>' }, savedAt: '2026-11-20T11:00:00.000Z' };
    localStorage.setItem('portal:news-draft:n9', JSON.stringify(draft));
    const { dialog } = renderForm('editor', { news: STORY });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Rascunho restaurado: este texto não salvo foi guardado neste navegador');
    expect(within(dialog).getByLabelText('Resumo')).toHaveValue('Resumo do rascunho');
    const editor = await body(dialog);
    await waitFor(() => expect(editor.innerHTML).toBe('<p>Texto do rascunho</p>'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Descartar rascunho' }));
    expect(within(dialog).getByLabelText('Resumo')).toHaveValue('');
    await waitFor(() => expect(editor.innerHTML).toBe('<p>Linha um<br>Linha dois</p><p>Outro parágrafo</p>'));
    expect(within(dialog).queryByText(/Rascunho restaurado/)).toBeNull();
    expect(localStorage.getItem('portal:news-draft:n9')).toBeNull();
  });

  it('"Manter rascunho" hides the notice and keeps the restored text', async () => {
    mockDirectus(() => ({ id: 'n9' }));
    const values = { ...DRAFT_VALUES, title: 'Título do rascunho' };
    localStorage.setItem('portal:news-draft:n9', JSON.stringify({ values, savedAt: '2026-11-20T11:00:00.000Z' }));
    const { dialog } = renderForm('editor', { news: STORY });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Manter rascunho' }));
    expect(within(dialog).queryByText(/Rascunho restaurado/)).toBeNull();
    expect(within(dialog).getByLabelText('Título')).toHaveValue('Título do rascunho');
  });

  it('a draft older than the last save, or of another shape, is not brought back', () => {
    mockDirectus(() => ({ id: 'n9' }));
    localStorage.setItem('portal:news-draft:n9', JSON.stringify({ values: { ...DRAFT_VALUES, title: 'Velho' }, savedAt: '2026-11-19T11:00:00.000Z' }));
    const { dialog } = renderForm('editor', { news: STORY });
    expect(within(dialog).queryByText(/Rascunho restaurado/)).toBeNull();
    expect(within(dialog).getByLabelText('Título')).toHaveValue('Antiga');
    cleanup();
    // A row of the list (summary null, joined names) is not the form's values.
    localStorage.setItem('portal:news-draft:n9', JSON.stringify({ values: { ...STORY, title: 'Outro formato' }, savedAt: '2026-11-21T11:00:00.000Z' }));
    const again = renderForm('editor', { news: STORY });
    expect(within(again.dialog).getByLabelText('Título')).toHaveValue('Antiga');
  });

  it('leaving the page keeps what was typed as a local draft; opening it again brings it back; a successful save removes it', async () => {
    mockDirectus(() => ({ id: 'n1', slug: 'x' }));
    const first = renderForm('editor');
    await userEvent.type(within(first.dialog).getByLabelText('Título'), 'Fechei sem querer');
    cleanup();
    expect(JSON.parse(localStorage.getItem('portal:news-draft:new') ?? '{}').values?.title).toBe('Fechei sem querer');
    const again = renderForm('editor');
    expect(within(again.dialog).getByLabelText('Título')).toHaveValue('Fechei sem querer');
    await userEvent.type(await body(again.dialog), 'Corpo');
    await userEvent.click(within(again.dialog).getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(again.onSaved).toHaveBeenCalled());
    expect(localStorage.getItem('portal:news-draft:new')).toBeNull();
  });

  it('after saving, a producer who sent the story for review is told so; everyone else gets the spec’s message', () => {
    expect(savedMessage({ role: 'producer', created: false, status: 'pending', previousStatus: 'draft' })).toEqual({
      title: 'Enviada para revisão',
      description: 'Um editor vai revisar a notícia. Ela continua na sua lista, com o status Pendente.',
    });
    expect(savedMessage({ role: 'producer', created: true, status: 'pending', previousStatus: null }).title).toBe('Enviada para revisão');
    expect(savedMessage({ role: 'producer', created: false, status: 'pending', previousStatus: 'pending' })).toEqual({ title: 'Sucesso', description: 'Notícia atualizada com sucesso' });
    expect(savedMessage({ role: 'producer', created: true, status: 'draft', previousStatus: null })).toEqual({ title: 'Sucesso', description: 'Notícia criada com sucesso' });
    expect(savedMessage({ role: 'editor', created: false, status: 'pending', previousStatus: 'draft' }).title).toBe('Sucesso');
  });

  it('the featured image shows as a picture with change and remove; an uploaded file’s address is never shown as text', async () => {
    const calls = mockDirectus(() => ({ id: 'n9' }));
    const { dialog } = renderForm('editor', { news: { ...STORY, featured_image: '/api/assets/7c9e6679-7425-40de-944b-e07fc1f90ae7' } });
    expect(within(dialog).getByRole('img', { name: 'Imagem destacada' })).toHaveAttribute('src', expect.stringMatching(/^\/api\/assets\/7c9e6679/));
    expect(within(dialog).queryByDisplayValue(/\/api\/assets/)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Trocar imagem' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remover imagem' }));
    expect(within(dialog).queryByRole('img', { name: 'Imagem destacada' })).toBeNull();
    expect(within(dialog).getByText('Nenhuma imagem escolhida')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Endereço da imagem'), 'https://exemplo.com/foto.jpg');
    expect(within(dialog).getByRole('img', { name: 'Imagem destacada' })).toHaveAttribute('src', 'https://exemplo.com/foto.jpg');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ featured_image: 'https://exemplo.com/foto.jpg' }));
  });

  // Types 183 characters, each one a render of the whole form: seconds on a busy machine.
  it('writing aids: title and summary length hints, the Google result and the social card', { timeout: 15_000 }, async () => {
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
