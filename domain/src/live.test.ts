import { describe, expect, it } from 'vitest';
import {
  anchorEntryId,
  entryHeadline,
  entryOrder,
  entryTimeLabel,
  entryUpdatedAt,
  feedChanges,
  LIVE_BLOG_UPDATES,
  LIVE_FEED_SIZE,
  LIVE_PAGE_SIZE,
  liveBlogPosting,
  liveEntryAnchor,
  liveFeed,
  liveModifiedAt,
  livePages,
  newUpdatesLabel,
  orderEntries,
} from './live.ts';
import {
  canEditEntry,
  createdEntryDate,
  entryPublishDate,
  isEntryPublic,
  liveModeChange,
  mayRunCoverage,
  producerEntryUpdateFilter,
  producerMayWriteOn,
  PUBLIC_LIVE_ENTRY_FILTER,
} from './live.ts';
import { matchesFilter } from './testing/filter-match.ts';
import { liveEntry, minuteAt } from './testing/live-entry.ts';

const at = minuteAt;
const entry = liveEntry;
/** n entries a minute apart, e0 the oldest. */
const many = (n: number) => Array.from({ length: n }, (_, i) => entry(`e${i}`, i));

describe('live coverage: reading order and pages', () => {
  it('pinned entries come first, then the newest; the order is the same as entryOrder', () => {
    const es = [entry('a', 1), entry('b', 3), entry('p', 0, { pinned: true }), entry('c', 2)];
    expect(orderEntries(es).map((e) => e.id)).toEqual(['p', 'b', 'c', 'a']);
    expect([...es].sort(entryOrder).map((e) => e.id)).toEqual(['p', 'b', 'c', 'a']);
  });

  it('the feed holds the pinned entries and the newest LIVE_FEED_SIZE others; its rev is the newest change', () => {
    const es = [...many(30), entry('p', 0, { pinned: true, updatedAt: at(59) })];
    const feed = liveFeed({ state: 'live', startedAt: at(0), endedAt: null }, es);
    expect(feed.total).toBe(31);
    expect(feed.entries).toHaveLength(LIVE_FEED_SIZE + 1);
    expect(feed.entries[0]!.id).toBe('p');
    expect(feed.entries[1]!.id).toBe('e29');
    expect(feed.rev).toBe(at(59));
  });

  it('older pages are numbered from the oldest: a new entry changes only the last one', () => {
    const n = LIVE_FEED_SIZE + 2 * LIVE_PAGE_SIZE + 5;
    const before = livePages(many(n));
    expect(before.map((p) => p.length)).toEqual([LIVE_PAGE_SIZE, LIVE_PAGE_SIZE, 5]);
    expect(before[0]![LIVE_PAGE_SIZE - 1]!.id).toBe('e0'); // each page newest first, the first page ends with the oldest
    const after = livePages(many(n + 1));
    expect(after.slice(0, 2)).toEqual(before.slice(0, 2));
    expect(after[2]).toHaveLength(6);
  });

  it('an open page learns what was added, changed and removed; an entry older than the window is not removed', () => {
    const shown = new Map(many(25).map((e) => [e.id, { at: e.at, updatedAt: e.updatedAt }]));
    // e24 was removed, e25 is new, e10 was corrected; e0…e4 fall out of the feed's window (not removed).
    const now = [...many(24).map((e) => (e.id === 'e10' ? { ...e, updatedAt: at(40) } : e)), entry('e25', 25)];
    const ch = feedChanges(liveFeed({ state: 'live', startedAt: null, endedAt: null }, now), shown);
    expect(ch.added.map((e) => e.id)).toEqual(['e25']);
    expect(ch.changed.map((e) => e.id)).toEqual(['e10']);
    expect(ch.removed).toEqual(['e24']);
  });

  it("an entry's anchor names it and back", () => {
    expect(anchorEntryId(liveEntryAnchor('9f1c'))).toBe('9f1c');
    expect(anchorEntryId('conteudo')).toBeNull();
  });

  it('the button says how many arrived, in Portuguese', () => {
    expect(newUpdatesLabel(1)).toBe('1 nova atualização');
    expect(newUpdatesLabel(4)).toBe('4 novas atualizações');
  });
});

describe('live coverage: times', () => {
  it("an entry's last change is the latest of publication, edit and correction", () => {
    expect(entryUpdatedAt({ published_at: at(1), updated_at: at(5), corrected_at: at(3) })).toBe(at(5));
    expect(entryUpdatedAt({ published_at: at(1), updated_at: null, corrected_at: at(3) })).toBe(at(3));
    expect(entryUpdatedAt({ published_at: '2026-11-22 12:01:00', updated_at: null })).toBe(new Date('2026-11-22 12:01:00').toISOString());
  });

  it("a live story is modified when its newest entry changed, never before it was published", () => {
    expect(liveModifiedAt(at(10), null, [entry('a', 5), entry('b', 20)])).toBe(at(20));
    expect(liveModifiedAt(at(10), at(30), [entry('b', 20)])).toBe(at(30));
    expect(liveModifiedAt(at(10), null, [entry('a', 5)])).toBeNull();
  });

  it("an entry's time is Belém's, with its day when it is not the newest entry's day", () => {
    expect(entryTimeLabel('2026-11-22T12:05:00Z', '2026-11-22T20:00:00Z')).toBe('09:05');
    expect(entryTimeLabel('2026-11-22T02:05:00Z', '2026-11-22T20:00:00Z')).toBe('21/11 23:05');
  });
});

