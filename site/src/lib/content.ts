/**
 * The site's content loader: every build-time read of Directus goes through
 * here, in a handful of bulk requests made once per build (memoised), then
 * indexed in memory so each page does O(1)-ish work — the site must build
 * 10,000 news in seconds.
 */
import { readItems } from '@directus/sdk';
import { listedIds, storiesToRender } from '@portal/domain/build-contract';
import { sortByName } from '@portal/domain/collation';
import { isAdVisible, isPubliclyVisible } from '@portal/domain/news-access';
import { modifiedAfterPublication } from '@portal/domain/corrections';
import { LIMITS, NAV_CATEGORIES } from '@portal/domain/limits';
import { adPlace, type AdPlace } from '@portal/domain/ads';
import type { Ad, News, PortalEvent } from '@portal/domain/schema';
import { withDefaults, type Settings } from '@portal/domain/settings';
import { authorSlugs, categorySlug, categoryTitleFromSlug } from '@portal/domain/slug';
import { parseRenditions, type ImageRenditions } from '@portal/domain/images';
import { topByCount } from '@portal/domain/engagement';
import { newestFirst, pickRelated, relatedFeedSize } from '@portal/domain/related';
import { CATALOGUE_LIST_KINDS, CATALOGUE_LISTS, monthKey, type MonthKey } from '@portal/domain/archive';
import { isUsableSlug, unrenderableNewsReason, type SkippedRecord } from '@portal/domain/text-limits';
import { legacyRedirectEntries, listRedirectEntries, type ListAlias } from '@portal/domain/permalinks';
import { writeFileSync } from 'node:fs';
import { directus } from './directus.ts';
import { storyRows } from './news-snapshot.ts';
import { everyRow, type Cursor } from './paged-read.ts';
import { inLists, listScope, wholeLists, type ListKind, type ListScope, type WholeLists } from './archive-pages.ts';
import { perBuild } from './per-build.ts';

export type Ref = { name: string; slug: string };

/** What a news card needs: plain and serialisable (islands receive it as props). */
export type CardNews = {
  id: string;
  title: string;
  summary: string | null;
  slug: string;
  image: string | null;
  category: Ref | null;
  municipality: Ref | null;
  author: string;
  /** The author's page (/autor/<slug>), when the story has a named author. */
  authorSlug?: string | null;
  publishedAt: string;
  views: number;
  likes: number;
};

/** A correction note as readers see it (issue #12, item 1). */
export type Correction = { id: string; note: string; at: string };

export type Article = CardNews & {
  content: string;
  caption: string | null;
  /** The 4:3 and 1:1 renditions of the image (issue #29); null for stories saved before them. */
  renditions?: ImageRenditions | null;
  isFeatured: boolean;
  updatedAt: string | null;
  /** Corrections of the story, newest first. */
  corrections: Correction[];
  /** When the story was materially changed after publication ("Atualizado em"), or null (domain/corrections). */
  modifiedAt: string | null;
  categoryId: string | null;
  municipalityId: string | null;
  /** The Belém month it was published in (archive pages and sitemaps group by it at every build). */
  month: MonthKey;
};

/** An author page: name, photo and short bio from the profile (issue #12, item 5). */
export type Author = { slug: string; name: string; bio: string | null; avatar: string | null };

export type Content = {
  news: Article[];
  authors: Author[];
  byAuthor: Map<string, Article[]>;
  bySlug: Map<string, Article>;
  byCategory: Map<string, Article[]>;
  byMunicipality: Map<string, Article[]>;
  categories: Ref[];
  municipalities: Ref[];
  settings: Settings;
  events: PortalEvent[];
  ads: Ad[];
  builtAt: Date;
  /** Records left out of this build because they cannot become pages (reported to the newsroom). */
  skipped: SkippedRecord[];
  /** The per-list pages this build writes (site/src/lib/archive-pages.ts listScope). */
  lists: ListScope;
  /** The lists a catalogue change names that this build writes whole, every month (archive-pages.ts wholeLists). */
  whole: WholeLists;
  /** Old addresses → current slug (301s; issue #8): a story's by its old slug, a renamed list's as `<root>/<old slug>` (domain/permalinks). */
  redirects: Record<string, string>;
  /** Every correction of a story on the site, newest first (/correcoes). */
  corrections: Array<Correction & { story: Pick<Article, 'title' | 'slug'> }>;
};

