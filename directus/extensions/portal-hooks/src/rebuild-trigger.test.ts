import { describe, expect, it } from 'vitest';
import { catalogueChange, LIVE_ONLY, SITE_WIDE } from '@portal/domain/build-contract';
import { newsRebuild, siteWideRequest, SITE_WIDE_COLLECTIONS } from './rebuild-trigger.ts';

const now = new Date('2026-11-22T12:00:00Z');
const n = (status: string, published_at: string | null, slug = 's', id = '1') => ({ id, slug, status, published_at });

describe('newsRebuild', () => {
  it('drafts and pending edits never rebuild', () => {
    expect(newsRebuild([n('draft', null)], [n('pending', null)], now)).toBeNull();
  });
  it('publishing rebuilds that article', () => {
    expect(newsRebuild([n('pending', null)], [n('published', '2026-11-22T11:59:00Z')], now)).toEqual({
      full: false,
      news: ['1'],
      slugs: ['s'],
      months: ['2026-11'],
    });
  });
  it('unpublishing rebuilds so the page goes away', () => {
    expect(newsRebuild([n('published', '2026-11-20T00:00:00Z', 'old')], [n('draft', null, 'old')], now)).toEqual({
      full: false,
      news: ['1'],
      slugs: ['old'],
      months: ['2026-11'],
    });
  });
  it('a renamed article sends both slugs so the old page is removed', () => {
    expect(newsRebuild([n('published', '2026-11-20T00:00:00Z', 'old')], [n('published', '2026-11-20T00:00:00Z', 'new')], now)).toMatchObject({
      slugs: ['old', 'new'],
    });
  });
  it('a story moved to another date names the month it leaves and the one it joins (Belém time)', () => {
    // 1 Nov 01:00 UTC is still 31 Oct in Belém.
    expect(newsRebuild([n('published', '2026-11-01T01:00:00Z')], [n('published', '2026-09-15T12:00:00Z')], now)?.months).toEqual(['2026-10', '2026-09']);
  });
  it('scheduling for later does not rebuild now (the sweep does at the time)', () => {
    expect(newsRebuild([n('draft', null)], [n('published', '2026-11-23T00:00:00Z')], now)).toBeNull();
  });
  it('deleting a public article rebuilds', () => {
    expect(newsRebuild([n('published', '2026-11-20T00:00:00Z', 'gone')], [], now)).toEqual({ full: false, news: ['1'], slugs: ['gone'], months: ['2026-11'] });
  });
});

describe('siteWideRequest', () => {
  it('settings, ads and events render no per-list page; bylines every list; a category or municipality its own list, by old and new address', () => {
    const slugs = { before: ['politica'], after: ['poder'] };
    expect(Object.fromEntries(SITE_WIDE_COLLECTIONS.map((c) => [c, siteWideRequest(c, slugs)]))).toEqual({
      settings: LIVE_ONLY,
      ads: LIVE_ONLY,
      events: LIVE_ONLY,
      profiles: SITE_WIDE,
      categories: catalogueChange('category', ['politica', 'poder']),
      municipalities: catalogueChange('municipio', ['politica', 'poder']),
    });
    expect(siteWideRequest('categories', { before: ['esporte'], after: ['esporte'] }).named).toEqual({ category: ['esporte'] });
    expect(siteWideRequest('municipalities', { before: [], after: ['curionopolis'] }).named).toEqual({ municipio: ['curionopolis'] });
  });
});
