/**
 * Site search between full builds (issue #8: a published story is found
 * within seconds). A full build indexes every story into /pagefind/ and
 * stamps when it read the data (`since`). Each targeted build then indexes,
 * into /pagefind-recent/, the stories changed since that stamp, and carries
 * the addresses that left the site since then; the search page merges both
 * indexes, prefers the recent record of a story and drops what left.
 * docs/decisions/006-publish-pipeline.md.
 */

export type SearchDelta = {
  /** When the full index read its data (ISO). */
  since: string;
  /** How many folders the full index is split into (searchShardDirs): the search page merges them all. */
  parts: number;
  /** Story addresses (`/news/<slug>/`) that left the public site since then. */
  removed: string[];
  /** A recent index exists beside the full one. */
  recent: boolean;
};

export const SEARCH_DELTA_FILE = 'search-delta.json';
export const RECENT_INDEX_DIR = 'pagefind-recent';

/**
 * Stories per folder of the full index. Pagefind holds a whole index in
 * memory while it writes it: one index of 100,000 stories peaked at 6.4 GB
 * (issue #8 allows a full build 4 GB for all its processes); folders of this
 * size are written one after another, each by a fresh Pagefind process, and
 * merged by the search page in the browser (Pagefind `mergeIndex`). Folders
 * of 20,000 peaked at 1.4–1.5 GB each, the largest process of a 100,000-story
 * build (issue #33's 4 GB is for the whole stack); 10,000 halve that, for
 * ten small merges on the search page instead of five. At 10,000 Pagefind
 * still reached 730–755 MB beside a 100,000-story build's page processes
 * (the stack's peak, at the goal's edge); 5,000 halve it again (decision 069),
 * and the search page merges its parts at once, not one after another.
 * PORTAL_SEARCH_SHARD_SIZE lowers it (tests split a small archive).
 */
export const SEARCH_SHARD_SIZE = 5_000;

/** An operator's setting that may only lower `max` (a whole number from `min`), else `max`. */
function lowered(raw: string | undefined, min: number, max: number): number {
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isInteger(n) && n >= min && n < max ? n : max;
}

export function searchShardSize(env: Record<string, string | undefined>): number {
  return lowered(env.PORTAL_SEARCH_SHARD_SIZE, 1, SEARCH_SHARD_SIZE);
}

/** How many folders a full index of `stories` stories takes (at least one, even empty). */
export const searchParts = (stories: number, size: number = SEARCH_SHARD_SIZE): number => Math.max(1, Math.ceil(stories / size));

/**
 * The folders of a full index in `parts` parts: /pagefind/ (which also serves
 * Pagefind's script) then /pagefind-2/, /pagefind-3/…
 * @example searchShardDirs(3) // ['pagefind', 'pagefind-2', 'pagefind-3']
 */
export function searchShardDirs(parts: number): string[] {
  return Array.from({ length: Math.max(1, parts) }, (_, i) => (i === 0 ? 'pagefind' : `pagefind-${i + 1}`));
}

/**
 * A full build carries the live full index forward (issue #33) while the
 * stories changed since it read its data are at most this many: they go to
 * the recent index, which every publish writes again (about a millisecond a
 * story), so it stays small. Pagefind was a third of a full build's CPU at
 * 100,000 stories and its largest process; a catch-up build (a byline, a
 * rename, a story taken down) changes no indexed text, so it no longer pays
 * for it. PORTAL_SEARCH_CARRY_MAX lowers it (0: every full build indexes all).
 */
export const CARRY_MAX_CHANGED = 200;
/** …and while that index is younger than a day: the newsroom's full builds fold everything at least daily. */
export const CARRY_MAX_AGE_MS = 24 * 3_600_000;

export function carryMaxChanged(env: Record<string, string | undefined>): number {
  return lowered(env.PORTAL_SEARCH_CARRY_MAX, 0, CARRY_MAX_CHANGED);
}

/**
 * What a full build does with the live full index: carry it forward (its
 * stamp and folders, the stories changed since for the recent index, the
 * addresses it holds that are not public now as removed), or null: index
 * everything (no usable index or list of what it holds, too old, too much
 * changed, or a public story it does not hold that is not among the changed ones). `indexed`: the story addresses the live full index holds.
 * @example carriedIndex({ since, parts: 2, removed: [], recent: false }, ['/news/a/', '/news/b/'], [{ slug: 'a', … }, { slug: 'c', publishedAt: later, … }], now)
 * // { delta: { since, parts: 2, removed: ['/news/b/'], recent: true }, recent: [c] }
 */