export const AUTHOR_FALLBACK = 'Autor não informado';

type Joined = { id: string; name: string; slug: string } | null;
export type RawNews = Omit<News, 'category_id' | 'municipality_id' | 'status' | 'content' | 'scheduled_at' | 'created_at'> & {
  content: string | null;
  category_id: Joined;
  municipality_id: Joined;
};

const NEWS_FIELDS = [
  'id',
  'title',
  'summary',
  'content',
  'slug',
  'is_featured',
  'featured_image',
  'featured_image_caption',
  'featured_image_renditions',
  'author_id',
  'published_at',
  'updated_at',
  'view_count',
  'like_count',
  { category_id: ['id', 'name', 'slug'], municipality_id: ['id', 'name', 'slug'] },
] as const;
const CORRECTION_FIELDS = ['id', 'news_id', 'note', 'created_at'] as const;
const ALIAS_FIELDS = ['slug', { news_id: ['id', 'slug'] }] as const;
const LEGACY_FIELDS = ['path', { news_id: ['id', 'slug'] }] as const;

const chunks = <T>(xs: T[], n: number): T[][] => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

const usable = (ref: Joined) => (ref && isUsableSlug(ref.slug) ? ref : null);

type CatalogueEntry = { id: string; name: string; slug: string };
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
type ArticleInputs = { author: string; authorSlug: string | null; corrections: Correction[] };

/**
 * A story's article as a build renders it, made once per row: a targeted
 * build's rows are the same objects as the last build's but for the stories it
 * lists (news-snapshot.ts), so the warm render process re-derives only those,
 * not 100,000 stories per publish. Remade when anything else it is made of
 * changed (the byline, the corrections).
 */
const made = new WeakMap<RawNews, { inputs: ArticleInputs; result: Article | { reason: string } }>();
function articleOf(n: RawNews, author: string, authorSlug: string | null, corrections: Correction[]): Article | { reason: string } {
  const hit = made.get(n);
  if (hit && hit.inputs.author === author && hit.inputs.authorSlug === authorSlug && sameCorrections(hit.inputs.corrections, corrections)) return hit.result;
  const inputs = { author, authorSlug, corrections };
  const result = makeArticle(n, inputs);
  made.set(n, { inputs, result });
  return result;
}

const sameCorrections = (x: Correction[], y: Correction[]) =>
  x === y || (x.length === y.length && x.every((c, i) => c.id === y[i]!.id && c.note === y[i]!.note && c.at === y[i]!.at));

// One bad record (written before the limits, or by hand in the database) is
// left out and reported; it never breaks the build of everything else.
function makeArticle(n: RawNews, { author, authorSlug, corrections: given }: ArticleInputs): Article | { reason: string } {
  const reason = unrenderableNewsReason(n);
  if (reason) return { reason };
  const cat = usable(n.category_id);
  const mun = usable(n.municipality_id);
  const publishedAt = new Date(n.published_at!).toISOString();
  const updatedAt = n.updated_at ? new Date(n.updated_at).toISOString() : null;
  const corrections = [...given].sort((x, y) => (x.at < y.at ? 1 : x.at > y.at ? -1 : 0));
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
    modifiedAt: modifiedAfterPublication(
      publishedAt,
      updatedAt,
      corrections.map((x) => x.at),
    ),
    categoryId: cat?.id ?? null,
    municipalityId: mun?.id ?? null,
    month: monthKey(publishedAt),
  };
}

type RawCorrection = { id: string; news_id: string; note: string; created_at: string };
type RawAlias = { slug: string; news_id: { id: string; slug: string } | null };
type RawLegacy = { path: string; news_id: { id: string; slug: string } | null };
type Rows = { news: RawNews[]; corrections: RawCorrection[]; aliases: RawAlias[]; legacy: RawLegacy[] };

const PUBLISHED = { status: { _eq: 'published' as const } };
// The SDK types published_at as text and ids as uuids, so it refuses range filters on them; Directus takes them (datetime).
type Cond = never[];
/** The filter of a page of the archive below `cursor` (paged-read.ts). */
function below(cursor: Cursor): Cond {
  if (!cursor) return [];
  if (cursor.strict) return [{ published_at: { _lt: cursor.key } }] as Cond;
  return [{ published_at: { _lte: cursor.key } }, ...(cursor.skip.length ? [{ id: { _nin: cursor.skip } }] : [])] as Cond;
}

