import { describe, expect, it } from 'vitest';
import {
  canEditEntry,
  createdEntryDate,
  entryPublishDate,
  feedChanges,
  isEntryPublic,
  LIVE_FEED_SIZE,
  LIVE_PAGE_SIZE,
  liveFeed,
  liveModeChange,
  livePages,
  mayRunCoverage,
  newUpdatesLabel,
  orderEntries,
  producerEntryUpdateFilter,
  producerMayWriteOn,
  PUBLIC_LIVE_ENTRY_FILTER,
  type LiveEntryView,
} from './live.ts';
import { matchesFilter } from './testing/filter-match.ts';

const now = new Date('2026-10-11T12:00:00Z');
const before = '2026-10-11T11:00:00Z';
const after = '2026-10-11T13:00:00Z';

const entry = (i: number, o: Partial<LiveEntryView> = {}): LiveEntryView => {
  const at = new Date(Date.parse('2026-10-11T08:00:00Z') + i * 60_000).toISOString();
  return { id: `e${String(i).padStart(4, '0')}`, at, updatedAt: at, html: `<p>${i}</p>`, pinned: false, image: null, author: null, correction: null, story: null, ...o };
};

describe('live mode', () => {
  it('only editors start and end a coverage', () => {
    expect(mayRunCoverage('editor')).toBe(true);
    expect(mayRunCoverage('super_admin')).toBe(true);
    expect(mayRunCoverage('producer')).toBe(false);
    expect(mayRunCoverage(null)).toBe(false);
  });

  it('starting stamps the start; ending stamps the end and keeps the start; resuming keeps the first start', () => {
    const started = liveModeChange({ live_started_at: null }, 'live', now);
    expect(started).toEqual({ live_status: 'live', live_started_at: now.toISOString(), live_ended_at: null });
    const later = new Date(now.getTime() + 3_600_000);
    expect(liveModeChange(started, 'ended', later)).toEqual({ live_status: 'ended', live_started_at: now.toISOString(), live_ended_at: later.toISOString() });
    expect(liveModeChange(started, 'live', later).live_started_at).toBe(now.toISOString());
    expect(liveModeChange(started, null, later)).toEqual({ live_status: null, live_started_at: null, live_ended_at: null });
  });

  it('only a super_admin moving an archive in dates an entry, never in the future', () => {
    expect(createdEntryDate('published', before, true, now)).toBe(new Date(before).toISOString());
    expect(createdEntryDate('published', before, false, now)).toBe(now.toISOString());
    expect(createdEntryDate('published', after, true, now)).toBe(now.toISOString());
    expect(createdEntryDate('draft', before, true, now)).toBeNull();
  });

  it('an entry takes the story publish rule: published now, keeps its date, anything else has none', () => {
    expect(entryPublishDate('published', null, now)).toBe(now.toISOString());
    expect(entryPublishDate('published', { status: 'published', published_at: before }, now)).toBe(new Date(before).toISOString());
    expect(entryPublishDate('pending', { status: 'published', published_at: before }, now)).toBeNull();
  });
});

describe('who writes entries', () => {
  it('producers write on a running coverage of their own municipality only', () => {
    expect(producerMayWriteOn({ live_status: 'live', municipality_id: 'm1' }, 'm1')).toBe(true);
    expect(producerMayWriteOn({ live_status: 'live', municipality_id: 'm1' }, 'm2')).toBe(false);
    expect(producerMayWriteOn({ live_status: 'ended', municipality_id: 'm1' }, 'm1')).toBe(false);
    expect(producerMayWriteOn({ live_status: 'live', municipality_id: null }, null)).toBe(false);
  });

  it.each([
    { role: 'editor', created_by: 'other', status: 'published', ok: true },
    { role: 'producer', created_by: 'me', status: 'draft', ok: true },
    { role: 'producer', created_by: 'me', status: 'pending', ok: true },
    { role: 'producer', created_by: 'me', status: 'published', ok: false },
    { role: 'producer', created_by: 'other', status: 'draft', ok: false },
  ])('canEditEntry and its filter agree: %o', ({ role, created_by, status, ok }) => {
    expect(canEditEntry(role, 'me', { created_by, status })).toBe(ok);
    if (role === 'producer') expect(matchesFilter(producerEntryUpdateFilter('me'), { created_by, status }, now)).toBe(ok);
  });
});

