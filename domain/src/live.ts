/**
 * Live coverage (issue #30, decision 062): a story in live mode carries a
 * stream of short entries (`news_live_entries`). Each rule once: who turns the
 * mode on and ends it, who writes and approves entries, which entries readers
 * see (predicate and Directus filter side by side), what the page and search
 * engines get; and, re-exported from live-feed.ts, the feed each live page polls.
 */
import { isEditorLevel } from './roles.ts';
import { applyPublishRule, isPubliclyVisible, PRODUCER_EDITABLE_STATUSES, type NewsStatus } from './news-status.ts';
import { PUBLIC_NEWS_FILTER, NOW, ME } from './news-access.ts';
import { LIVE_BADGE } from './live-badge.ts';
import { isLiveState, liveEntryAnchor, type LiveEntryView, type LiveState } from './live-feed.ts';
// The feed's contract and the badge, in modules of their own (browser bundles take them alone).
export * from './live-feed.ts';
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

/** An alert's title for an entry: the coverage's, marked live. */
export const liveAlertTitle = (coverageTitle: string): string => `${LIVE_BADGE}: ${coverageTitle}`;

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
 * An entry's publication time when it is created: the publish rule's, unless a
 * super_admin moving an archive in (an import, the demo) gives an earlier one —
 * never a future one (an entry has no schedule).
 * @example createdEntryDate('published', '2026-10-11T09:00:00Z', true, now) // '2026-10-11T09:00:00.000Z'
 */
export function createdEntryDate(status: NewsStatus, given: unknown, admin: boolean, now: Date): string | null {
  const at = typeof given === 'string' ? Date.parse(given) : NaN;
  if (admin && status === 'published' && Number.isFinite(at) && at <= now.getTime()) return new Date(at).toISOString();
  return entryPublishDate(status, null, now);
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
  return isPubliclyVisible(entry, now) && isCoveragePublic(news, now);
}

/** A coverage readers see: a public story in live mode (running or ended). */
export function isCoveragePublic(news: { status: string; published_at: Stamp; live_status?: string | null }, now: Date): boolean {
  return isPubliclyVisible(news, now) && isLiveState(news.live_status);
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


// ---------------------------------------------------------------- the page


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
