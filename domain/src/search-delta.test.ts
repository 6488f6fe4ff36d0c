import { describe, expect, it } from 'vitest';
import {
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
});