describe('which entries readers see (predicate and filter agree)', () => {
  const coverage = { status: 'published', published_at: before, live_status: 'live' };
  it.each([
    [{ status: 'published', published_at: before }, coverage, true],
    [{ status: 'published', published_at: before }, { ...coverage, live_status: 'ended' }, true],
    [{ status: 'published', published_at: before }, { ...coverage, live_status: null }, false],
    [{ status: 'published', published_at: before }, { ...coverage, status: 'draft' }, false],
    [{ status: 'published', published_at: before }, { ...coverage, published_at: after }, false],
    [{ status: 'pending', published_at: null }, coverage, false],
    [{ status: 'published', published_at: after }, coverage, false],
    [{ status: 'archived', published_at: before }, coverage, false],
  ])('entry %o on %o → %s', (e, news, visible) => {
    expect(isEntryPublic(e, news, now)).toBe(visible);
    expect(matchesFilter(PUBLIC_LIVE_ENTRY_FILTER, { ...e, news_id: news }, now)).toBe(visible);
  });
});

describe('the feed and the pages', () => {
  it('pinned on top, then newest first', () => {
    const list = orderEntries([entry(1), entry(3), entry(2, { pinned: true })]);
    expect(list.map((e) => e.id)).toEqual(['e0002', 'e0003', 'e0001']);
  });

  it('holds the pinned entries and the newest others; its cursor is the newest change', () => {
    const entries = Array.from({ length: 30 }, (_, i) => entry(i, i === 0 ? { pinned: true } : {}));
    entries[5] = { ...entries[5]!, updatedAt: '2026-10-11T23:00:00.000Z' };
    const feed = liveFeed({ state: 'live', startedAt: '2026-10-11T07:00:00.000Z', endedAt: null }, entries);
    expect(feed.total).toBe(30);
    expect(feed.entries).toHaveLength(1 + LIVE_FEED_SIZE);
    expect(feed.entries[0]!.id).toBe('e0000');
    expect(feed.entries[1]!.id).toBe('e0029');
    expect(feed.rev).toBe('2026-10-11T23:00:00.000Z');
  });

  it('older pages count from the oldest: a new entry changes only the last page', () => {
    const n = LIVE_FEED_SIZE + 2 * LIVE_PAGE_SIZE + 7;
    const entries = Array.from({ length: n }, (_, i) => entry(i));
    const pages = livePages(entries);
    expect(pages.map((p) => p.length)).toEqual([LIVE_PAGE_SIZE, LIVE_PAGE_SIZE, 7]);
    expect(pages[0]![0]!.id).toBe(`e${String(LIVE_PAGE_SIZE - 1).padStart(4, '0')}`);
    const more = livePages([...entries, entry(n)]);
    expect(more[0]).toEqual(pages[0]);
    expect(more[1]).toEqual(pages[1]);
    expect(more[2]).toHaveLength(8);
  });

  it('the cursor: new, edited and removed entries; one older than the window is not removed', () => {
    const entries = Array.from({ length: 25 }, (_, i) => entry(i));
    const feed = liveFeed({ state: 'live', startedAt: null, endedAt: null }, entries.slice(0, 24));
    const shown = new Map(entries.slice(0, 22).map((e) => [e.id, { at: e.at, updatedAt: e.updatedAt }]));
    shown.set('e0023', { at: entries[23]!.at, updatedAt: 'old' });
    shown.set('e0099', { at: '2026-10-11T20:00:00.000Z', updatedAt: '2026-10-11T20:00:00.000Z' });
    const c = feedChanges(feed, shown);
    expect(c.added.map((e) => e.id)).toEqual(['e0022']);
    expect(c.changed.map((e) => e.id)).toEqual(['e0023']);
    // e0099 is gone from a newer window; e0000–e0003 are only older than the window.
    expect(c.removed).toEqual(['e0099']);
  });

  it('says how many arrived in pt-BR', () => {
    expect(newUpdatesLabel(1)).toBe('1 nova atualização');
    expect(newUpdatesLabel(12)).toBe('12 novas atualizações');
  });
});
