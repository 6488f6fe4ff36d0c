import { describe, expect, it } from 'vitest';
import {
  CARRY_MAX_AGE_MS,
  CARRY_MAX_CHANGED,
  carriedIndex,
  carryMaxChanged,
  changedSince,
  mergeHits,
  nextDelta,
  parseDelta,
  SEARCH_SHARD_SIZE,
  searchParts,
  searchShardDirs,
  searchShardSize,
  SINCE_MARGIN_MS,
} from './search-delta.ts';

const since = '2026-11-22T12:00:00.000Z';
const at = (ms: number) => new Date(new Date(since).getTime() + ms).toISOString();

describe('search between full builds', () => {
  it('the recent index holds what was published or edited since the full index read its data (with a margin)', () => {
    const news = [
      { slug: 'velha', publishedAt: at(-86_400_000), updatedAt: null },
      { slug: 'corrigida', publishedAt: at(-86_400_000), updatedAt: at(5_000) },
      { slug: 'nova', publishedAt: at(10_000), updatedAt: null },
      { slug: 'na-margem', publishedAt: at(-SINCE_MARGIN_MS + 1), updatedAt: null },
    ];
    expect(changedSince(news, since).map((n) => n.slug)).toEqual(['corrigida', 'nova', 'na-margem']);
  });

  it('dates in another form than toISOString are compared as dates, not as text', () => {
    const news = [
      { slug: 'sem-milissegundos', publishedAt: '2026-11-22T12:00:01Z', updatedAt: null },
      { slug: 'fuso', publishedAt: '2026-11-22T09:00:01-03:00', updatedAt: null },
      { slug: 'antiga-fuso', publishedAt: '2026-11-22T08:00:00-03:00', updatedAt: null },
      { slug: 'antiga', publishedAt: '2026-11-21T12:00:00.000Z', updatedAt: '2026-11-22T12:00:00+00:00' },
    ];
    expect(changedSince(news, since).map((n) => n.slug)).toEqual(['sem-milissegundos', 'fuso', 'antiga']);
  });

  it('addresses that left accumulate until the next full build; one back online is found again', () => {
    const d1 = nextDelta({ since, removed: [], parts: 3 }, ['retirada', 'publicada'], new Set(['publicada']), true);
    expect(d1).toEqual({ since, parts: 3, removed: ['/news/retirada/'], recent: true });
    const d2 = nextDelta(d1, ['outra'], new Set(['publicada']), true);
    expect(d2.removed.sort()).toEqual(['/news/outra/', '/news/retirada/']);
    const d3 = nextDelta(d2, ['retirada'], new Set(['retirada']), true);
    expect(d3.removed).toEqual(['/news/outra/']);
  });

  it('hits: one per story, the recent record first, none that left', () => {
    const hits = [
      { url: '/news/a/', fresh: false, t: 'a velha' },
      { url: '/news/b/', fresh: false, t: 'b' },
      { url: '/news/a/', fresh: true, t: 'a corrigida' },
      { url: '/news/c/', fresh: false, t: 'c retirada' },
      { url: '/news/b/', fresh: false, t: 'b de novo' },
    ];
    expect(mergeHits(hits, new Set(['/news/c/'])).map((h) => h.t)).toEqual(['b', 'a corrigida']);
  });

  it('a malformed delta file is ignored', () => {
    expect(parseDelta('{')).toBeNull();
    expect(parseDelta(JSON.stringify({ since: 'ontem', removed: [] }))).toBeNull();
    expect(parseDelta(JSON.stringify({ since, removed: ['/news/x/', 3] }))).toEqual({ since, parts: 1, removed: ['/news/x/'], recent: false });
    expect(parseDelta(JSON.stringify({ since, parts: 0, removed: [] }))?.parts).toBe(1);
    expect(parseDelta(JSON.stringify({ since, parts: '5', removed: [] }))?.parts).toBe(1);
    expect(parseDelta(JSON.stringify({ since, parts: 5, removed: [] }))?.parts).toBe(5);
  });

  it('the full index is split in folders of SEARCH_SHARD_SIZE stories, the first one /pagefind/', () => {
    expect(searchParts(0)).toBe(1);
    expect(searchParts(SEARCH_SHARD_SIZE)).toBe(1);
    expect(searchParts(SEARCH_SHARD_SIZE + 1)).toBe(2);
    expect(searchParts(100_000)).toBe(Math.ceil(100_000 / SEARCH_SHARD_SIZE));
    expect(searchShardDirs(3)).toEqual(['pagefind', 'pagefind-2', 'pagefind-3']);
    expect(searchShardSize({ PORTAL_SEARCH_SHARD_SIZE: '2' })).toBe(2);
    expect(searchShardSize({ PORTAL_SEARCH_SHARD_SIZE: '999999' })).toBe(SEARCH_SHARD_SIZE);
    expect(searchShardSize({})).toBe(SEARCH_SHARD_SIZE);
  });

  describe('a full build carries the live full index forward (issue #33)', () => {
    const prev = { since, parts: 2 };
    const now = new Date(at(3_600_000));
    const old = (slug: string) => ({ slug, publishedAt: at(-86_400_000), updatedAt: null });

    it('keeps the stamp and folders; the stories changed since go to the recent index, the ones gone are removed', () => {
      const news = [old('a'), { slug: 'nova', publishedAt: at(10_000), updatedAt: null }, { ...old('editada'), updatedAt: at(20_000) }, { ...old('renomeada-depois'), updatedAt: at(30_000) }];
      const indexed = ['/news/a/', '/news/editada/', '/news/renomeada/', '/news/retirada/'];
      const r = carriedIndex(prev, indexed, news, now);
      expect(r?.delta).toEqual({ since, parts: 2, removed: ['/news/renomeada/', '/news/retirada/'], recent: true });
      expect(r?.recent.map((n) => n.slug)).toEqual(['nova', 'editada', 'renomeada-depois']);
    });

    it('indexes everything when a public story is neither held by the index nor changed since (an import keeps its old dates)', () => {
      const imported = old('importada-2019');
      expect(carriedIndex(prev, ['/news/a/'], [old('a'), imported], now)).toBeNull();
      expect(carriedIndex(prev, ['/news/a/', '/news/importada-2019/'], [old('a'), imported], now)).not.toBeNull();
    });

    it('nothing changed since: no recent index, nothing removed', () => {
      expect(carriedIndex(prev, ['/news/a/'], [old('a')], now)).toEqual({ delta: { since, parts: 2, removed: [], recent: false }, recent: [] });
    });

    it('indexes everything without a live index, without the list of what it holds, past a day, or past the bound of changed stories', () => {
      const news = [old('a')];
      expect(carriedIndex(null, ['/news/a/'], news, now)).toBeNull();
      expect(carriedIndex(prev, null, news, now)).toBeNull();
      expect(carriedIndex(prev, ['/news/a/'], news, new Date(at(CARRY_MAX_AGE_MS + 1)))).toBeNull();
      expect(carriedIndex(prev, ['/news/a/'], news, new Date(at(CARRY_MAX_AGE_MS)))).not.toBeNull();
      const many = Array.from({ length: CARRY_MAX_CHANGED + 1 }, (_, i) => ({ slug: `n${i}`, publishedAt: at(i), updatedAt: null }));
      expect(carriedIndex(prev, [], many, now)).toBeNull();
      expect(carriedIndex(prev, [], many.slice(1), now)?.recent).toHaveLength(CARRY_MAX_CHANGED);
      expect(carriedIndex(prev, [], many.slice(0, 2), now, 1)).toBeNull();
    });

    it('the bound is lowered, never raised, by PORTAL_SEARCH_CARRY_MAX (0: every full build indexes all)', () => {
      expect(carryMaxChanged({})).toBe(CARRY_MAX_CHANGED);
      expect(carryMaxChanged({ PORTAL_SEARCH_CARRY_MAX: '0' })).toBe(0);
      expect(carryMaxChanged({ PORTAL_SEARCH_CARRY_MAX: '5' })).toBe(5);
      expect(carryMaxChanged({ PORTAL_SEARCH_CARRY_MAX: '100000' })).toBe(CARRY_MAX_CHANGED);
      expect(carryMaxChanged({ PORTAL_SEARCH_CARRY_MAX: 'muitos' })).toBe(CARRY_MAX_CHANGED);
    });
  });
});
