import { describe, expect, it } from 'vitest';
import { embedFromUrl, withEmbeds } from './embeds.ts';

describe('embeds', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s', 'youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/abc_DEF-123', 'youtube', 'https://www.youtube-nocookie.com/embed/abc_DEF-123'],
    ['https://www.instagram.com/p/C0xYz12AbC/', 'instagram', 'https://www.instagram.com/p/C0xYz12AbC/embed/'],
    ['https://www.instagram.com/reel/C0xYz12AbC/?igsh=abc', 'instagram', 'https://www.instagram.com/reel/C0xYz12AbC/embed/'],
    ['https://x.com/governopara/status/1861234567890123456', 'x', 'https://platform.twitter.com/embed/Tweet.html?id=1861234567890123456&dnt=true'],
    ['https://twitter.com/governopara/status/1861234567890123456?s=20', 'x', 'https://platform.twitter.com/embed/Tweet.html?id=1861234567890123456&dnt=true'],
  ])('%s is a %s embed', (url, provider, frameSrc) => {
    expect(embedFromUrl(url)).toMatchObject({ provider, frameSrc });
  });

  it.each([
    'https://www.youtube.com/channel/UC123',
    'https://www.instagram.com/governopara/',
    'https://x.com/governopara',
    'javascript:alert(1)',
    'https://evil.com/watch?v=abc',
    'https://youtu.be/a"onload="x',
  ])('%s is not an embed', (url) => expect(embedFromUrl(url)).toBeNull());

  it('a link alone on its paragraph becomes a click-to-load facade without iframe or script', () => {
    const out = withEmbeds('<p>Antes</p><p><a href="https://youtu.be/dQw4w9WgXcQ">https://youtu.be/dQw4w9WgXcQ</a></p><p>https://x.com/a/status/123</p>');
    expect(out).toMatch(
      /^<p>Antes<\/p><figure class="embed embed-youtube" data-pagefind-ignore="all" data-embed="youtube" data-embed-src="https:\/\/www.youtube-nocookie.com\/embed\/dQw4w9WgXcQ"/,
    );
    expect(out).toContain('<button type="button" class="embed-load">Carregar vídeo do YouTube</button>');
    expect(out).toContain('data-embed="x"');
    expect(out).not.toMatch(/<iframe|<script/);
  });

  it('an escaped ampersand in the sanitized link is read back', () => {
    expect(
      withEmbeds('<p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=10s">https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=10s</a></p>'),
    ).toContain('data-embed-src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
  });

  it('links inside prose, links with other words and other sites stay links', () => {
    const html =
      '<p>Veja <a href="https://youtu.be/dQw4w9WgXcQ">https://youtu.be/dQw4w9WgXcQ</a></p><p><a href="https://youtu.be/dQw4w9WgXcQ">o vídeo</a></p><p><a href="https://g1.globo.com/">https://g1.globo.com/</a></p>';
    expect(withEmbeds(html)).toBe(html);
  });
});
