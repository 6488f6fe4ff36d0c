/**
 * What a build derives from its story rows (the pure half of the loader,
 * site/src/build/load.ts): each row's article made once, the public stories in
 * order and their lists — patched, not remade, when a targeted build's rows
 * are the last build's but for a few (the warm render process).
 */
import { isPubliclyVisible } from '@portal/domain/news-access';
import { modifiedAfterPublication } from '@portal/domain/corrections';
import type { News } from '@portal/domain/schema';
import { parseRenditions } from '@portal/domain/images';
import { newestFirst } from '@portal/domain/related';
import { monthKey } from '@portal/domain/archive';
import { isUsableSlug, unrenderableNewsReason, type SkippedRecord } from '@portal/domain/text-limits';
import { isLiveState, liveModifiedAt } from '@portal/domain/live';
import { AUTHOR_FALLBACK, type Article, type Correction } from '../lib/content-types.ts';
import type { ListKind } from './archive-pages.ts';
import { coverageOf, idOf, type Byline, type RawEntry } from './live.ts';
import { onOtherRows } from './per-build.ts';

type Joined = { id: string; name: string; slug: string } | null;
export type RawNews = Omit<News, 'category_id' | 'municipality_id' | 'status' | 'content' | 'scheduled_at' | 'created_at'> & {
  content: string | null;
  category_id: Joined;
  municipality_id: Joined;
};

const usable = (ref: Joined) => (ref && isUsableSlug(ref.slug) ? ref : null);

export type CatalogueEntry = { id: string; name: string; slug: string };
/** A row's join as the catalogue has it now, by id (an entry that is gone: none). */
const joinNow = (ref: Joined, now: ReadonlyMap<string, CatalogueEntry>): Joined => {
  if (!ref) return null;
  const e = now.get(String(ref.id));
  return e ? { id: e.id, name: e.name, slug: e.slug } : null;
};
/** Whether `joined` is what `ref` (a row's join) is as the catalogue has it now, without making it. */
const joinedAsNow = (ref: Joined, joined: Joined, now: ReadonlyMap<string, CatalogueEntry>): boolean => {
  const e = ref ? now.get(String(ref.id)) : undefined;
  return e ? !!joined && joined.name === e.name && joined.slug === e.slug : !joined;
};
/** Rows re-joined for a catalogue, by the row they were made from: the same object build after build, so the derivation patches (storiesOf). */
const rejoined = new WeakMap<RawNews, RawNews>();

/**
 * The rows with their category and municipality as the catalogue has them
 * now. A targeted build's rows come from the release's snapshot (news-snapshot.ts),
 * whose joins are as they were when each row was read: after a rename, the
 * rows of that list are made again with the new name (the rest are the same
 * objects). The rows themselves when nothing changed.
 * @example withCatalogue([{ …, category_id: { id: 'c1', name: 'Política', slug: 'politica' } }], new Map([['c1', { id: 'c1', name: 'Poder', slug: 'poder' }]]), muns)
 * // [{ …, category_id: { id: 'c1', name: 'Poder', slug: 'poder' } }]
 */
export function withCatalogue(rows: readonly RawNews[], categories: ReadonlyMap<string, CatalogueEntry>, municipalities: ReadonlyMap<string, CatalogueEntry>): readonly RawNews[] {
  let out: RawNews[] | null = null;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const cat = r.category_id;
    const mun = r.municipality_id;
    // The common case, without allocating: both joins already as the catalogue has them.
    if (joinedAsNow(cat, cat, categories) && joinedAsNow(mun, mun, municipalities)) continue;
    let again = rejoined.get(r);
    // Not the row's derivation mark (a spread copies symbols): the derivation must see a row that came.
    if (!again || !joinedAsNow(cat, again.category_id, categories) || !joinedAsNow(mun, again.municipality_id, municipalities))
      rejoined.set(r, (again = { ...r, category_id: joinNow(cat, categories), municipality_id: joinNow(mun, municipalities), [SEEN]: undefined } as Marked));
    (out ??= rows.slice())[i] = again;
  }
  return out ?? rows;
}
// Ties (stories published in the same instant) by id: the order never depends on how the rows came (Directus, or the snapshot plus a delta).
const NO_CORRECTIONS: Correction[] = [];
const NO_ENTRIES: RawEntry[] = [];
/** A live story's entry rows and their bylines (issue #30); null for any other story. */
type LiveInputs = { rows: readonly RawEntry[]; bylines: Byline[] } | null;
type ArticleInputs = { author: string; authorSlug: string | null; corrections: Correction[]; live: LiveInputs };

