import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@portal/domain/roles';
import { apiError, mockDirectus } from '../../../testing/directus-mock.ts';
import { renderApp, sessionFor } from '../../../testing/render.tsx';
import { NewsHistoryPanel } from './news-history-panel.tsx';

afterEach(() => vi.restoreAllMocks());

const story = (over: Partial<{ author_id: string; status: string; title: string; content: string }> = {}) => ({
  id: 'n1',
  author_id: 'user-producer',
  status: 'draft',
  title: 'O governador visitou a obra',
  summary: null,
  content: 'Texto novo.',
  updated_at: '2026-11-23T10:00:00.000Z',
  ...over,
});
const REVISIONS = [
  {
    id: 12,
    at: '2026-11-23T13:00:00.000Z',
    action: 'update',
    user: 'Ana Souza',
    status: 'draft',
    title: 'O governador visitou a obra',
    summary: null,
    content: 'Texto novo.',
  },
  {
    id: 11,
    at: '2026-11-23T12:00:00.000Z',
    action: 'create',
    user: 'Ana Souza',
    status: 'draft',
    title: 'O prefeito visitou a obra',
    summary: null,
    content: 'Texto antigo.',
  },
];

function renderPanel(role: Role, news = story()) {
  const onRestored = vi.fn();
  renderApp(<NewsHistoryPanel news={news} role={role} onRestored={onRestored} />, { session: sessionFor(role) });
  return { onRestored };
}

describe('news history panel', () => {
  it('lists who saved, when and with which status, and diffs a version against the current text', async () => {
    mockDirectus(() => REVISIONS);
    renderPanel('producer');
    await userEvent.click(screen.getByRole('button', { name: 'Histórico de versões' }));
    const list = await screen.findByRole('list', { name: 'Versões salvas' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['23/11/2026 10:00 · Ana Souza · Edição · Rascunho', '23/11/2026 09:00 · Ana Souza · Criação · Rascunho']);
    await userEvent.click(within(list).getAllByRole('button')[1]!);
    const diff = screen.getByTestId('revision-diff');
    expect([...diff.querySelectorAll('del')].map((d) => d.textContent)).toContain('prefeito');
    expect([...diff.querySelectorAll('ins')].map((d) => d.textContent)).toContain('governador');
  });

  it('restores through the server with the loaded version after a confirmation, then reloads the story', async () => {
    const calls = mockDirectus((c) => (c.method === 'POST' ? { id: 'n1' } : REVISIONS));
    const { onRestored } = renderPanel('producer');
    await userEvent.click(screen.getByRole('button', { name: 'Histórico de versões' }));
    await userEvent.click((await screen.findAllByRole('button', { name: /Criação/ }))[0]!);
    await userEvent.click(screen.getByRole('button', { name: 'Restaurar esta versão' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Restaurar esta versão?' });
    expect(confirm).toHaveTextContent('o que não foi salvo neste formulário será descartado');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Restaurar' }));
    await waitFor(() => expect(onRestored).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/portal/news/n1/revisions/11/restore',
      body: { loaded_updated_at: '2026-11-23T10:00:00.000Z' },
    });
    expect(await screen.findByText('Versão restaurada com sucesso')).toBeInTheDocument();
  });

  it('a refused restore keeps the panel open with the server’s message', async () => {
    mockDirectus((c) => {
      if (c.method === 'POST') throw apiError('Esta notícia foi alterada por Ana às 10:05; recarregue para ver as mudanças', 'PORTAL_CONFLICT');
      return REVISIONS;
    });
    const { onRestored } = renderPanel('editor', story({ status: 'published', author_id: 'other' }));
    await userEvent.click(screen.getByRole('button', { name: 'Histórico de versões' }));
    await userEvent.click((await screen.findAllByRole('button', { name: /Criação/ }))[0]!);
    await userEvent.click(screen.getByRole('button', { name: 'Restaurar esta versão' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Restaurar' }));
    expect(await screen.findByText('Esta notícia foi alterada por Ana às 10:05; recarregue para ver as mudanças')).toBeInTheDocument();
    expect(onRestored).not.toHaveBeenCalled();
  });

  it('over a published story the confirmation says readers will see the change; "Cancelar" restores nothing', async () => {
    const calls = mockDirectus(() => REVISIONS);
    const { onRestored } = renderPanel('editor', story({ status: 'published', author_id: 'other' }));
    await userEvent.click(screen.getByRole('button', { name: 'Histórico de versões' }));
    await userEvent.click((await screen.findAllByRole('button', { name: /Criação/ }))[0]!);
    await userEvent.click(screen.getByRole('button', { name: 'Restaurar esta versão' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Restaurar esta versão?' });
    expect(confirm).toHaveTextContent('Esta notícia está publicada: o título, o resumo, o texto e a imagem desta versão vão substituir, em instantes, o que os leitores veem agora.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(onRestored).not.toHaveBeenCalled();
  });

  it('diffs the text a reader sees, not the markup, and leaves out long unchanged stretches', async () => {
    const long = (w: string) => Array.from({ length: 60 }, (_, i) => `${w}${i}`).join(' ');
    const before = `<p>${long('antes')}</p><p>O <strong>prefeito</strong> visitou a obra.</p><p>${long('depois')}</p>`;
    const now = `<p>${long('antes')}</p><p>O <strong>governador</strong> visitou a obra.</p><p>${long('depois')}</p>`;
    mockDirectus(() => [{ ...REVISIONS[1], content: before }]);
    renderPanel('editor', story({ content: now, title: 'O prefeito visitou a obra' }));
    await userEvent.click(screen.getByRole('button', { name: 'Histórico de versões' }));
    await userEvent.click((await screen.findAllByRole('button', { name: /Criação/ }))[0]!);
    const diff = screen.getByTestId('revision-diff');
    expect(diff).not.toHaveTextContent('<strong>');
    expect(diff).not.toHaveTextContent('<p>');
    // The marks of the fields (the legend above them has one of each).
    expect([...diff.querySelectorAll('[data-field-diff] del')].map((d) => d.textContent)).toEqual(['prefeito']);
    expect([...diff.querySelectorAll('[data-field-diff] ins')].map((d) => d.textContent)).toEqual(['governador']);
    expect(diff).toHaveTextContent('… 49 palavras iguais …');
    expect(diff).toHaveTextContent('… 51 palavras iguais …');
    expect(diff).toHaveTextContent('antes59');
    expect(diff).not.toHaveTextContent('antes0 ');
    // The title did not change between the two: said so, not printed again.
    expect(diff).toHaveTextContent('Sem diferenças.');
  });

  it('the author of a published story sees the history but no restore button', async () => {
    mockDirectus(() => REVISIONS);
    renderPanel('producer', story({ status: 'published' }));
    await userEvent.click(screen.getByRole('button', { name: 'Histórico de versões' }));
    await userEvent.click((await screen.findAllByRole('button', { name: /Criação/ }))[0]!);
    expect(screen.queryByRole('button', { name: 'Restaurar esta versão' })).toBeNull();
  });

  it('a producer is not offered the history of a colleague’s story', () => {
    const calls = mockDirectus(() => REVISIONS);
    renderPanel('producer', story({ author_id: 'someone-else' }));
    expect(screen.queryByRole('button', { name: 'Histórico de versões' })).toBeNull();
    expect(calls).toEqual([]);
  });
});
