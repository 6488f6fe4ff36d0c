import { describe, expect, it } from 'vitest';
import type { Article } from './content.ts';
import { newsSitemap, rss, xmlEscape } from './feeds.ts';

const article = (slug: string, publishedAt: string, title = 'Título'): Article => ({
  id: slug, title, summary: 'Resumo & mais', slug, image: null, category: { name: 'Política', slug: 'politica' }, municipality: null,
  author: 'Joana', publishedAt, views: 0, likes: 0, content: '', caption: null, isFeatured: false, updatedAt: null, categoryId: null, municipalityId: null,
});
const site = new URL('https://portal.test');

describe('feeds', () => {
  it('escapes XML and drops forbidden control characters', () => {
    expect(xmlEscape('a<b>&"\'\u0001')).toBe('a&lt;b&gt;&amp;&quot;&apos;');
  });

  it('RSS lists items with absolute links and pt-BR language', () => {
    const xml = rss({ title: 'Portal', description: 'd', link: 'https://portal.test/', self: 'https://portal.test/rss.xml', items: [article('a', '2026-11-22T10:00:00.000Z', 'Chuva <forte>')], site });
    expect(xml).toContain('<link>https://portal.test/news/a</link>');
    expect(xml).toContain('<title>Chuva &lt;forte&gt;</title>');
    expect(xml).toContain('<language>pt-BR</language>');
    expect(new DOMParser().parseFromString(xml, 'application/xml').querySelector('parsererror')).toBeNull();
  });

  it('the Google News sitemap keeps only the last 48 hours', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const xml = newsSitemap([article('novo', '2026-11-21T12:00:00.000Z'), article('velho', '2026-11-20T11:00:00.000Z')], site, 'Portal', now);
    expect(xml).toContain('https://portal.test/news/novo');
    expect(xml).not.toContain('velho');
  });
});
