import { describe, expect, it } from 'vitest';
import { embedFromUrl } from './embeds.ts';

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
});
