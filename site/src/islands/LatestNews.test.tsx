import { render, screen, waitFor, fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CardNews } from '../lib/content.ts';
import LatestNews from './LatestNews.tsx';

const card = (i: number, over: Partial<CardNews> = {}): CardNews => ({
  id: `n${i}`,
  title: `Notícia ${i}`,
  summary: 'Resumo',
  slug: `noticia-${i}`,
  image: null,
  category: null,
  municipality: { name: 'Belém', slug: 'belem' },
  author: 'Autor não informado',
  publishedAt: '2026-11-22T10:00:00.000Z',
  views: 0,
  likes: 0,
  ...over,
});
const municipalities = [
  { name: 'Belém', slug: 'belem' },
  { name: 'Marabá', slug: 'maraba' },
];
const now = '2026-11-22T12:00:00.000Z';

afterEach(() => vi.unstubAllGlobals());

describe('LatestNews', () => {
  it('lists "Todos os Municípios" first, then every municipality', () => {
    render(<LatestNews initial={[card(1)]} municipalities={municipalities} now={now} />);
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Todos os Municípios', 'Belém', 'Marabá']);
  });

  it('renders cards with "Geral" fallback, relative time and byline', () => {
    render(<LatestNews initial={[card(1)]} municipalities={municipalities} now={now} />);
    expect(screen.getByText('Geral')).toBeInTheDocument();
    expect(screen.getByText('há 2 horas')).toBeInTheDocument();
    expect(screen.getByText('Por Autor não informado')).toBeInTheDocument();
  });

  it('filters by municipality without reloading, showing 6 skeletons meanwhile', async () => {
    let resolve!: (v: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((r) => (resolve = r)));
    vi.stubGlobal('fetch', fetchMock);
    render(<LatestNews initial={[card(1), card(2)]} municipalities={municipalities} now={now} />);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'maraba' } });
    expect(fetchMock).toHaveBeenCalledWith('/municipios/maraba.json');
    expect(screen.getAllByTestId('skeleton')).toHaveLength(6);
    resolve(Response.json(Array.from({ length: 8 }, (_, i) => card(10 + i, { municipality: { name: 'Marabá', slug: 'maraba' } }))));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(6));
    expect(screen.queryByText('Notícia 1')).not.toBeInTheDocument();
  });

  it('leaves the list empty when the municipality has no news or the fetch fails', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new Error('offline'))));
    render(<LatestNews initial={[card(1)]} municipalities={municipalities} now={now} />);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'belem' } });
    expect(await screen.findByText('Nenhuma notícia encontrada.')).toBeInTheDocument();
  });
});
