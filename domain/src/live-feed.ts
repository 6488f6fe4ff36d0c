/**
 * The feed of a live coverage (issue #30, decision 062): the one contract
 * between the builder that writes each live story's feed and the page's
 * browser module that reads it — sizes, addresses, the entry as readers get
 * it, reading order, older pages, what changed since a page was built. Kept
 * apart from domain/live's server rules (roles, statuses, filters), which
 * re-exports it: with no import, a browser bundle takes this alone.
 */

/** A story's live mode: none (null), running, or ended (the page freezes, polling stops). */
export const LIVE_STATES = ['live', 'ended'] as const;
export type LiveState = (typeof LIVE_STATES)[number];
export const isLiveState = (v: unknown): v is LiveState => typeof v === 'string' && (LIVE_STATES as readonly string[]).includes(v);

/** Entries on a live page's first paint and in its feed; older ones are on numbered pages. */
export const LIVE_FEED_SIZE = 20;
/** Entries per older page (numbered from the oldest, so a new entry changes only the last page). */
export const LIVE_PAGE_SIZE = 50;
/**
 * How often an open page asks for the feed: visible tab, hidden tab. Five
 * seconds, not ten: an entry must be on open screens within 10 s at p95, and a
 * reader's wait for the next poll is spread over the whole interval (its p95 is
 * 95% of it) on top of the pipeline's time. Most polls are a 304 of a static file.
 */
export const LIVE_POLL_MS = 5_000;
export const LIVE_POLL_HIDDEN_MS = 30_000;
/** The feed's address beside its story page: one small static file per live story. */
export const liveFeedPath = (slug: string): string => `/news/${slug}/ao-vivo.json`;
/** An entry's anchor on its coverage's page (links, alerts). */
export const liveEntryAnchor = (id: string): string => `atualizacao-${id}`;
/** The entry an anchor names (liveEntryAnchor's inverse), or null. @example anchorEntryId('atualizacao-a1') // 'a1' */
export const anchorEntryId = (anchor: string): string | null => (anchor.startsWith('atualizacao-') ? anchor.slice('atualizacao-'.length) || null : null);
/** An older page of entries (k from 1, the oldest). */
export const livePagePath = (slug: string, k: number): string => `/news/${slug}/atualizacoes/${k}/`;

/** One entry as readers get it (page and feed alike). `html` is already sanitized. */
export type LiveEntryView = {
  id: string;
  /** Published at (ISO). */
  at: string;
  /** Last change readers should see (ISO): an edit or a correction moves it. */
  updatedAt: string;
  html: string;
  pinned: boolean;
  image: { src: string; caption: string | null } | null;
  author: { name: string; slug: string | null } | null;
  correction: { note: string; at: string } | null;
  /** The story this entry became (linked both ways). */
  story: { title: string; slug: string } | null;
};

/** The feed a live page polls (`liveFeedPath`). */
export type LiveFeed = {
  v: 1;
  state: LiveState;
  startedAt: string | null;
  endedAt: string | null;
  /** The newest change among the feed's entries or the mode's: the page's cursor. */
  rev: string;
  /** Public entries in all. */
  total: number;
  /** The pinned entries, then the newest LIVE_FEED_SIZE others, newest first. */
  entries: LiveEntryView[];
};

const newestFirst = (a: LiveEntryView, b: LiveEntryView) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Entries in reading order: pinned on top (newest first), then the rest newest first.
 * @example orderEntries([{ id: 'a', at: '1', pinned: true }, { id: 'b', at: '2', pinned: false }]).map((e) => e.id) // ['a', 'b']
 */
export function orderEntries<T extends Pick<LiveEntryView, 'id' | 'at' | 'pinned'>>(entries: readonly T[]): T[] {
  const cmp = newestFirst as unknown as (a: T, b: T) => number;
  return [...entries.filter((e) => e.pinned).sort(cmp), ...entries.filter((e) => !e.pinned).sort(cmp)];
}