describe('live coverage: LiveBlogPosting', () => {
  it('an entry headline is its first sentence, at most 110 characters', () => {
    expect(entryHeadline('Chuva forte em Belém. Defesa Civil alerta.')).toBe('Chuva forte em Belém.');
    const long = entryHeadline(`${'palavra '.repeat(30)}fim`);
    expect(long.length).toBeLessThanOrEqual(110);
    expect(long.endsWith('…')).toBe(true);
  });

  it('carries the coverage times, the newest updates with their anchors, and dateModified the newest change', () => {
    const es = Array.from({ length: 12 }, (_, i) => ({
      ...entry(`e${i}`, i),
      text: `Atualização ${i}.`,
      author: i === 11 ? { name: 'Ana', slug: 'ana' } : null,
      authorUrl: i === 11 ? 'https://x/autor/ana' : null,
      imageUrl: i === 11 ? 'https://x/a.jpg' : null,
    }));
    const ld = liveBlogPosting(
      { '@context': 'https://schema.org', headline: 'Círio', datePublished: at(0), dateModified: at(0) },
      { url: 'https://x/news/cirio', state: 'ended', startedAt: at(0), endedAt: at(50), entries: es },
    );
    expect(ld).toMatchObject({ '@type': 'LiveBlogPosting', headline: 'Círio', coverageStartTime: at(0), coverageEndTime: at(50), dateModified: at(11) });
    const updates = ld.liveBlogUpdate as Array<Record<string, unknown>>;
    expect(updates).toHaveLength(LIVE_BLOG_UPDATES);
    expect(updates[0]).toEqual({
      '@type': 'BlogPosting',
      headline: 'Atualização 11.',
      articleBody: 'Atualização 11.',
      datePublished: at(11),
      dateModified: at(11),
      url: `https://x/news/cirio#${liveEntryAnchor('e11')}`,
      author: { '@type': 'Person', name: 'Ana', url: 'https://x/autor/ana' },
      image: 'https://x/a.jpg',
    });
    expect(updates[1]).not.toHaveProperty('author');
    // Running: no end time.
    expect(liveBlogPosting({ headline: 'x' }, { url: 'u', state: 'live', startedAt: at(0), endedAt: null, entries: [] })).not.toHaveProperty('coverageEndTime');
  });
});

// The server's rules (issue #30): who runs a coverage, who writes, which entries readers see.
const NOON = new Date('2026-10-11T12:00:00Z');
const BEFORE = '2026-10-11T11:00:00Z';
const AFTER = '2026-10-11T13:00:00Z';

describe('live mode', () => {
  it('only editors start and end a coverage', () => {
    expect(mayRunCoverage('editor')).toBe(true);
    expect(mayRunCoverage('super_admin')).toBe(true);
    expect(mayRunCoverage('producer')).toBe(false);
    expect(mayRunCoverage(null)).toBe(false);
  });

  it('starting stamps the start; ending stamps the end and keeps the start; resuming keeps the first start', () => {
    const started = liveModeChange({ live_started_at: null }, 'live', NOON);
    expect(started).toEqual({ live_status: 'live', live_started_at: NOON.toISOString(), live_ended_at: null });
    const later = new Date(NOON.getTime() + 3_600_000);
    expect(liveModeChange(started, 'ended', later)).toEqual({ live_status: 'ended', live_started_at: NOON.toISOString(), live_ended_at: later.toISOString() });
    expect(liveModeChange(started, 'live', later).live_started_at).toBe(NOON.toISOString());
    expect(liveModeChange(started, null, later)).toEqual({ live_status: null, live_started_at: null, live_ended_at: null });
  });

  it('only a super_admin moving an archive in dates an entry, never in the future', () => {
    expect(createdEntryDate('published', BEFORE, true, NOON)).toBe(new Date(BEFORE).toISOString());
    expect(createdEntryDate('published', BEFORE, false, NOON)).toBe(NOON.toISOString());
    expect(createdEntryDate('published', AFTER, true, NOON)).toBe(NOON.toISOString());
    expect(createdEntryDate('draft', BEFORE, true, NOON)).toBeNull();
  });

  it('an entry takes the story publish rule: published NOON, keeps its date, anything else has none', () => {
    expect(entryPublishDate('published', null, NOON)).toBe(NOON.toISOString());
    expect(entryPublishDate('published', { status: 'published', published_at: BEFORE }, NOON)).toBe(new Date(BEFORE).toISOString());
    expect(entryPublishDate('pending', { status: 'published', published_at: BEFORE }, NOON)).toBeNull();
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
    if (role === 'producer') expect(matchesFilter(producerEntryUpdateFilter('me'), { created_by, status }, NOON)).toBe(ok);
  });
});

describe('which entries readers see (predicate and filter agree)', () => {
  const coverage = { status: 'published', published_at: BEFORE, live_status: 'live' };
  it.each([
    [{ status: 'published', published_at: BEFORE }, coverage, true],
    [{ status: 'published', published_at: BEFORE }, { ...coverage, live_status: 'ended' }, true],
    [{ status: 'published', published_at: BEFORE }, { ...coverage, live_status: null }, false],
    [{ status: 'published', published_at: BEFORE }, { ...coverage, status: 'draft' }, false],
    [{ status: 'published', published_at: BEFORE }, { ...coverage, published_at: AFTER }, false],
    [{ status: 'pending', published_at: null }, coverage, false],
    [{ status: 'published', published_at: AFTER }, coverage, false],
    [{ status: 'archived', published_at: BEFORE }, coverage, false],
  ])('entry %o on %o → %s', (e, news, visible) => {
    expect(isEntryPublic(e, news, NOON)).toBe(visible);
    expect(matchesFilter(PUBLIC_LIVE_ENTRY_FILTER, { ...e, news_id: news }, NOON)).toBe(visible);
  });
});
