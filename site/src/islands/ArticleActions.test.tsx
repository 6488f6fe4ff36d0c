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
  it('shows the server count and toggles the like, storing it locally', async () => {
    const fetchMock = vi.fn((url: string, init?: RequestInit) => {
      if (url.startsWith(`/api/portal/engagement/${NEWS}`)) return json({ views: 3, likes: 0, liked: false });
      if (url === '/api/portal/likes' && init?.method === 'POST') return json({ liked: true, likes: 1 });
      return json({}, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    render(<ArticleActions newsId={NEWS} initialLikes={5} title="T" url="http://x/news/t" />);
    const button = screen.getByTestId('like-button');
    expect(button).toHaveTextContent('5 TOPS');
    await waitFor(() => expect(button).toHaveTextContent(/^TOP$/));
    // The session id sent is the one kept in localStorage.
    const sid = localStorage.getItem('portal:session_id');
    expect(fetchMock.mock.calls[0]![0]).toContain(`session_id=${sid}`);
    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveTextContent('1 TOPS'));
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(localStorage.getItem('portal:liked_ids')!)).toEqual([NEWS]);
  });

  it('shows the catalogue error toast when the like fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => (url.startsWith('/api/portal/engagement') ? json({ views: 0, likes: 2, liked: false }) : json({ errors: [{ message: 'x' }] }, 500))),
    );
    render(<ArticleActions newsId={NEWS} initialLikes={2} title="T" url="http://x/news/t" />);
    fireEvent.click(screen.getByTestId('like-button'));
    expect(await screen.findByText('Não foi possível processar sua curtida')).toBeInTheDocument();
    expect(screen.getByText('Erro')).toBeInTheDocument();
    expect(screen.getByTestId('like-button')).toHaveTextContent('2 TOPS');
  });

  it('copies the link when native share is missing', async () => {
    vi.stubGlobal('fetch', vi.fn(() => json({ views: 0, likes: 0, liked: false })));
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<ArticleActions newsId={NEWS} initialLikes={0} title="T" url="http://x/news/t" />);
    fireEvent.click(screen.getByRole('button', { name: 'Compartilhar' }));
    expect(await screen.findByText('Link copiado!')).toBeInTheDocument();
    expect(screen.getByText('O link da notícia foi copiado para a área de transferência')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('http://x/news/t');
  });
});
