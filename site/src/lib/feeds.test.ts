import { describe, expect, it } from 'vitest';
import type { Article } from './content.ts';
import { FEED_ITEMS, monthKey, NEWS_SITEMAP_MAX_URLS } from '@portal/domain/archive';
import { absoluteUrl, newsSitemap, rss, sitemapIndex, xmlEscape } from './feeds.ts';

const article = (slug: string, publishedAt: string, title = 'Título'): Article => ({
  id: slug,
  title,
  summary: 'Resumo & mais',
  slug,
  image: null,
  category: { name: 'Política', slug: 'politica' },
  municipality: null,
  author: 'Joana',
  publishedAt,
  views: 0,
  likes: 0,
  content: '',
  caption: null,
  isFeatured: false,
  updatedAt: null,
  corrections: [],
  modifiedAt: null,
  categoryId: null,
  municipalityId: null,
  month: monthKey(publishedAt),
  live: null,
  fromLiveId: null,
});
const site = new URL('https://portal.test');

describe('feeds', () => {
  it('escapes XML and drops forbidden control characters', () => {
    expect(xmlEscape('a<b>&"\'\u0001')).toBe('a&lt;b&gt;&amp;&quot;&apos;');
  });

  it('RSS lists items with absolute links and pt-BR language', () => {
    const xml = rss({
      title: 'Portal',
      description: 'd',
      link: 'https://portal.test/',
      self: 'https://portal.test/rss.xml',
      items: [article('a', '2026-11-22T10:00:00.000Z', 'Chuva <forte>')],
      site,
    });
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

describe('feeds: live coverage (issue #30)', () => {
  const coverage = { ...article('ao-vivo', '2026-11-19T10:00:00.000Z'), modifiedAt: '2026-11-22T11:59:00.000Z', live: { state: 'live' as const, startedAt: null, endedAt: null, entries: [] } };

  it('RSS places a live coverage by its newest entry, with that time', () => {
    const xml = rss({ title: 'P', description: 'd', link: 'https://portal.test/', self: 'https://portal.test/rss.xml', items: [article('a', '2026-11-22T10:00:00.000Z')], live: [coverage], site });
    expect(xml.indexOf('/news/ao-vivo<')).toBeLessThan(xml.indexOf('/news/a<'));
    expect(xml).toContain('<atom:updated>2026-11-22T11:59:00.000Z</atom:updated>');
    expect(new DOMParser().parseFromString(xml, 'application/xml').querySelector('parsererror')).toBeNull();
  });

  it('the Google News sitemap keeps a coverage started days ago while its entries are recent, with its last change', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const xml = newsSitemap([article('novo', '2026-11-22T10:00:00.000Z')], site, 'Portal', now, [coverage]);
    expect(xml).toContain('<loc>https://portal.test/news/ao-vivo</loc><lastmod>2026-11-22T11:59:00.000Z</lastmod>');
    expect(newsSitemap([], site, 'Portal', new Date('2026-11-25T12:00:00Z'), [coverage])).not.toContain('ao-vivo');
  });
});

describe('feeds stay bounded at any archive size', () => {
  const many = Array.from({ length: FEED_ITEMS + 30 }, (_, i) => article(`n${i}`, new Date(Date.UTC(2026, 10, 22, 12) - i * 60_000).toISOString()));

  it(`RSS carries the newest ${FEED_ITEMS} stories only`, () => {
    const xml = rss({ title: 'Portal', description: 'd', link: 'https://portal.test/', self: 'https://portal.test/rss.xml', items: many, site });
    expect(xml.match(/<item>/g)).toHaveLength(FEED_ITEMS);
    expect(xml).toContain('/news/n0<');
    expect(xml).not.toContain(`/news/n${FEED_ITEMS}<`);
  });

  it(`the Google News sitemap holds at most ${NEWS_SITEMAP_MAX_URLS} URLs`, () => {
    const burst = Array.from({ length: NEWS_SITEMAP_MAX_URLS + 5 }, (_, i) => article(`b${i}`, '2026-11-22T11:00:00.000Z'));
    const xml = newsSitemap(burst, site, 'Portal', new Date('2026-11-22T12:00:00Z'));
    expect(xml.match(/<url>/g)).toHaveLength(NEWS_SITEMAP_MAX_URLS);
  });

  it('the sitemap index lists files with their last change', () => {
    const xml = sitemapIndex([
      { loc: 'https://portal.test/sitemaps/pages.xml' },
      { loc: 'https://portal.test/sitemaps/news-2026-11.xml', lastmod: '2026-11-22T12:00:00.000Z' },
    ]);
    expect(xml).toContain('<sitemapindex');
    expect(xml.match(/<sitemap>/g)).toHaveLength(2);
    expect(new DOMParser().parseFromString(xml, 'application/xml').querySelector('parsererror')).toBeNull();
  });

  it('absolute addresses: plain paths joined to the origin exactly as URL resolves them, anything else through URL', () => {
    for (const site of [new URL('https://portal.com.br'), new URL('http://localhost:4321/'), new URL('https://portal.com.br/sub/')]) {
      const url = absoluteUrl(site);
      for (const p of ['/', '/category/politica', '/municipio/belem/2026/11/2', '/news/a.b/', '/x/./y', '/x/../y', '/./', '/ç', '/a b', '//evil.com/x', '/a?b=1', '/a#b', '/%2e%2e/x'])
        expect(url(p)).toBe(new URL(p, site).href);
    }
  });
});
