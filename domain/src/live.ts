/**
 * Live coverage (issue #30, decision 062): a story in live mode carries a
 * stream of short entries (`news_live_entries`). Each rule once: who turns the
 * mode on and ends it, who writes and approves entries, which entries readers
 * see (predicate and Directus filter side by side), and the feed each live
 * page polls — the one contract between the builder that writes it and the
 * page's island that reads it.
 */
import { isEditorLevel } from './roles.ts';
import { applyPublishRule, isPubliclyVisible, PRODUCER_EDITABLE_STATUSES, type NewsStatus } from './news-status.ts';
import { PUBLIC_NEWS_FILTER, NOW, ME } from './news-access.ts';
import { LIVE_BADGE } from './live-badge.ts';

/** A story's live mode: none (null), running, or ended (the page freezes, polling stops). */
export const LIVE_STATES = ['live', 'ended'] as const;
export type LiveState = (typeof LIVE_STATES)[number];
export const isLiveState = (v: unknown): v is LiveState => typeof v === 'string' && (LIVE_STATES as readonly string[]).includes(v);

export { LIVE_BADGE, LIVE_ENDED_BADGE } from './live-badge.ts';
export const LIVE_STATE_LABELS: Record<LiveState, string> = { live: 'Ao vivo', ended: 'Encerrada' };

// pt-BR refusals: the server's, shown as they are by the admin.
export const LIVE_MODE_ERROR = 'Apenas editores podem iniciar ou encerrar uma cobertura ao vivo';
export const LIVE_STATE_INVALID = 'Estado da cobertura ao vivo inválido';
export const ENTRY_NEEDS_LIVE = 'Só é possível escrever atualizações em uma cobertura ao vivo em andamento';
export const ENTRY_NEEDS_COVERAGE = 'Escolha a cobertura ao vivo da atualização';
export const ENTRY_MUNICIPALITY_ERROR = 'Produtores só escrevem atualizações em coberturas do seu município';
export const ENTRY_STATUS_ERROR = 'Produtores só podem salvar atualizações como rascunho ou pendente';
export const ENTRY_EDITOR_ONLY = 'Apenas editores podem fixar, corrigir ou transformar atualizações em notícia';
export const ENTRY_MOVE_ERROR = 'Uma atualização não muda de cobertura';
export const ENTRY_BODY_REQUIRED = 'Escreva o texto da atualização';

/** Turning live mode on and ending it is an editorial decision. */
export const mayRunCoverage = (role: string | null | undefined): boolean => isEditorLevel(role);

/** Fields only editor-level staff set on an entry (producers' writes that carry them are refused). */
export const ENTRY_EDITOR_FIELDS = ['pinned', 'correction_note', 'promoted_news_id'] as const;

type Stamp = string | Date | null | undefined;
const iso = (d: Stamp): string | null => (d ? new Date(d).toISOString() : null);

export type LiveMode = { live_status: LiveState | null; live_started_at: string | null; live_ended_at: string | null };

/**
 * The live fields a change of mode writes: starting keeps the first start
 * (a coverage resumed keeps its start time), ending stamps the end, turning
 * the mode off clears them.
 * @example liveModeChange({ live_status: null, live_started_at: null, live_ended_at: null }, 'live', now)
 *   // { live_status: 'live', live_started_at: now.toISOString(), live_ended_at: null }
 */
export function liveModeChange(current: { live_started_at?: Stamp }, next: LiveState | null, now: Date): LiveMode {
  if (next === null) return { live_status: null, live_started_at: null, live_ended_at: null };
  const started = iso(current.live_started_at) ?? now.toISOString();
  return { live_status: next, live_started_at: started, live_ended_at: next === 'ended' ? now.toISOString() : null };
}

/** Entries take the story's statuses and the story's publish rule (no schedule: an entry is news now). */
export function entryPublishDate(status: NewsStatus, previous: { status: NewsStatus; published_at: Stamp } | null, now: Date): string | null {
  return applyPublishRule({ status, scheduled_at: null, previous, now }).published_at;
}