/**
 * A story's article as a build renders it, made once per row: a targeted
 * build's rows are the same objects as the last build's but for the stories it
 * lists (news-snapshot.ts), so the warm render process re-derives only those,
 * not 100,000 stories per publish. Remade when anything else it is made of
 * changed (the byline, the corrections).
 */
const made = new WeakMap<RawNews, { inputs: ArticleInputs; result: Article | { reason: string } }>();
function articleOf(n: RawNews, author: string, authorSlug: string | null, corrections: Correction[], live: LiveInputs): Article | { reason: string } {
  const hit = made.get(n);
  if (hit && hit.inputs.author === author && hit.inputs.authorSlug === authorSlug && sameCorrections(hit.inputs.corrections, corrections) && sameLive(hit.inputs.live, live))
    return hit.result;
  const inputs = { author, authorSlug, corrections, live };
  const result = makeArticle(n, inputs);
  made.set(n, { inputs, result });
  return result;
}

const sameCorrections = (x: Correction[], y: Correction[]) =>
  x === y || (x.length === y.length && x.every((c, i) => c.id === y[i]!.id && c.note === y[i]!.note && c.at === y[i]!.at));

// A coverage's rows are the same objects build after build unless its story was listed (news-snapshot.ts).
const sameLive = (x: LiveInputs, y: LiveInputs) =>
  x === y ||
  (!!x &&
    !!y &&
    x.rows.length === y.rows.length &&
    x.rows.every((r, i) => r === y.rows[i]) &&
    x.bylines.every((b, i) => b?.name === y.bylines[i]?.name && b?.slug === y.bylines[i]?.slug));

// One bad record (written before the limits, or by hand in the database) is
// left out and reported; it never breaks the build of everything else.
function makeArticle(n: RawNews, { author, authorSlug, corrections: given, live: liveRows }: ArticleInputs): Article | { reason: string } {
  const reason = unrenderableNewsReason(n);
  if (reason) return { reason };
  const cat = usable(n.category_id);
  const mun = usable(n.municipality_id);
  const publishedAt = new Date(n.published_at!).toISOString();
  const updatedAt = n.updated_at ? new Date(n.updated_at).toISOString() : null;
  const corrections = [...given].sort((x, y) => (x.at < y.at ? 1 : x.at > y.at ? -1 : 0));
  const live = liveRows ? coverageOf(n, liveRows.rows, liveRows.bylines) : null;
  return {
    id: n.id,
    title: n.title,
    summary: n.summary?.trim() ? n.summary : null,
    slug: n.slug,
    image: n.featured_image || null,
    category: cat ? { name: cat.name, slug: cat.slug } : null,
    municipality: mun ? { name: mun.name, slug: mun.slug } : null,
    author,
    authorSlug,
    publishedAt,
    views: Number(n.view_count ?? 0),
    likes: Number(n.like_count ?? 0),
    content: n.content ?? '',
    caption: n.featured_image_caption || null,
    renditions: n.featured_image ? parseRenditions(n.featured_image_renditions) : null,
    isFeatured: !!n.is_featured,
    updatedAt,
    corrections,
    // A live story is modified by its newest entry too (sitemaps, feeds, dateModified).
    modifiedAt: liveModifiedAt(
      publishedAt,
      modifiedAfterPublication(
        publishedAt,
        updatedAt,
        corrections.map((x) => x.at),
      ),
      live?.entries ?? [],
    ),
    categoryId: cat?.id ?? null,
    municipalityId: mun?.id ?? null,
    month: monthKey(publishedAt),
    live,
    fromLiveId: idOf(n.from_live_news_id),
  };
}

const LIST_KEY: Record<ListKind, (a: Article) => string | null> = {
  category: (a) => a.category?.slug ?? null,
  municipio: (a) => a.municipality?.slug ?? null,
  autor: (a) => a.authorSlug ?? null,
};
export type People = { authors: Map<string, string>; authorSlug: Map<string, string>; correctionsOf: Map<string, Correction[]>; entriesOf?: Map<string, RawEntry[]> };
/** What a build derives from its story rows: the public articles in order, their lists, what was left out. */
export type Stories = {
  news: Article[];
  bySlug: Map<string, Article>;
  byId: Map<string, Article>;
  /** Live coverages (running or ended), newest first. */
  live: Article[];
  groups: Record<ListKind, Map<string, Article[]>>;
  skippedNews: SkippedRecord[];
  withCorrections: Article[];
};
/** Per row: its article, why it was left out, or 'later' (not public yet at the build's time: scheduled). */
type Outcome = Article | SkippedRecord | 'later';
type Derived = Stories & { rows: readonly RawNews[]; gen: number; outcome: Map<RawNews, Outcome>; later: RawNews[]; people: string };

