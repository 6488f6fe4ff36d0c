import { describe, expect, it } from 'vitest';
import { newestFirst, pickRelated, relatedFeedSize } from './related.ts';

const s = (id: string, day: number) => ({ id, publishedAt: `2026-11-${String(day).padStart(2, '0')}T12:00:00.000Z` });
const ids = (xs: Array<{ id: string }>) => xs.map((x) => x.id);

describe('related news (SPEC: category or municipality, newest first, limit, not the story itself)', () => {
  const category = [s('c9', 9), s('self', 8), s('c7', 7), s('c5', 5), s('c3', 3)];
  const municipality = [s('m10', 10), s('self', 8), s('c7', 7), s('m6', 6), s('m1', 1)];

  it('the union of both lists, newest first, without the story, cut at the limit', () => {
    expect(ids(pickRelated([category, municipality], 'self', 4))).toEqual(['m10', 'c9', 'c7', 'm6']);
  });

  it('a story in both lists counts once', () => {
    expect(ids(pickRelated([category, municipality], 'self', 10))).toEqual(['m10', 'c9', 'c7', 'm6', 'c5', 'c3', 'm1']);
  });

  it('one list missing (no municipality) or empty', () => {
    expect(ids(pickRelated([category, undefined], 'self', 2))).toEqual(['c9', 'c7']);
    expect(pickRelated([[], undefined], 'self', 6)).toEqual([]);
  });

  it('equal times are ordered by id, whatever list brought them first', () => {
    const a = [s('b', 5), s('a', 5)];
    expect(ids(pickRelated([a], 'x', 6))).toEqual(['a', 'b']);
    expect(ids(pickRelated([[s('b', 5)], [s('a', 5)]], 'x', 6))).toEqual(['a', 'b']);
    expect(newestFirst(s('a', 5), s('a', 5))).toBe(0);
  });

  it('the newest limit + 1 of each list are enough: the browser gets the same list as the build', () => {
    const big = Array.from({ length: 30 }, (_, i) => s(`k${i}`, 28 - i));
    const other = Array.from({ length: 30 }, (_, i) => s(`o${i}`, 28 - i));
    for (const self of ['k0', 'k3', 'k6', 'k7', 'k20', 'o0', 'none']) {
      const fromFeeds = pickRelated([big.slice(0, relatedFeedSize(6)), other.slice(0, relatedFeedSize(6))], self, 6);
      expect(fromFeeds).toEqual(pickRelated([big, other], self, 6));
    }
  });
});