/**
 * Readers see an entry once it is published, of a coverage that is public and
 * in live mode (running or ended). Filter form: PUBLIC_LIVE_ENTRY_FILTER.
 */
export function isEntryPublic(
  entry: { status: string; published_at: Stamp },
  news: { status: string; published_at: Stamp; live_status?: string | null },
  now: Date,
): boolean {
  return isPubliclyVisible(entry, now) && isPubliclyVisible(news, now) && isLiveState(news.live_status);
}

/** The public (and producers') read permission on entries: isEntryPublic as a Directus filter. */
export const PUBLIC_LIVE_ENTRY_FILTER = {
  _and: [{ status: { _eq: 'published' } }, { published_at: { _lte: NOW } }, { news_id: { _and: [...PUBLIC_NEWS_FILTER._and, { live_status: { _nnull: true } }] } }],
};

/**
 * Who may edit an entry: editors any; a producer only their own while it is
 * a draft or pending, as for stories. Filter form: producerEntryUpdateFilter.
 */
export function canEditEntry(role: string | null | undefined, userId: string, entry: { created_by: string | null; status: string }): boolean {
  if (isEditorLevel(role)) return true;
  return !!userId && entry.created_by === userId && (PRODUCER_EDITABLE_STATUSES as readonly string[]).includes(entry.status);
}
export const producerEntryUpdateFilter = (me: string = ME) => ({ _and: [{ created_by: { _eq: me } }, { status: { _in: [...PRODUCER_EDITABLE_STATUSES] } }] });

/**
 * Whether a producer may write entries on this coverage: it is running and
 * filed in the producer's municipality (as a producer's stories are).
 */
export function producerMayWriteOn(coverage: { live_status: string | null; municipality_id: string | null }, municipalityId: string | null): boolean {
  return coverage.live_status === 'live' && !!municipalityId && coverage.municipality_id === municipalityId;
}

// ---------------------------------------------------------------- the feed

/** Entries on a live page's first paint and in its feed; older ones are on numbered pages. */
export const LIVE_FEED_SIZE = 20;
/** Entries per older page (numbered from the oldest, so a new entry changes only the last page). */
export const LIVE_PAGE_SIZE = 50;
/** How often an open page asks for the feed: visible tab, hidden tab. */
export const LIVE_POLL_MS = 10_000;
export const LIVE_POLL_HIDDEN_MS = 60_000;
/** The feed's address beside its story page: one small static file per live story. */
export const liveFeedPath = (slug: string): string => `/news/${slug}/ao-vivo.json`;
/** An entry's anchor on its coverage's page (links, alerts). */
export const liveEntryAnchor = (id: string): string => `atualizacao-${id}`;
/** The entry an anchor names (liveEntryAnchor's inverse), or null. @example anchorEntryId('atualizacao-a1') // 'a1' */
export const anchorEntryId = (anchor: string): string | null => (anchor.startsWith('atualizacao-') ? anchor.slice('atualizacao-'.length) || null : null);
/** An alert's title for an entry: the coverage's, marked live. */
export const liveAlertTitle = (coverageTitle: string): string => `${LIVE_BADGE}: ${coverageTitle}`;
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

// ---------------------------------------------------------------- the page

/** An entry's place in reading order (orderEntries): pinned first, then newest first; ties by id. */
export function entryOrder(a: Pick<LiveEntryView, 'id' | 'at' | 'pinned'>, b: Pick<LiveEntryView, 'id' | 'at' | 'pinned'>): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  return newestFirst(a as LiveEntryView, b as LiveEntryView);
}

/**
 * What readers see as an entry's last change: its publication, an edit, a correction.
 * @example entryUpdatedAt({ published_at: '2026-11-22T10:00:00Z', updated_at: '2026-11-22T10:05:00Z', corrected_at: null }) // '2026-11-22T10:05:00.000Z'
 */
