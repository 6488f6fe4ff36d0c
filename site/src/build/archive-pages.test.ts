import { describe, expect, it } from 'vitest';
import { FULL_PLAN, type BuildPlan, type NamedLists } from '@portal/domain/build-contract';
import { archiveMonthPages, archiveMonths, archiveScope, byYear, inLists, inScope, lastModified, listScope, monthPagePaths, newsSitemapFiles, NO_WHOLE_LISTS, wholeLists } from './archive-pages.ts';

const s = (id: string, publishedAt: string, updatedAt: string | null = null) => ({ id, publishedAt, updatedAt });
// Newest first, as the content loader gives them.
/** A targeted build's plan listing `ids` (comma-separated), or a full build's (null). */
const plan = (ids: string | null, o: { months?: string[]; named?: NamedLists; lists?: false | 'all'; storiesOnly?: true } = {}): BuildPlan =>
  ids === null ? FULL_PLAN : { targeted: { news: ids.split(',').filter(Boolean), slugs: [], previousRelease: '/live', ...o } };
/** A full build's story process `index` of two. */
const shard = (index: number): BuildPlan => ({ shard: { index, count: 2 } });
const news = [s('n4', '2026-11-20T12:00:00Z'), s('n3', '2026-11-01T01:00:00Z'), s('n2', '2026-10-05T12:00:00Z'), s('n1', '2025-01-10T12:00:00Z')];

describe('archive scope of a build', () => {
  it('a full build (no id list) writes every month; its story helpers none', () => {
    expect(archiveScope(news, FULL_PLAN)).toBe('all');
    expect(archiveScope(news, shard(0))).toBe('all');
    expect(archiveScope(news, shard(1))).toEqual(new Set());
  });

  it('a site-wide targeted build (empty list) writes no month', () => {
    const scope = archiveScope(news, plan(''));
    expect(scope).toEqual(new Set());
    expect(inScope(scope, '2026-11')).toBe(false);
  });

  it('a publish writes only the Belém months of the listed stories', () => {
    // n3 is 31 Oct in Belém.
    expect(archiveScope(news, plan('n4'))).toEqual(new Set(['2026-11']));
    expect(archiveScope(news, plan('n3,n4'))).toEqual(new Set(['2026-10', '2026-11']));
  });

  it('a listed story no longer public writes the months the request names, or every month when it names none', () => {
    expect(archiveScope(news, plan('n4,gone', { months: ['2024-01'] }))).toEqual(new Set(['2024-01', '2026-11']));
    expect(archiveScope(news, plan('n4,gone'))).toBe('all');
  });

  it('a live entry (stories only) writes no month: the coverage is listed where it was', () => {
    expect(archiveScope(news, plan('n4', { storiesOnly: true }))).toEqual(new Set());
  });

  it('a story moved to another date rewrites the month it left too', () => {
    expect(archiveScope(news, plan('n2', { months: ['2026-08', '2026-10'] }))).toEqual(new Set(['2026-08', '2026-10']));
  });
});

describe('list pages of a build', () => {
  const l = (category: string | null, municipio: string | null = null, autor: string | null = null) => ({ category, municipio, autor });
  it('a publish writes the lists its stories are in now and were in before', () => {
    const scope = listScope(plan('a'), [l('politica', 'belem', 'joana')], [l('economia', 'belem', 'joana')]);
    expect(scope).toEqual({ category: new Set(['politica', 'economia']), municipio: new Set(['belem']), autor: new Set(['joana']) });
    expect(inLists(scope, 'category', 'esportes')).toBe(false);
    expect(inLists(scope, 'municipio', 'belem')).toBe(true);
  });
  it('everything for a full build, a site-wide (byline) change, or without the rows it was built from', () => {
    expect(listScope(FULL_PLAN, [], [])).toBe('all');
    expect(listScope(plan(''), [], [])).toBe('all');
    expect(listScope(plan('a'), [l('x')], null)).toBe('all');
    expect(listScope(plan('a', { lists: 'all' }), [l('x')], [l('x')])).toBe('all');
  });
  it("none in a full build's story helper (the build writes them)", () => {
    const none = { category: new Set(), municipio: new Set(), autor: new Set() };
    expect(listScope(shard(1), [], null)).toEqual(none);
    expect(listScope(shard(0), [], null)).toBe('all');
  });
  it('none for a live entry (stories only): no card or list changed', () => {
    const scope = listScope(plan('a', { storiesOnly: true }), [l('politica', 'belem', 'joana')], [l('politica', 'belem', 'joana')]);
    expect(scope).toEqual({ category: new Set(), municipio: new Set(), autor: new Set() });
  });
  it('none for settings, ads and events (LIVE_ONLY: /live.json brings them to the list pages)', () => {
    const scope = listScope(plan('', { lists: false }), [], null);
    expect(['category', 'municipio', 'autor'].some((k) => inLists(scope, k as 'category', 'belem'))).toBe(false);
  });
});

