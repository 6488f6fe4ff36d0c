import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockDirectus } from '../../../testing/directus-mock.ts';
import { renderApp, sessionFor } from '../../../testing/render.tsx';
import { importsQueries } from '../api/imports-queries.ts';
import ImportScreen from './import-screen.tsx';
import ImportSummaryCard from './import-summary-card.tsx';

afterEach(() => vi.restoreAllMocks());

const RUN = {
  id: 'run-1',
  source: 'wordpress',
  input: '/srv/migracao/portal.WordPress.2026-11-20.xml',
  status: 'done',
  dry_run: false,
  started_at: '2026-11-26T12:00:00.000Z',
  finished_at: '2026-11-26T12:07:30.000Z',
  counts: {
    // Out of order on purpose: the table keeps the newsroom's order.
    legacy_paths: { created: 1520, updated: 0, unchanged: 0, skipped: 0 },
    news: { created: 100_000, updated: 3, unchanged: 12, skipped: 2 },
    profiles: { created: 4, updated: 0, unchanged: 0, skipped: 1 },
    categories: { created: 9, updated: 0, unchanged: 1, skipped: 0 },
  },
  warnings: [
    { collection: 'news', key: '812', title: 'Festa do Çairé 🎉', message: 'O shortcode [gallery] virou uma lista de imagens.' },
    { collection: 'profiles', key: 'joana', title: 'Joana Lima', message: 'Tinha verificação em duas etapas: precisa cadastrar de novo.' },
  ],
  skipped: [
    { collection: 'news', key: '77', title: 'Quem somos', reason: 'É uma página, não uma notícia.' },
    { collection: 'news', key: '90', title: '', reason: 'Post privado: não é público.' },
    { collection: 'profiles', key: 'leitor', title: 'Leitor', reason: 'Conta de leitor: não é da equipe.' },
  ],
  error: null,
};

function api(rows: unknown[] | (() => never) = [RUN]) {
  return mockDirectus((c) => {
    if (c.path === '/items/import_runs') return typeof rows === 'function' ? rows() : rows;
    throw new Error(`chamada inesperada ${c.path}`);
  });
}