export function carriedIndex<T extends Story>(
  prev: Pick<SearchDelta, 'since' | 'parts'> | null,
  indexed: readonly string[] | null,
  news: T[],
  now: Date,
  maxChanged: number = CARRY_MAX_CHANGED,
): { delta: SearchDelta; recent: T[] } | null {
  if (!prev || !indexed || now.getTime() - Date.parse(prev.since) > CARRY_MAX_AGE_MS) return null;
  const recent = changedSince(news, prev.since);
  if (recent.length > maxChanged) return null;
  // A public story neither in the index nor changed since (an imported archive keeps its old dates; the
  // recent index of every later publish is made by date only) would be found nowhere: index everything.
  const held = new Set(indexed);
  const fresh = new Set(recent);
  const live = new Set<string>();
  for (const n of news) {
    const url = storyUrl(n.slug);
    if (!held.has(url) && !fresh.has(n)) return null;
    live.add(url);
  }
  const removed = indexed.filter((url) => !live.has(url));
  return { delta: { since: prev.since, parts: prev.parts, removed, recent: recent.length > 0 }, recent };
}

/** A write committed while the full build read its data may be missing from it: overlap a little. */
export const SINCE_MARGIN_MS = 60_000;

export const storyUrl = (slug: string) => `/news/${slug}/`;

type Story = { slug: string; publishedAt: string; updatedAt: string | null };

/** The stories a recent index holds: changed (published or edited) since the full index read its data. */
export function changedSince<T extends Story>(news: T[], since: string): T[] {
  const from = Date.parse(since) - SINCE_MARGIN_MS;
  const fromIso = new Date(from).toISOString();
  // Every publish scans the whole archive here: a date in toISOString's form compares as text
  // (same length, time order); any other form is parsed.
  const after = (d: string) => (d.length === 24 && d[23] === 'Z' && d[19] === '.' ? d >= fromIso : Date.parse(d) >= from);
  return news.filter((n) => after(n.publishedAt) || (!!n.updatedAt && after(n.updatedAt)));
}

/**
 * The delta a targeted build leaves: the full index's stamp, and the
 * addresses gone since (earlier ones, plus this request's that are not public
 * now; a story back online is no longer gone).
 */
export function nextDelta(
  prev: Pick<SearchDelta, 'since' | 'removed' | 'parts'>,
  requestSlugs: string[],
  publicSlugs: Pick<ReadonlySet<string>, 'has'>,
  recent: boolean,
): SearchDelta {
  const removed = new Set(prev.removed);
  for (const s of requestSlugs) if (!publicSlugs.has(s)) removed.add(storyUrl(s));
  for (const url of [...removed]) if (publicSlugs.has(url.slice('/news/'.length, -1))) removed.delete(url);
  return { since: prev.since, parts: prev.parts, removed: [...removed], recent };
}

export function parseDelta(text: string | null): SearchDelta | null {
  if (!text) return null;
  try {
    const d = JSON.parse(text) as Partial<SearchDelta>;
    if (typeof d.since !== 'string' || Number.isNaN(new Date(d.since).getTime()) || !Array.isArray(d.removed)) return null;
    // A release from before the index was split has one folder.
    const parts = Number.isInteger(d.parts) && d.parts! >= 1 && d.parts! <= 1000 ? d.parts! : 1;
    return { since: d.since, parts, removed: d.removed.filter((u): u is string => typeof u === 'string'), recent: d.recent === true };
  } catch {
    return null;
  }
}

export type Hit = { url: string; fresh: boolean };

/** Search hits from both indexes, in rank order: one per story (its recent record if any), none that left. */
export function mergeHits<T extends Hit>(hits: T[], removed: ReadonlySet<string>): T[] {
  const freshUrls = new Set(hits.filter((h) => h.fresh).map((h) => h.url));
  const seen = new Set<string>();
  const out: T[] = [];
  for (const h of hits) {
    if (removed.has(h.url) || seen.has(h.url)) continue;
    if (!h.fresh && freshUrls.has(h.url)) continue;
    seen.add(h.url);
    out.push(h);
  }
  return out;
}