/** The feed of a coverage from its public entries (any order). */
export function liveFeed(mode: { state: LiveState; startedAt: string | null; endedAt: string | null }, entries: readonly LiveEntryView[]): LiveFeed {
  const ordered = orderEntries(entries);
  const pinned = ordered.filter((e) => e.pinned);
  const rest = ordered.filter((e) => !e.pinned).slice(0, LIVE_FEED_SIZE);
  const stamps = [mode.startedAt ?? '', mode.endedAt ?? '', ...entries.map((e) => e.updatedAt)];
  return { v: 1, state: mode.state, startedAt: mode.startedAt, endedAt: mode.endedAt, rev: stamps.reduce((m, s) => (s > m ? s : m), ''), total: entries.length, entries: [...pinned, ...rest] };
}

/**
 * The older pages of a coverage: chunks of LIVE_PAGE_SIZE counted from the
 * oldest, each shown newest first. Pinned entries are on the first paint only.
 */
export function livePages<T extends Pick<LiveEntryView, 'id' | 'at' | 'pinned'>>(entries: readonly T[]): T[][] {
  const rest = orderEntries(entries.filter((e) => !e.pinned)).slice(LIVE_FEED_SIZE).reverse();
  const pages: T[][] = [];
  for (let i = 0; i < rest.length; i += LIVE_PAGE_SIZE) pages.push(rest.slice(i, i + LIVE_PAGE_SIZE).reverse());
  return pages;
}

/** What changed between what a page shows (`shown`: id → updatedAt) and a newer feed. */
export type FeedChanges = { added: LiveEntryView[]; changed: LiveEntryView[]; removed: string[] };

/**
 * The page's cursor at work: new entries, entries edited since, and shown ones
 * the feed no longer has within its window (removed or unpublished). An entry
 * older than the feed's oldest is out of the window, not removed.
 */
export function feedChanges(feed: LiveFeed, shown: ReadonlyMap<string, { updatedAt: string; at: string }>): FeedChanges {
  const inFeed = new Map(feed.entries.map((e) => [e.id, e]));
  const added: LiveEntryView[] = [];
  const changed: LiveEntryView[] = [];
  for (const e of feed.entries) {
    const s = shown.get(e.id);
    if (!s) added.push(e);
    else if (s.updatedAt !== e.updatedAt) changed.push(e);
  }
  const rest = feed.entries.filter((e) => !e.pinned);
  // A full feed's window starts at its oldest unpinned entry; a short one holds every entry.
  const from = rest.length >= LIVE_FEED_SIZE ? rest[rest.length - 1]!.at : '';
  const removed = [...shown].filter(([id, s]) => !inFeed.has(id) && s.at >= from).map(([id]) => id);
  return { added, changed, removed };
}

/**
 * The button readers press to see what arrived.
 * @example newUpdatesLabel(1) // '1 nova atualização'
 * @example newUpdatesLabel(3) // '3 novas atualizações'
 */
export const newUpdatesLabel = (n: number): string => (n === 1 ? '1 nova atualização' : `${n} novas atualizações`);

/** An entry's place in reading order (orderEntries): pinned first, then newest first; ties by id. */
export function entryOrder(a: Pick<LiveEntryView, 'id' | 'at' | 'pinned'>, b: Pick<LiveEntryView, 'id' | 'at' | 'pinned'>): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  return newestFirst(a as LiveEntryView, b as LiveEntryView);
}

// Pure: a bundle that takes only a label of this module drops them.
const dayFmt = /* @__PURE__ */ new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Belem', day: '2-digit', month: '2-digit' });
const timeFmt = /* @__PURE__ */ new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Belem', hour: '2-digit', minute: '2-digit' });

/**
 * An entry's time as the page shows it (Belém): hh:mm, with the day when it is
 * not the day of `ref` (the coverage's newest entry), so a coverage that
 * crosses midnight never shows two "09:05" of different days.
 * @example entryTimeLabel('2026-11-22T12:05:00Z', '2026-11-22T20:00:00Z') // '09:05'
 * @example entryTimeLabel('2026-11-21T12:05:00Z', '2026-11-22T20:00:00Z') // '21/11 09:05'
 */
export function entryTimeLabel(at: string, ref: string): string {
  const day = dayFmt.format(new Date(at));
  const time = timeFmt.format(new Date(at));
  return day === dayFmt.format(new Date(ref)) ? time : `${day} ${time}`;
}