describe('Importação do portal anterior (super_admin)', () => {
  it('reads only the newest real run (no dry run) and says where it came from, when, and how it ended', async () => {
    const calls = api();
    renderApp(<ImportScreen />, { session: sessionFor('super_admin') });
    expect(screen.getByRole('heading', { level: 1, name: 'Importação do portal anterior' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Carregando...');
    expect(await screen.findByText('WordPress')).toBeInTheDocument();
    expect(calls[0]!.params).toMatchObject({ filter: { dry_run: { _eq: false } }, sort: ['-started_at'], limit: 1 });
    expect(screen.getByText(RUN.input)).toBeInTheDocument();
    // Belém time (UTC−3).
    expect(screen.getByText(/^26\/11\/2026 09:00 \(/)).toBeInTheDocument();
    expect(screen.getByText(/^26\/11\/2026 09:07 \(/)).toBeInTheDocument();
    expect(screen.getByText('Concluída')).toBeInTheDocument();
  });

  it('the counts table names each collection in pt-BR, in the newsroom’s order, with the four columns', async () => {
    api();
    renderApp(<ImportScreen />, { session: sessionFor('super_admin') });
    const table = await screen.findByRole('table', { name: 'Registros por coleção' });
    const [head, ...rows] = within(table).getAllByRole('row');
    expect(within(head!).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Coleção', 'Novos', 'Atualizados', 'Sem mudança', 'Deixados de fora']);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['Notícias', '100.000', '3', '12', '2'],
      ['Categorias', '9', '0', '1', '0'],
      ['Perfis', '4', '0', '0', '1'],
      ['Endereços antigos', '1.520', '0', '0', '0'],
    ]);
  });

  it('lists every warning and every record left out, with its title, collection and reason', async () => {
    api();
    renderApp(<ImportScreen />, { session: sessionFor('super_admin') });
    const warnings = await screen.findByRole('region', { name: 'Avisos (2)' });
    const warningItems = within(warnings).getAllByRole('listitem');
    expect(warningItems.map((li) => li.textContent)).toEqual([
      'Festa do Çairé 🎉 · NotíciasO shortcode [gallery] virou uma lista de imagens.',
      'Joana Lima · PerfisTinha verificação em duas etapas: precisa cadastrar de novo.',
    ]);
    const skipped = screen.getByRole('region', { name: 'Deixados de fora (3)' });
    expect(within(skipped).getByText('Quem somos')).toBeVisible();
    expect(within(skipped).getByText('É uma página, não uma notícia.')).toBeVisible();
    // A record without a title is still named, by its key in the old portal.
    expect(within(skipped).getByText('(sem título, 90)')).toBeInTheDocument();
  });

  it("with the run's totals, a list longer than the report keeps says how many there were in all", async () => {
    const kept = Array.from({ length: 3 }, (_, i) => ({ collection: 'news', key: String(i), title: `Notícia ${i}`, message: 'Arquivo não encontrado na exportação: foto.jpg' }));
    api([{ ...RUN, warnings: kept, totals: { warnings: 4500, skipped: 0 } }]);
    renderApp(<ImportScreen />, { session: sessionFor('super_admin') });
    const warnings = await screen.findByRole('region', { name: 'Avisos (4.500)' });
    expect(within(warnings).getByText('O relatório guarda só os 3 primeiros de 4.500.')).toBeInTheDocument();
  });

  it('a long list (up to the 2,000 the importer keeps) is all there, behind its summary', async () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({ collection: 'news', key: String(i), title: `Notícia ${i}`, message: 'Imagem do corpo não encontrada: foto.jpg' }));
    api([{ ...RUN, warnings: many }]);
    renderApp(<ImportScreen />, { session: sessionFor('super_admin') });
    const warnings = await screen.findByRole('region', { name: 'Avisos (2.000)' });
    // Counted through the DOM: a role query over 2,000 items takes seconds in jsdom.
    expect(warnings.querySelectorAll('li')).toHaveLength(2000);
    const summary = within(warnings).getByText('Ver os 2.000 avisos');
    expect(summary.closest('details')).not.toHaveAttribute('open');
    expect(within(warnings).getByText(/só os 2.000 primeiros/)).toBeInTheDocument();
    await userEvent.click(summary);
    expect(summary.closest('details')).toHaveAttribute('open');
    expect(within(warnings).getByText('Notícia 1999')).toBeVisible();
  });

  it('a failed run says so, with the error; one still running has no end yet', async () => {
    api([{ ...RUN, source: 'hosted', status: 'failed', error: 'news.csv, linha 12: cabeçalho inesperado', counts: null, warnings: null, skipped: null }]);
    const { unmount } = renderApp(<ImportScreen />, { session: sessionFor('super_admin') });
    expect(await screen.findByText('Falhou')).toBeInTheDocument();
    expect(screen.getByText('news.csv, linha 12: cabeçalho inesperado')).toBeInTheDocument();
    expect(screen.getByText('Portal hospedado (SQL/CSV)')).toBeInTheDocument();
    expect(screen.getByText('Nenhum registro contado.')).toBeInTheDocument();
    expect(screen.getByText('Nenhum aviso.')).toBeInTheDocument();
    expect(screen.getByText('Nenhum registro deixado de fora.')).toBeInTheDocument();
    unmount();
    vi.restoreAllMocks();

    api([{ ...RUN, status: 'running', finished_at: null }]);
    renderApp(<ImportScreen />, { session: sessionFor('super_admin') });
    expect(await screen.findByText('Em andamento')).toBeInTheDocument();
    expect(screen.getByText('Fim').nextElementSibling).toHaveTextContent('—');
  });

  it('empty: no import ever ran, and the two commands are the help', async () => {
    api([]);
    renderApp(<ImportScreen />, { session: sessionFor('super_admin') });
    expect(await screen.findByText('Nenhuma importação feita ainda.')).toBeInTheDocument();
    expect(screen.getByText('npm run import -- hosted <pasta>')).toBeInTheDocument();
    expect(screen.getByText('npm run import -- wordpress <export.xml> --uploads <pasta>')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('error: says it in pt-BR and tries again', async () => {
    let fail = true;
    api(() => {
      if (fail) throw apiError('You don’t have permission to access this.', 'FORBIDDEN');
      return [RUN] as never;
    });
    renderApp(<ImportScreen />, { session: sessionFor('super_admin') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível carregar o relatório da importação.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('WordPress')).toBeInTheDocument();
  });
});

describe('the health screen’s import card', () => {
  it('shows the status, when, the news counts and warnings, and links to the report', async () => {
    api();
    renderApp(<ImportSummaryCard />, { session: sessionFor('super_admin') });
    const card = (await screen.findByRole('heading', { name: 'Importação' })).closest('section')!;
    expect(card).toHaveTextContent('Concluída');
    expect(card).toHaveTextContent(/26\/11\/2026 09:07/);
    expect(card).toHaveTextContent('Notícias: 100.000 novas, 3 atualizadas, 2 deixadas de fora · 2 avisos');
    expect(within(card).getByRole('link', { name: 'Ver relatório da importação' })).toHaveAttribute('href', '/admin/import');
  });

  it('is absent when no import ever ran', async () => {
    api([]);
    const { queryClient } = renderApp(<ImportSummaryCard />, { session: sessionFor('super_admin') });
    await vi.waitFor(() => expect(queryClient.getQueryState(importsQueries.last().queryKey)?.status).toBe('success'));
    expect(screen.queryByRole('heading', { name: 'Importação' })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
