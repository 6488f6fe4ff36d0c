import { describe, expect, it } from 'vitest';
import { dbDate, embedsAsLinks, importId, recordHash, recordKey, rewriteImages, splitName } from './rules.ts';
import type { NewsRecord } from './records.ts';

const news = (over: Partial<NewsRecord> = {}): NewsRecord => ({
  kind: 'news',
  key: '1',
  title: 'Câmara de Belém',
  summary: null,
  content: '<p>Texto</p>',
  slug: 'c-mara-de-bel-m',
  status: 'published',
  is_featured: false,
  featured_image: null,
  featured_image_caption: null,
  category: null,
  municipality: null,
  author: null,
  published_at: '2024-03-05T14:00:00.000Z',
  scheduled_at: null,
  created_at: '2024-03-05T14:00:00.000Z',
  body_images: [],
  old_paths: [],
  origin: { file: 'news.csv', line: 2 },
  ...over,
});

describe('ids and hashes that a re-run finds again', () => {
  it('the same source record always gets the same UUID; another source or kind another', () => {
    const a = importId('hosted', 'news', '42');
    expect(a).toBe(importId('hosted', 'news', '42'));
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(importId('wordpress', 'news', '42')).not.toBe(a);
    expect(importId('hosted', 'event', '42')).not.toBe(a);
    expect(recordKey('hosted', 'news', '42')).toBe('hosted:news:42');
  });
  it('a hash changes with what the record says, not with the line it was read on', () => {
    expect(recordHash(news())).toBe(recordHash(news({ origin: { file: 'dump.sql', line: 900 } })));
    expect(recordHash(news())).not.toBe(recordHash(news({ title: 'Câmara de Belém aprova' })));
  });
});

describe('the body made ready for the portal', () => {
  it('points imported images at their new address (raw and HTML-escaped forms) and drops missing ones', () => {
    const body = '<p>a</p><img src="https://x.co/news-images/a.jpg?v=1&amp;w=2"><img alt="b" src="https://x.co/b.jpg"><p>c</p>';
    const out = rewriteImages(body, new Map([['https://x.co/news-images/a.jpg?v=1&w=2', '/api/assets/1'], ['https://x.co/b.jpg', null]]));
    expect(out).toBe('<p>a</p><img src="/api/assets/1"><p>c</p>');
  });
  it('turns a raw embed into a link paragraph the site can make click-to-load, and counts it', () => {
    expect(embedsAsLinks('<p>a</p><iframe width="560" src="https://www.youtube.com/embed/abc"></iframe>')).toEqual({
      content: '<p>a</p><p><a href="https://www.youtube.com/embed/abc">https://www.youtube.com/embed/abc</a></p>',
      turned: 1,
    });
    expect(embedsAsLinks('<iframe src="//player.vimeo.com/video/1">').content).toBe('<p><a href="https://player.vimeo.com/video/1">https://player.vimeo.com/video/1</a></p>');
    expect(embedsAsLinks('<iframe src="javascript:alert(1)"></iframe>')).toEqual({ content: '', turned: 1 });
  });
});

describe('small conversions', () => {
  it('dates as each database keeps them; an empty or unreadable date is null', () => {
    expect(dbDate(true)('2024-03-05T14:00:00.000Z')).toBe(Date.parse('2024-03-05T14:00:00.000Z'));
    expect(dbDate(false)('2024-03-05T14:00:00.000Z')).toEqual(new Date('2024-03-05T14:00:00.000Z'));
    expect(dbDate(true)(null)).toBeNull();
    expect(dbDate(true)('ontem')).toBeNull();
  });
  it('a full name in Directus two fields', () => {
    expect(splitName('Maria da Silva Santos')).toEqual({ first_name: 'Maria', last_name: 'da Silva Santos' });
    expect(splitName('Maria')).toEqual({ first_name: 'Maria', last_name: null });
    expect(splitName(' ')).toEqual({ first_name: null, last_name: null });
  });
});