describe('a catalogue change (a category or municipality renamed, added or removed)', () => {
  const l = (category: string | null, municipio: string | null = null, autor: string | null = null) => ({ category, municipio, autor });
  const named = (o: NamedLists, ids = '') => plan(ids, { named: o });
  const exists = (_k: string, slug: string) => slug !== 'politica';
  it('writes whole the named lists that exist now; the old address keeps its pages until the catch-up', () => {
    const env = named({ category: ['politica', 'politica-e-governo'], municipio: ['belem'] });
    const whole = wholeLists(env, exists);
    expect(whole).toEqual({ category: new Set(['politica-e-governo']), municipio: new Set(['belem']) });
    expect(listScope(env, [], null, whole)).toEqual({ category: new Set(['politica-e-governo']), municipio: new Set(['belem']), autor: new Set() });
  });
  it('with stories, their lists too; beside a byline change (BUILD_LISTS all), every list', () => {
    const env = named({ municipio: ['ananindeua'] }, 'a');
    const whole = wholeLists(env, exists);
    expect(listScope(env, [l('cultura', 'belem', 'joana')], [l('cultura', 'belem', 'joana')], whole)).toEqual({
      category: new Set(['cultura']),
      municipio: new Set(['ananindeua', 'belem']),
      autor: new Set(['joana']),
    });
    expect(listScope({ targeted: { ...env.targeted!, lists: 'all' } }, [], [], whole)).toBe('all');
  });
  it('beside settings, ads or events (LIVE_ONLY), still its own lists', () => {
    const env = plan('', { named: { category: ['cultura'] }, lists: false });
    expect(listScope(env, [], null, wholeLists(env, exists))).toEqual({ category: new Set(['cultura']), municipio: new Set(), autor: new Set() });
  });
  it('names nothing in a full build', () => expect(wholeLists(FULL_PLAN, exists)).toBe(NO_WHOLE_LISTS));
  it('writes every month of a whole list, only the months in scope of the others', () => {
    const a = s('a', '2026-10-05T12:00:00.000Z');
    const b = s('b', '2026-09-05T12:00:00.000Z');
    const byKey = new Map([
      ['cultura', [a, b]],
      ['esporte', [a, b]],
    ]);
    const paths = monthPagePaths(byKey, new Set(['2026-10']), (slug) => slug, {
      scope: 'all',
      kind: 'category',
      whole: { category: new Set(['esporte']), municipio: new Set() },
    });
    expect(paths.map((p) => `${p.params.slug} ${p.params.year}-${p.params.month}`)).toEqual(['cultura 2026-10', 'esporte 2026-10', 'esporte 2026-09']);
  });
});

describe('archive month pages', () => {
  const many = Array.from({ length: 401 }, (_, i) => s(`m${i}`, new Date(Date.UTC(2026, 9, 30) - i * 60_000).toISOString()));
  const byCategory = new Map([
    ['politica', many],
    ['cultura', news],
  ]);

  it('splits a month into pages of 200, newest first', () => {
    const pages = archiveMonthPages(byCategory, 'all').filter((p) => p.category === 'politica');
    expect(pages.map((p) => [p.month, p.page, p.pages, p.items.length])).toEqual([
      ['2026-10', 1, 3, 200],
      ['2026-10', 2, 3, 200],
      ['2026-10', 3, 3, 1],
    ]);
    expect(pages[0]!.items[0]!.id).toBe('m0');
  });

  it('a targeted build writes its months in every category, nothing else', () => {
    const pages = archiveMonthPages(byCategory, new Set(['2026-10']));
    expect(new Set(pages.map((p) => `${p.category}/${p.month}`))).toEqual(new Set(['politica/2026-10', 'cultura/2026-10']));
    expect(archiveMonthPages(byCategory, new Set())).toEqual([]);
  });

  it('the archive index counts stories per month, grouped by year', () => {
    const months = archiveMonths(news);
    expect(months).toEqual([
      { month: '2026-11', count: 1 },
      { month: '2026-10', count: 2 },
      { month: '2025-01', count: 1 },
    ]);
    expect(byYear(months).map((y) => [y.year, y.months.length])).toEqual([
      ['2026', 2],
      ['2025', 1],
    ]);
  });
});

describe('monthly news sitemaps', () => {
  it('one file per month, split past the limit, every story in exactly one file', () => {
    const files = newsSitemapFiles(news, 1);
    expect(files.map((f) => f.file)).toEqual(['news-2026-11.xml', 'news-2026-10.xml', 'news-2026-10-2.xml', 'news-2025-01.xml']);
    expect(files.flatMap((f) => f.items.map((x) => x.id)).sort()).toEqual(['n1', 'n2', 'n3', 'n4']);
    expect(newsSitemapFiles(news, 50_000)).toHaveLength(3);
  });

  it('last change of a file is its newest publication or correction', () => {
    expect(lastModified([s('a', '2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z'), s('b', '2026-01-15T00:00:00.000Z')])).toBe('2026-02-01T00:00:00.000Z');
    expect(lastModified([])).toBeUndefined();
  });
});