const LIST_KEY: Record<ListKind, (a: Article) => string | null> = {
  category: (a) => a.category?.slug ?? null,
  municipio: (a) => a.municipality?.slug ?? null,
  autor: (a) => a.authorSlug ?? null,
};
export type People = { authors: Map<string, string>; authorSlug: Map<string, string>; correctionsOf: Map<string, Correction[]> };
/** What a build derives from its story rows: the public articles in order, their lists, what was left out. */
export type Stories = {
  news: Article[];
  bySlug: Map<string, Article>;
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
  const made = articleOf(n, (n.author_id && p.authors.get(n.author_id)) || AUTHOR_FALLBACK, (n.author_id && p.authorSlug.get(n.author_id)) || null, p.correctionsOf.get(n.id) ?? NO_CORRECTIONS);
  return 'reason' in made ? { kind: 'news', id: n.id, title: n.title ?? '', reason: made.reason } : made;
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
  const last = lastDerived;
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

async function load(): Promise<Content> {
  const client = directus();
  // A request lists at most 500 stories; 100 ids per read keep each URL short.
  const byStory = async <T>(ids: string[], read: (part: string[]) => Promise<unknown>): Promise<T[]> =>
    (await Promise.all(chunks(ids, 100).map(read))).flat() as T[];
  const newsByIds = (ids: string[]) =>
    byStory<RawNews>(ids, (part) =>
      client.request(readItems('news', { fields: NEWS_FIELDS, filter: { _and: [PUBLISHED, { id: { _in: part } }] }, limit: -1 })),
    );
  const [storyRead, categories, municipalities, settingRows, profiles, events, ads, listAliases, listLegacy] = await Promise.all([
    // The stories, their corrections and their old addresses: from the release's snapshot plus the
    // listed stories in a targeted build (news-snapshot.ts), from Directus in a full one.
    storyRows<Rows>({
      // The public policy already limits reads to published news whose date has come;
      // the status filter keeps that true even if the policy were widened, and the loop below
      // applies the rule itself (isPubliclyVisible) at the build's own time. PUBLIC_NEWS_FILTER is
      // not used here: the SDK types published_at as text, so it refuses `_lte` on it.
      news: {
        all: () =>
          everyRow<RawNews>({
            page: async (cursor, limit) =>
              (await client.request(
                readItems('news', { fields: NEWS_FIELDS, filter: { _and: [PUBLISHED, ...below(cursor)] }, sort: ['-published_at', 'id'], limit }),
              )) as unknown as RawNews[],
            at: async (key) =>
              (await client.request(
                readItems('news', { fields: NEWS_FIELDS, filter: { _and: [PUBLISHED, ...([{ published_at: { _eq: key } }] as Cond)] }, limit: -1 }),
              )) as unknown as RawNews[],
            key: (r) => r.published_at ?? '',
            ids: async () => (await client.request(readItems('news', { fields: ['id'], filter: PUBLISHED, limit: -1 }))).map((r) => r.id),
            byIds: newsByIds,
          }),
        byIds: newsByIds,
        story: (r) => r.id,
      },
      // Readers see only corrections of public stories (policy: PUBLIC_CORRECTION_FILTER).
      corrections: {
        all: async () => (await client.request(readItems('news_corrections', { fields: CORRECTION_FIELDS, limit: -1 }))) as unknown as RawCorrection[],
        byIds: (ids) => byStory(ids, (part) => client.request(readItems('news_corrections', { fields: CORRECTION_FIELDS, filter: { news_id: { _in: part } }, limit: -1 }))),
        story: (r) => String(r.news_id),
      },
      // Readers see only aliases of public stories (policy), which is all a redirect may point to.
      aliases: {
        all: async () => (await client.request(readItems('news_redirects', { fields: ALIAS_FIELDS, limit: -1 }))) as unknown as RawAlias[],
        byIds: (ids) => byStory(ids, (part) => client.request(readItems('news_redirects', { fields: ALIAS_FIELDS, filter: { news_id: { _in: part } }, limit: -1 }))),
        story: (r) => r.news_id?.id ?? '',
      },
      // An imported portal's addresses of public stories (issue #27): read with their story, like aliases.
      legacy: {
        all: async () =>
          (await client.request(readItems('legacy_paths', { fields: LEGACY_FIELDS, filter: { news_id: { _nnull: true } }, limit: -1 }))) as unknown as RawLegacy[],
        byIds: (ids) => byStory(ids, (part) => client.request(readItems('legacy_paths', { fields: LEGACY_FIELDS, filter: { news_id: { _in: part } }, limit: -1 }))),
        story: (r) => r.news_id?.id ?? '',
      },
    }),
    // With their ids: a targeted build's rows are re-joined to them (withCatalogue).
    client.request(readItems('categories', { fields: ['id', 'name', 'slug'], limit: -1 })),
    client.request(readItems('municipalities', { fields: ['id', 'name', 'slug'], limit: -1 })),
    client.request(readItems('settings', { fields: ['key', 'value'], limit: -1 })),
    client.request(readItems('profiles', { fields: ['user_id', 'full_name', 'avatar_url', 'bio'], limit: -1 })),
    client.request(readItems('events', { filter: { is_active: { _eq: true } }, sort: ['event_date'], limit: -1 })),
    client.request(readItems('ads', { filter: { is_active: { _eq: true } }, sort: ['-created_at'], limit: -1 })),
    // Old addresses of renamed lists: few rows, read by every build (a rename's own build included).
    client.request(readItems('list_redirects', { fields: ['slug', 'category_id', 'municipality_id'], limit: -1 })),
    // An imported portal's list addresses (`/category/x/`, `/?cat=3`): one per category at most.
    client.request(readItems('legacy_paths', { fields: ['path', 'category_id'], filter: { category_id: { _nnull: true } }, limit: -1 })),
  ]);
  const byId = (entries: unknown[]) => new Map((entries as CatalogueEntry[]).map((e) => [String(e.id), e]));
  const [catalogue, towns] = [byId(categories), byId(municipalities)];
  const rawNews = withCatalogue(storyRead.rows.news, catalogue, towns);
  const { corrections: correctionRows, aliases, legacy } = storyRead.rows;
  const correctionsOf = new Map<string, Correction[]>();
  for (const r of correctionRows) {
    if (!r.note?.trim() || !r.created_at) continue;
    const list = correctionsOf.get(String(r.news_id)) ?? [];
    list.push({ id: r.id, note: r.note.trim(), at: new Date(r.created_at).toISOString() });
    correctionsOf.set(String(r.news_id), list);
  }

  const authors = new Map(profiles.filter((p) => p.full_name).map((p) => [p.user_id, p.full_name as string]));
  const authorSlug = authorSlugs(profiles);
  // Which per-list pages this build writes (the lists its stories are in and were in).
  const listed = new Set(listedIds(process.env) ?? []);
  const listedIn = (r: RawNews) => ({
    category: r.category_id?.slug ?? null,
    municipio: r.municipality_id?.slug ?? null,
    autor: (r.author_id && authorSlug.get(r.author_id)) || null,
  });
  // The listed stories' rows, from the end: a targeted build's fresh rows come last (news-snapshot.ts).
  const listedRows: RawNews[] = [];
  for (let i = rawNews.length - 1; i >= 0 && listedRows.length < listed.size; i--) if (listed.has(rawNews[i]!.id)) listedRows.push(rawNews[i]!);
  const now = new Date();
  const skipped: SkippedRecord[] = [];
  // The API sorts names by bytes ("Belterra" before "Belém"); readers get pt-BR order.
  const usableCategories = sortByName((categories as Ref[]).map(({ name, slug }) => ({ name, slug }))).filter((c) => {
    if (isUsableSlug(c.slug)) return true;
    skipped.push({ kind: 'category', id: c.slug ?? '', title: c.name, reason: 'endereço (slug) vazio ou inválido' });
    return false;
  });
  const usableMunicipalities = sortByName((municipalities as Ref[]).map(({ name, slug }) => ({ name, slug }))).filter((m) => isUsableSlug(m.slug));
  // A catalogue change's lists that have pages now: written whole (every month).
  const categorySlugs = new Set(categoryPages({ categories: usableCategories }).map((k) => k.slug));
  const municipalitySlugs = new Set(usableMunicipalities.map((m) => m.slug));
  const whole = wholeLists(process.env, (kind, slug) => (kind === 'category' ? categorySlugs : municipalitySlugs).has(slug));
  // Where the listed stories are in the live release: a renamed list is there under its new address.
  const before = storyRead.before ? withCatalogue(storyRead.before.news, catalogue, towns) : null;
  const lists = listScope(process.env, listedRows.map(listedIn), before?.map(listedIn) ?? null, whole);
  const { news, bySlug, groups, skippedNews, withCorrections } = storiesOf(rawNews, { authors, authorSlug, correctionsOf }, now);
  skipped.push(...skippedNews);

  const entries = { category: catalogue, municipio: towns };
  const redirects: Record<string, string> = listRedirectEntries(
    listAliases.flatMap((a): ListAlias[] =>
      CATALOGUE_LIST_KINDS.filter((list) => a[CATALOGUE_LISTS[list].key]).map((list) => ({ list, slug: a.slug, to: entries[list].get(String(a[CATALOGUE_LISTS[list].key]))?.slug ?? null })),
    ),
    { category: categorySlugs, municipio: municipalitySlugs },
  );
  for (const r of aliases) {
    const to = r.news_id?.slug;
    // A live story's own address is never shadowed by an alias.
    if (to && bySlug.has(to) && !bySlug.has(r.slug) && isUsableSlug(r.slug)) redirects[r.slug] = to;
  }
  Object.assign(
    redirects,
    legacyRedirectEntries(
      [
        ...legacy.map((r) => ({ path: r.path, to: r.news_id?.slug && bySlug.has(r.news_id.slug) ? `/news/${r.news_id.slug}/` : null })),
        ...(listLegacy as Array<{ path: string; category_id: string | null }>).map((r) => {
          const slug = catalogue.get(String(r.category_id))?.slug;
          return { path: r.path, to: slug && categorySlugs.has(slug) ? `/category/${slug}/` : null };
        }),
      ],
    ),
  );

  return {
    news,
    bySlug,
    redirects,
    corrections: withCorrections
      .flatMap((a) => a.corrections.map((x) => ({ ...x, story: { title: a.title, slug: a.slug } })))
      .sort((x, y) => (x.at < y.at ? 1 : x.at > y.at ? -1 : x.id < y.id ? -1 : x.id > y.id ? 1 : 0)),
    byCategory: groups.category,
    byMunicipality: groups.municipio,
    byAuthor: groups.autor,
    // Every named staff member has a page (empty until their first story), like municipalities.
    authors: sortByName(
      profiles
        .filter((p) => authorSlug.has(p.user_id))
        .map((p) => ({ slug: authorSlug.get(p.user_id)!, name: p.full_name as string, bio: p.bio?.trim() || null, avatar: p.avatar_url || null })),
    ),
    categories: usableCategories,
    municipalities: usableMunicipalities,
    settings: withDefaults(settingRows as { key: string; value: string | null }[]),
    events: events as PortalEvent[],
    ads: (ads as Ad[]).filter((ad) => ad.is_active),
    builtAt: now,
    skipped,
    lists,
    whole,
  };
}

/**
 * The builder reads what was skipped from beside the output folder (never
 * inside it: the report is for staff, not a public file).
 */
function writeReport(skipped: SkippedRecord[]) {
  const out = process.env.SITE_OUT_DIR;
  if (out) writeFileSync(`${out.replace(/\/$/, '')}.report.json`, JSON.stringify({ skipped }));
}

/**
 * The content of the build writing to `out`, once loaded, for whoever needs it
 * in the same process without loading it again: the warm render process indexes
 * the recent stories after rendering (builder/src/warm-render.ts), and
 * it holds this module twice (the site's bundle and its own import), hence
 * globalThis. Keyed by output folder: never another build's.
 */
const LOADED = Symbol.for('portal.content.loaded');
const loaded = globalThis as { [LOADED]?: { out: string | undefined; c: Content } };
export function loadedContent(out: string): Content | null {
  const l = loaded[LOADED];
  return l && l.out === out ? l.c : null;
}

/** All build data, fetched once per build. */
export const content: () => Promise<Content> = perBuild(() =>
  load().then((c) => {
    writeReport(c.skipped);
    loaded[LOADED] = { out: process.env.SITE_OUT_DIR, c };
    return c;
  }),
);

/**
 * A targeted build renders only the touched articles (none for a site-wide
 * change); every other page type is cheap and always rendered. The rule is
 * the build contract's (docs/decisions/006-publish-pipeline.md).
 */
export function articlesToRender(c: Content): Article[] {
  return storiesToRender(c.news, process.env);
}

/** Strips an article down to what a card shows (keeps islands' props small). */
export function toCard(a: Article): CardNews {
  return {
    id: a.id,
    title: a.title,
    summary: a.summary,
    slug: a.slug,
    image: a.image,
    category: a.category,
    municipality: a.municipality,
    author: a.author,
    authorSlug: a.authorSlug ?? null,
    publishedAt: a.publishedAt,
    views: a.views,
    likes: a.likes,
  };
}

/** The 7 navigation categories, linked to their real slug when the category exists. */
export function navCategories(c: Pick<Content, 'categories'>): Ref[] {
  return NAV_CATEGORIES.map((name) => c.categories.find((k) => k.name === name) ?? { name, slug: categorySlug(name) });
}

/** Every category page to generate: the stored ones plus navigation ones not yet created (empty state). */
export function categoryPages(c: Pick<Content, 'categories'>): Ref[] {
  const all = [...c.categories];
  for (const nav of navCategories(c)) if (!all.some((k) => k.slug === nav.slug)) all.push(nav);
  return all;
}

/**
 * A category's name as the newsroom wrote it ("Política", with its accent; issue #34 item 11), from its
 * address; the title made from the address only for a list that is not stored (spec's rule, no accents).
 */
export function categoryName(c: Pick<Content, 'categories'>, slug: string): string {
  return categoryPages(c).find((k) => k.slug === slug)?.name ?? categoryTitleFromSlug(slug);
}

/** getStaticPaths of every per-category route (page, archive, feed). */
export async function categoryPaths() {
  const c = await content();
  return categoryPages(c)
    .filter((k) => inLists(c.lists, 'category', k.slug))
    .map((k) => ({ params: { slug: k.slug } }));
}

/** getStaticPaths of every per-author route (page, archive). */
export async function authorPaths() {
  const c = await content();
  return c.authors.filter((a) => inLists(c.lists, 'autor', a.slug)).map((a) => ({ params: { slug: a.slug }, props: { author: a } }));
}

/** getStaticPaths of every per-municipality route (page, archive): every municipality, with stories or not. */
export async function municipalityPaths() {
  const c = await content();
  return c.municipalities.filter((m) => inLists(c.lists, 'municipio', m.slug)).map((m) => ({ params: { slug: m.slug }, props: { name: m.name } }));
}

export const latest = (c: Content, n: number = LIMITS.homeGrid) => c.news.slice(0, n);
export const inCategory = (c: Content, slug: string, n: number) => (c.byCategory.get(slug) ?? []).slice(0, n);
export const featured = (c: Content) => c.news.filter((a) => a.isFeatured).slice(0, LIMITS.featured);

/** Rankings as built (first paint): top 5 of the 20 newest by views / likes. */
export function rankings(c: Content) {
  // topByCount breaks ties by `published_at`, the API's field name.
  const candidates = c.news.slice(0, LIMITS.rankingCandidates).map((a) => ({ a, published_at: a.publishedAt }));
  return {
    mostRead: topByCount(candidates, (x) => x.a.views, LIMITS.rankingTop).map((x) => x.a),
    mostLiked: topByCount(candidates, (x) => x.a.likes, LIMITS.rankingTop).map((x) => x.a),
  };
}

/** Related news as built (first paint): domain/src/related.ts, from the story's two lists. */
export function related(c: Content, a: Article, n: number = LIMITS.related): Article[] {
  return pickRelated([a.category ? c.byCategory.get(a.category.slug) : undefined, a.municipality ? c.byMunicipality.get(a.municipality.slug) : undefined], a.id, n);
}

/** A list's newest stories for its related document (pages/category|municipio/[slug]/related.json.ts). */
export function relatedFeed(list: readonly Article[] | undefined, n: number = LIMITS.related): Article[] {
  return (list ?? []).slice(0, relatedFeedSize(n));
}

/** Ads for a place a reader sees (domain/src/ads.ts adPlace), newest first; visibility rechecked in the browser. */
export function slotAds(c: Content, place: AdPlace): Ad[] {
  return c.ads.filter((ad) => adPlace(ad.ad_type, ad.position) === place && isAdVisibleOrFuture(ad, c.builtAt));
}

/** Ads already over stay out of the build; current and future ones are shipped and the browser picks. */
function isAdVisibleOrFuture(ad: Ad, now: Date): boolean {
  return isAdVisible({ ...ad, start_date: null }, now);
}
