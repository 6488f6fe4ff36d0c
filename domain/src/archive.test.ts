import { describe, expect, it } from 'vitest';
import {
  ARCHIVE_PAGE_SIZE,
  SITEMAP_MAX_URLS,
  archiveIndexPath,
  archiveMonthPath,
  groupByMonth,
  isMonthKey,
  monthKey,
  monthLabelPtBR,
  newsSitemapFile,
  pageCount,
  pageItems,
  pagination,
  sitemapMaxUrls,
  splitForSitemap,
} from './archive.ts';

describe('archive months (Belém time)', () => {
  it('a story is filed under its Belém-time month, not its UTC month', () => {
    expect(monthKey('2026-03-01T02:59:59Z')).toBe('2026-02');
    expect(monthKey('2026-03-01T03:00:00Z')).toBe('2026-03');
    expect(monthKey('2026-01-01T01:00:00Z')).toBe('2025-12');
    expect(monthKey(new Date('2026-11-22T12:00:00Z'))).toBe('2026-11');
    // The string path and the date path agree at every hour around a month's turn, milliseconds or not.
    for (let h = 0; h < 48; h++) {
      const d = new Date(Date.UTC(2026, 2, 31, h, 30));
      expect(monthKey(d.toISOString())).toBe(monthKey(d));
      expect(monthKey(d.toISOString().replace('.000Z', 'Z'))).toBe(monthKey(d));
    }
    expect(monthKey('2026-03-01T02:30:00-03:00')).toBe('2026-03'); // not UTC: read as a date
  });

  it('month labels are pt-BR', () => {
    expect(monthLabelPtBR('2025-03')).toBe('Março de 2025');
    expect(monthLabelPtBR('2024-12')).toBe('Dezembro de 2024');
    expect(() => monthLabelPtBR('2024-13')).toThrow();
    expect(isMonthKey('2024-00')).toBe(false);
    expect(isMonthKey('2024-09')).toBe(true);
  });

  it('groups newest first, keeping the order inside each month', () => {
    const items = [
      { id: 'c', at: '2026-03-10T12:00:00Z' },
      { id: 'b', at: '2026-03-01T01:00:00Z' },
      { id: 'a', at: '2026-02-15T12:00:00Z' },
    ];
    const g = groupByMonth(items, (x) => monthKey(x.at));
    expect([...g.keys()]).toEqual(['2026-03', '2026-02']);
    expect(g.get('2026-02')!.map((x) => x.id)).toEqual(['b', 'a']);
  });
});

describe('archive pages', () => {
  it(`${ARCHIVE_PAGE_SIZE} stories a page; an empty month still has one page`, () => {
    expect(ARCHIVE_PAGE_SIZE).toBe(200);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(200)).toBe(1);
    expect(pageCount(201)).toBe(2);
    const items = Array.from({ length: 450 }, (_, i) => i);
    expect(pageItems(items, 1)).toHaveLength(200);
    expect(pageItems(items, 3)).toEqual(items.slice(400));
  });

  it('addresses: index, month, further pages', () => {
    expect(archiveIndexPath('meio-ambiente')).toBe('/category/meio-ambiente/arquivo/');
    expect(archiveMonthPath('politica', '2025-03')).toBe('/category/politica/2025/03/');
    expect(archiveMonthPath('politica', '2025-03', 1)).toBe('/category/politica/2025/03/');
    expect(archiveMonthPath('politica', '2025-03', 2)).toBe('/category/politica/2025/03/2/');
    expect(archiveMonthPath('santarem', '2025-03', 2, 'municipio')).toBe('/municipio/santarem/2025/03/2/');
    expect(archiveIndexPath('santarem', 'municipio')).toBe('/municipio/santarem/arquivo/');
  });

  it('previous/next links stop at the ends', () => {
    expect(pagination('politica', '2025-03', 1, 1)).toEqual({ prev: null, next: null });
    expect(pagination('politica', '2025-03', 1, 3)).toEqual({ prev: null, next: '/category/politica/2025/03/2/' });
    expect(pagination('politica', '2025-03', 2, 3)).toEqual({ prev: '/category/politica/2025/03/', next: '/category/politica/2025/03/3/' });
    expect(pagination('politica', '2025-03', 3, 3)).toEqual({ prev: '/category/politica/2025/03/2/', next: null });
  });
});

describe('sitemap split', () => {
  it(`no file holds more than ${SITEMAP_MAX_URLS.toLocaleString('en')} URLs`, () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    const parts = splitForSitemap(Array.from({ length: 120_001 }, (_, i) => i));
    expect(parts.map((p) => p.length)).toEqual([50_000, 50_000, 20_001]);
    expect(splitForSitemap([])).toEqual([[]]);
    expect(splitForSitemap([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
  });

  it('month files: news-YYYY-MM.xml, then -2, -3…', () => {
    expect(newsSitemapFile('2025-03')).toBe('news-2025-03.xml');
    expect(newsSitemapFile('2025-03', 2)).toBe('news-2025-03-2.xml');
  });

  it('the limit can be lowered for tests, never raised', () => {
    expect(sitemapMaxUrls({})).toBe(50_000);
    expect(sitemapMaxUrls({ PORTAL_SITEMAP_MAX_URLS: '3' })).toBe(3);
    expect(sitemapMaxUrls({ PORTAL_SITEMAP_MAX_URLS: '90000' })).toBe(50_000);
    expect(sitemapMaxUrls({ PORTAL_SITEMAP_MAX_URLS: 'x' })).toBe(50_000);
    expect(sitemapMaxUrls({ PORTAL_SITEMAP_MAX_URLS: '0' })).toBe(50_000);
  });
});