export function entryUpdatedAt(row: { published_at: Stamp; updated_at?: Stamp; corrected_at?: Stamp }): string {
  const stamps = [row.published_at, row.updated_at, row.corrected_at].map(iso).filter((s): s is string => !!s);
  return stamps.reduce((m, s) => (s > m ? s : m), '');
}

/**
 * A live story's modification time: its own (domain/corrections modifiedAfterPublication),
 * or its newest entry's change when later than that and than its publication.
 * @example liveModifiedAt('2026-11-22T10:00:00.000Z', null, [{ updatedAt: '2026-11-22T12:00:00.000Z' }]) // '2026-11-22T12:00:00.000Z'
 */
export function liveModifiedAt(publishedAt: string, modifiedAt: string | null, entries: ReadonlyArray<Pick<LiveEntryView, 'updatedAt'>>): string | null {
  let newest = modifiedAt;
  for (const e of entries) if (e.updatedAt > publishedAt && (!newest || e.updatedAt > newest)) newest = e.updatedAt;
  return newest;
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

/** The heading above older entries' links, and the link back from an older page. */
export const LIVE_OLDER_TITLE = 'Atualizações anteriores';
/** What the promoted story's page says of the coverage it came from. */
export const FROM_LIVE_TEXT = 'Esta notícia saiu da cobertura ao vivo';
/** What an entry that became a story links it with. */
export const ENTRY_STORY_TEXT = 'Leia a notícia completa:';
/** A pinned entry's mark. */
export const PINNED_LABEL = 'Fixado';

/** Entries in the page's LiveBlogPosting (the newest; the page itself holds more). */
export const LIVE_BLOG_UPDATES = 10;
const HEADLINE_MAX = 110;

/**
 * An entry's headline for search engines (at most 110 characters, Google's
 * limit): its first sentence, or its first words.
 * @example entryHeadline('Chuva forte em Belém. Defesa Civil alerta.') // 'Chuva forte em Belém.'
 */
export function entryHeadline(text: string): string {
  const t = text.trim();
  const sentence = /^.+?[.!?](?=\s|$)/.exec(t)?.[0] ?? t;
  if (sentence.length <= HEADLINE_MAX) return sentence;
  const cut = sentence.slice(0, HEADLINE_MAX - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 40 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

type LdEntry = Pick<LiveEntryView, 'id' | 'at' | 'updatedAt' | 'image' | 'author'> & { text: string; authorUrl: string | null; imageUrl: string | null };

/**
 * The schema.org LiveBlogPosting of a live story (issue #30): the story's
 * article fields (`article`, without @type) with its coverage times and its
 * newest entries as BlogPosting updates, each with its anchor on the page;
 * `dateModified` is the newest change.
 */
export function liveBlogPosting(
  article: Record<string, unknown> & { dateModified?: unknown },
  o: { url: string; state: LiveState; startedAt: string | null; endedAt: string | null; entries: readonly LdEntry[] },
): Record<string, unknown> {
  const newest = [...o.entries].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, LIVE_BLOG_UPDATES);
  const modified = o.entries.reduce((m, e) => (e.updatedAt > m ? e.updatedAt : m), String(article.dateModified ?? ''));
  return {
    ...article,
    '@type': 'LiveBlogPosting',
    ...(o.startedAt ? { coverageStartTime: o.startedAt } : {}),
    ...(o.state === 'ended' && o.endedAt ? { coverageEndTime: o.endedAt } : {}),
    ...(modified ? { dateModified: modified } : {}),
    liveBlogUpdate: newest.map((e) => ({
      '@type': 'BlogPosting',
      headline: entryHeadline(e.text) || String(article.headline ?? ''),
      articleBody: e.text,
      datePublished: e.at,
      dateModified: e.updatedAt,
      url: `${o.url}#${liveEntryAnchor(e.id)}`,
      ...(e.author ? { author: { '@type': 'Person', name: e.author.name, ...(e.authorUrl ? { url: e.authorUrl } : {}) } } : {}),
      ...(e.imageUrl ? { image: e.imageUrl } : {}),
    })),
  };
}