/**
 * The last build's derivation in this process (the warm render process runs
 * build after build). A targeted build's rows are that build's row objects but
 * for the stories it lists (news-snapshot.ts): the rows that came or went are
 * patched in — a publish re-sorts and regroups a handful of stories, not
 * 100,000 — and every list it does not touch keeps its array, so what was
 * derived from it (months, pages) is reused. Anything else (new bylines, a new
 * base of rows, a large change) derives everything again.
 */
let lastDerived: Derived | null = null;
// Made from rows that another base replaces: of no use to the next build, and not to be held while it reads.
onOtherRows(() => {
  lastDerived = null;
});
const PATCH_LIMIT = 2000;
const byNewest = (list: Article[], a: Article) => {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (newestFirst(list[mid]!, a) < 0) lo = mid + 1;
    else hi = mid;
  }
  list.splice(lo, 0, a);
};
const bySkipped = (x: SkippedRecord, y: SkippedRecord) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);

/** A published row whose time has come (the public rule, at the build's own time). */
const isPublicAt = (n: RawNews, now: Date) => !!n.published_at && isPubliclyVisible({ status: 'published', published_at: n.published_at }, now);

function outcomeOf(n: RawNews, p: People, now: Date): Outcome {
  if (!isPublicAt(n, now)) return 'later';
  const made = articleOf(
    n,
    (n.author_id && p.authors.get(n.author_id)) || AUTHOR_FALLBACK,
    (n.author_id && p.authorSlug.get(n.author_id)) || null,
    p.correctionsOf.get(n.id) ?? NO_CORRECTIONS,
    liveInputs(n, p),
  );
  return 'reason' in made ? { kind: 'news', id: n.id, title: n.title ?? '', reason: made.reason } : made;
}
function liveInputs(n: RawNews, p: People): LiveInputs {
  if (!isLiveState(n.live_status)) return null;
  const rows = p.entriesOf?.get(n.id) ?? NO_ENTRIES;
  const bylines = rows.map((r): Byline => {
    const name = r.author_id ? p.authors.get(r.author_id) : undefined;
    return name ? { name, slug: p.authorSlug.get(r.author_id!) ?? null } : null;
  });
  return { rows, bylines };
}
const isArticle = (o: Outcome | undefined): o is Article => !!o && o !== 'later' && !('reason' in o);

/**
 * Which derivation last saw a row: a mark on the row itself (a symbol, which
 * neither JSON nor the rows file keeps), so that telling the rows that came
 * and went is one pass over each list instead of hashing 100,000 rows twice.
 */
const SEEN = Symbol('portal.seen');
type Marked = RawNews & { [SEEN]?: number };
let generation = 0;

export function storiesOf(rows: readonly RawNews[], p: People, now: Date): Stories {
  const people = JSON.stringify([[...p.authors], [...p.authorSlug]]);
  let last = lastDerived;
  const gen = ++generation;
  const came: RawNews[] = [];
  for (const r of rows as Marked[]) {
    if (!last || r[SEEN] !== last.gen) came.push(r);
    r[SEEN] = gen;
  }
  let patched: Derived | null = null;
  if (last && last.people === people && came.length <= PATCH_LIMIT) {
    const gone = last.rows.filter((r) => (r as Marked)[SEEN] !== gen);
    // Scheduled stories whose time has come since.
    for (const r of last.later) {
      if ((r as Marked)[SEEN] === gen && isPublicAt(r, now)) gone.push(r), came.push(r);
    }
    // Cleared first: a patch that throws half-way leaves nothing half-patched for the next build.
    lastDerived = null;
    if (gone.length + came.length <= PATCH_LIMIT) patched = patch(last, gone, came, rows, gen, people, p, now);
  }
  // Derived again: the last derivation goes first, not held beside the new one (issue #33).
  last = lastDerived = null;
  lastDerived = patched ?? derive(rows, gen, people, p, now);
  return lastDerived;
}

