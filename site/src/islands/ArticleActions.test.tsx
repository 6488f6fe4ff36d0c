import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ArticleActions from './ArticleActions.tsx';

const NEWS = '11111111-1111-4111-8111-111111111111';
const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById('toast-region')?.remove();
});

describe('ArticleActions', () => {
  it('one call records the view and brings the count; the like toggles and is stored locally', async () => {
    const fetchMock = vi.fn((url: string, init?: RequestInit) => {
      if (url === '/api/portal/article-view' && init?.method === 'POST') return json({ views: 3, likes: 0, liked: false, counted: true });
      if (url === '/api/portal/likes' && init?.method === 'POST') return json({ liked: true, likes: 1 });
      return json({}, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    render(<ArticleActions newsId={NEWS} initialLikes={5} title="T" url="http://x/news/t" />);
    const button = screen.getByTestId('like-button');
    expect(button).toHaveTextContent('5 TOPs');
    await waitFor(() => expect(button).toHaveTextContent(/^TOP$/));
    // One request for the whole view, outliving the page, with the session id kept in localStorage.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.keepalive).toBe(true);
    // Where the visit came from goes along (issue #29): jsdom's page has no referrer and no utm_source.
    expect(JSON.parse(String(init.body))).toEqual({ news_id: NEWS, session_id: localStorage.getItem('portal:session_id'), referrer: '', utm_source: '' });
    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveTextContent('1 TOP'));
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(localStorage.getItem('portal:liked_ids')!)).toEqual([NEWS]);
  });

  it('shows the catalogue error toast when the like fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => (url === '/api/portal/article-view' ? json({ views: 0, likes: 2, liked: false, counted: true }) : json({ errors: [{ message: 'x' }] }, 500))),
    );
    render(<ArticleActions newsId={NEWS} initialLikes={2} title="T" url="http://x/news/t" />);
    fireEvent.click(screen.getByTestId('like-button'));
    expect(await screen.findByText('Não foi possível processar sua curtida')).toBeInTheDocument();
    expect(screen.getByText('Erro')).toBeInTheDocument();
    expect(screen.getByTestId('like-button')).toHaveTextContent('2 TOPs');
  });

  it('copies the link when native share is missing', async () => {
    vi.stubGlobal('fetch', vi.fn(() => json({ views: 0, likes: 0, liked: false })));
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<ArticleActions newsId={NEWS} initialLikes={0} title="T" url="http://x/news/t" />);
    fireEvent.click(screen.getByRole('button', { name: 'Compartilhar' }));
    expect(await screen.findByText('Link copiado!')).toBeInTheDocument();
    expect(screen.getByText('O link da notícia foi copiado para a área de transferência')).toBeInTheDocument();
    // Tagged with where it came from (issue #29): a visit from a copied link is told apart.
    expect(writeText).toHaveBeenCalledWith('http://x/news/t?utm_source=link&utm_medium=copy');
  });
});
