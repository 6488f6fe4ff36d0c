import { describe, expect, it } from 'vitest';
import { coveragesFilter, ENTRIES_PAGE_SIZE, entriesFilter, nextCursor } from './live-queries.ts';

describe('entries paging', () => {
  it('the first page is the coverage; the next starts after the last entry shown (ties by id)', () => {
    expect(entriesFilter('n1', null)).toEqual({ news_id: { _eq: 'n1' } });
    expect(entriesFilter('n1', { created_at: 'T', id: 'e5' })).toEqual({
      _and: [{ news_id: { _eq: 'n1' } }, { _or: [{ created_at: { _lt: 'T' } }, { _and: [{ created_at: { _eq: 'T' } }, { id: { _lt: 'e5' } }] }] }],
    });
  });
  it('a short page is the last', () => {
    const page = Array.from({ length: ENTRIES_PAGE_SIZE }, (_, i) => ({ id: `e${i}`, created_at: `T${i}` }));
    expect(nextCursor(page)).toEqual({ id: `e${ENTRIES_PAGE_SIZE - 1}`, created_at: `T${ENTRIES_PAGE_SIZE - 1}` });
    expect(nextCursor(page.slice(1))).toBeUndefined();
    expect(nextCursor([])).toBeUndefined();
  });
});

describe('coveragesFilter', () => {
  it('running ones, and those ended in the last seven days', () => {
    expect(coveragesFilter(new Date('2026-11-27T12:00:00.000Z'))).toEqual({
      _or: [{ live_status: { _eq: 'live' } }, { _and: [{ live_status: { _eq: 'ended' } }, { live_ended_at: { _gte: '2026-11-20T12:00:00.000Z' } }] }],
    });
  });
});