/** Each row's outcome, recorded in `outcome`; the articles and the records left out among them. */
function classify(rows: readonly RawNews[], outcome: Map<RawNews, Outcome>, p: People, now: Date): { articles: Article[]; skipped: SkippedRecord[] } {
  const articles: Article[] = [];
  const skipped: SkippedRecord[] = [];
  for (const n of rows) {
    const o = outcomeOf(n, p, now);
    outcome.set(n, o);
    if (isArticle(o)) articles.push(o);
    else if (o !== 'later') skipped.push(o);
  }
  return { articles, skipped };
}

/** The same from scratch, leaving the last derivation alone (tests compare the two). */
export const derivedFromScratch = (rows: readonly RawNews[], p: People, now: Date): Stories => derive(rows, 0, '', p, now);

function derive(rows: readonly RawNews[], gen: number, people: string, p: People, now: Date): Derived {
  const outcome = new Map<RawNews, Outcome>();
  const { articles: news, skipped: skippedNews } = classify(rows, outcome, p, now);
  const later = rows.filter((n) => outcome.get(n) === 'later');
  // Newest first, whatever order the rows came in (ISO dates: code-unit order is time order, and far cheaper than localeCompare).
  news.sort(newestFirst);
  const groups = { category: new Map(), municipio: new Map(), autor: new Map() } as Record<ListKind, Map<string, Article[]>>;
  for (const kind of Object.keys(LIST_KEY) as ListKind[]) {
    for (const a of news) {
      const k = LIST_KEY[kind](a);
      if (!k) continue;
      let list = groups[kind].get(k);
      if (!list) groups[kind].set(k, (list = []));
      list.push(a);
    }
  }
  return {
    news,
    bySlug: new Map(news.map((a) => [a.slug, a])),
    byId: new Map(news.map((a) => [a.id, a])),
    live: news.filter((a) => a.live),
    groups,
    skippedNews: skippedNews.sort(bySkipped),
    withCorrections: news.filter((a) => a.corrections.length > 0),
    rows,
    gen,
    outcome,
    later,
    people,
  };
}

/**
 * The last derivation with the rows that went taken out and the ones that
 * came put in. Its lists stay as they were (a list is never changed once
 * made); its row and address maps, 100,000 entries each and read by no one
 * but the build that made them (done by now), are updated in place.
 */
function patch(last: Derived, gone: RawNews[], came: RawNews[], rows: readonly RawNews[], gen: number, people: string, p: People, now: Date): Derived {
  const outcome = last.outcome;
  const out = new Set<Article>();
  const skippedOut = new Set<string>();
  for (const r of gone) {
    const o = outcome.get(r);
    outcome.delete(r);
    if (isArticle(o)) out.add(o);
    else if (o && o !== 'later') skippedOut.add(o.id);
  }
  const { articles: inn, skipped: skippedIn } = classify(came, outcome, p, now);
  const news = out.size ? last.news.filter((a) => !out.has(a)) : last.news.slice();
  for (const a of inn) byNewest(news, a);
  const bySlug = last.bySlug;
  for (const a of out) if (bySlug.get(a.slug) === a) bySlug.delete(a.slug);
  for (const a of inn) bySlug.set(a.slug, a);
  const byId = last.byId;
  for (const a of out) if (byId.get(a.id) === a) byId.delete(a.id);
  for (const a of inn) byId.set(a.id, a);
  const live = last.live.filter((a) => !out.has(a));
  for (const a of inn) if (a.live) byNewest(live, a);
  const groups = {} as Record<ListKind, Map<string, Article[]>>;
  for (const kind of Object.keys(LIST_KEY) as ListKind[]) {
    const key = LIST_KEY[kind];
    const map = new Map(last.groups[kind]);
    const touched = new Set([...out, ...inn].map(key).filter((k): k is string => !!k));
    for (const k of touched) {
      const list = (map.get(k) ?? []).filter((a) => !out.has(a));
      for (const a of inn) if (key(a) === k) byNewest(list, a);
      if (list.length) map.set(k, list);
      else map.delete(k);
    }
    groups[kind] = map;
  }
  return {
    news,
    bySlug,
    byId,
    live,
    groups,
    skippedNews: [...last.skippedNews.filter((x) => !skippedOut.has(x.id)), ...skippedIn].sort(bySkipped),
    withCorrections: [...last.withCorrections.filter((a) => !out.has(a)), ...inn.filter((a) => a.corrections.length > 0)],
    rows,
    gen,
    outcome,
    later: [...last.later.filter((r) => (r as Marked)[SEEN] === gen && outcome.get(r) === 'later'), ...came.filter((r) => outcome.get(r) === 'later')],
    people,
  };
}
