import { describe, expect, it } from 'vitest';
import { AD_WINDOW_FILTER, canEditNews, defaultNewsListStatus, listShowsStatus, NEWS_LIST_STATUSES, newsListFilter, isAdVisible, isPubliclyVisible, producerNewsUpdateFilter, PUBLIC_NEWS_FILTER } from './news-access.ts';

import { matchesFilter as matches } from './testing/filter-match.ts';

const now = new Date('2026-11-22T12:00:00Z');
const before = '2026-11-22T11:00:00Z';
const after = '2026-11-22T13:00:00Z';

describe('the filter form and the predicate agree', () => {
  it.each([
    { status: 'published', published_at: before },
    { status: 'published', published_at: after },
    { status: 'published', published_at: null },
    { status: 'pending', published_at: before },
    { status: 'draft', published_at: null },
    { status: 'archived', published_at: before },
  ])('public news: %o', (row) => {
    expect(matches(PUBLIC_NEWS_FILTER, row, now)).toBe(isPubliclyVisible(row, now));
  });

  it.each([
    { is_active: true, start_date: null, end_date: null },
    { is_active: false, start_date: null, end_date: null },
    { is_active: true, start_date: before, end_date: null },
    { is_active: true, start_date: after, end_date: null },
    { is_active: true, start_date: null, end_date: before },
    { is_active: true, start_date: null, end_date: after },
    { is_active: true, start_date: before, end_date: after },
  ])('ad window: %o', (row) => {
    expect(matches(AD_WINDOW_FILTER, row, now)).toBe(isAdVisible(row, now));
  });

  it.each([
    { author_id: 'eu', status: 'draft' },
    { author_id: 'eu', status: 'pending' },
    { author_id: 'eu', status: 'published' },
    { author_id: 'eu', status: 'archived' },
    { author_id: 'outro', status: 'draft' },
    { author_id: null, status: 'draft' },
  ])('who edits which news (producer): %o', (row) => {
    expect(matches(producerNewsUpdateFilter('eu'), row, now)).toBe(canEditNews('producer', 'eu', row));
  });
});

describe('canEditNews', () => {
  it('editors and super admins edit any story, whatever its state', () => {
    for (const role of ['editor', 'super_admin']) expect(canEditNews(role, 'eu', { author_id: 'outro', status: 'published' })).toBe(true);
  });
  it('nobody without a role or an id edits anything', () => {
    expect(canEditNews(null, '', { author_id: null, status: 'draft' })).toBe(false);
  });
});

describe('admin news list filter (issue #12, item 7)', () => {
  it('starts editor on pending and super_admin on everything (spec), producer on all own unpublished stories (issue #34)', () => {
    expect(defaultNewsListStatus('editor')).toBe('pending');
    expect(defaultNewsListStatus('producer')).toBe('unpublished');
    expect(defaultNewsListStatus('super_admin')).toBe('all');
    expect(newsListFilter('editor', 'u1', defaultNewsListStatus('editor'))).toEqual({ status: { _eq: 'pending' } });
    expect(newsListFilter('super_admin', 'u1', 'all')).toEqual({});
  });

  it('lets an editor reach published, draft and archived stories', () => {
    const rows = ['draft', 'pending', 'published', 'archived'].map((status) => ({ status, author_id: 'other' }));
    for (const status of ['draft', 'published', 'archived'] as const) {
      expect(rows.filter((r) => matches(newsListFilter('editor', 'u1', status), r, new Date())).map((r) => r.status)).toEqual([status]);
    }
  });

  it('a story sent for review stays in the producer’s default list; published ones leave it', () => {
    const f = newsListFilter('producer', 'u1', defaultNewsListStatus('producer'));
    const shown = ['draft', 'pending', 'published', 'archived'].filter((status) => matches(f, { status, author_id: 'u1' }, new Date()));
    expect(shown).toEqual(['draft', 'pending', 'archived']);
    expect(matches(f, { status: 'pending', author_id: 'u2' }, new Date())).toBe(false);
  });

  it('listShowsStatus is the predicate of the list filter, for every choice and status', () => {
    for (const filter of NEWS_LIST_STATUSES) {
      for (const status of ['draft', 'pending', 'published', 'archived'] as const) {
        expect(listShowsStatus(filter, status), `${filter} / ${status}`).toBe(matches(newsListFilter('editor', 'u1', filter), { status }, new Date()));
      }
    }
  });

  it("never widens a producer's list beyond their own stories", () => {
    const mine = { status: 'published', author_id: 'u1' };
    const theirs = { status: 'published', author_id: 'u2' };
    for (const status of ['all', 'published'] as const) {
      const f = newsListFilter('producer', 'u1', status);
      expect(matches(f, mine, new Date())).toBe(true);
      expect(matches(f, theirs, new Date())).toBe(false);
    }
  });
});
