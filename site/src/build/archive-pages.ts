/**
 * Which archive pages and monthly sitemaps a build writes (issue #8 item 4;
 * rules in domain/src/archive.ts; docs/decisions/015-archive-at-scale.md).
 *
 * A full build writes every month. A targeted build (a plan with `targeted`,
 * even with no story) writes only the months of the stories it lists; the
 * builder lays its output over a clone of the live release, so the untouched
 * months keep their files from the previous release. A listed story that is
 * no longer public (unpublished, deleted, scheduled back) has left a month we
 * cannot know from the request: that build writes every month.
 */
import { writeFileSync } from 'node:fs';
import { isStoriesOnlyBuild, isStoryHelper, listedIds, namedLists, type BuildPlan } from '@portal/domain/build-contract';
import {
  type ArchiveRoot,
  groupByMonth,
  isMonthKey,
  monthKey,
  newsSitemapFile,
  pageCount,
  pageItems,
  splitForSitemap,
  type MonthKey,
} from '@portal/domain/archive';

/** `month`, when the story carries it (content.ts's articles), saves working it out at every grouping. */
type Story = { id: string; publishedAt: string; month?: MonthKey };

/** Every month, or only these. */
export type ArchiveScope = 'all' | ReadonlySet<MonthKey>;

/**
 * @example archiveScope(stories, FULL_PLAN) // 'all' (full build)
 * archiveScope(stories, targetedPlan(SITE_WIDE, live)) // Set {} (site-wide change: no month)
 * archiveScope(stories, targetedPlan({ full: false, news: ['a'], slugs: [] }, live)) // Set {'2025-03'} (a's month)
 * archiveScope(stories, targetedPlan({ full: false, news: ['gone'], slugs: [], months: ['2024-01'] }, live)) // Set {'2024-01'}
 * archiveScope(stories, { shard: { index: 1, count: 2 } }) // Set {} (a full build's story helper)
 */
export function archiveScope(stories: readonly Story[], plan: BuildPlan): ArchiveScope {
  // A full build's story helper writes story pages only (its build writes the months); so does a live entry's build.
  if (isStoryHelper(plan) || isStoriesOnlyBuild(plan)) return new Set();
  const wanted = listedIds(plan);
  if (!wanted) return 'all';
  // The months the request names: where the stories were listed before the change (issue #8).
  const named = (plan.targeted?.months ?? []).filter(isMonthKey);
  const months = new Set<MonthKey>(named);
  if (!wanted.length) return months;
  // A scan, not a map of the whole archive: several routes ask, and a request lists a few stories.
  const want = new Set(wanted);
  let found = 0;
  for (const s of stories) {
    if (!want.has(s.id)) continue;
    months.add(monthKey(s.publishedAt));
    if (++found === want.size) break;
  }
  // Gone from the site and the request does not say from which month: every month is written.
  if (found < want.size && !named.length) return 'all';
  return months;
}

/**
 * Beside the output, for the builder: which months this build wrote, so the
 * live copy's files of those months (pages past the new last one, months
 * emptied) go before the new ones are laid over it (builder/src/site-build.ts);
 * and the lists it wrote whole (every month: a catalogue change).
 */
export function recordArchiveScope(scope: ArchiveScope, lists: ListScope, whole: WholeLists = NO_WHOLE_LISTS, out = process.env.SITE_OUT_DIR): void {
  if (!out) return;
  const record: ArchiveRecord = {
    months: scope === 'all' ? 'all' : [...scope],
    lists: lists === 'all' ? 'all' : { category: [...lists.category], municipio: [...lists.municipio], autor: [...lists.autor] },
    whole: { category: [...whole.category], municipio: [...whole.municipio] },
  };
  writeFileSync(`${out.replace(/\/$/, '')}.archive.json`, JSON.stringify(record));
}

/** What the builder reads beside a build's output: the months and lists whose month pages it wrote, and the lists it wrote every month of. */
export type ArchiveRecord = { months: 'all' | string[]; lists: 'all' | Record<ListKind, string[]>; whole?: Partial<Record<ListKind, string[]>> };

/** The lists a build writes whole, every month (a catalogue change names them: content.ts keeps those that exist). */
export type WholeLists = { category: ReadonlySet<string>; municipio: ReadonlySet<string> };
export const NO_WHOLE_LISTS: WholeLists = Object.freeze({ category: new Set<string>(), municipio: new Set<string>() });

export const inScope = (scope: ArchiveScope, month: MonthKey): boolean => scope === 'all' || scope.has(month);

/** The per-list pages (index, archive index, feed, home filter data) a build writes: all, or these lists. */
export type ListScope = 'all' | { category: ReadonlySet<string>; municipio: ReadonlySet<string>; autor: ReadonlySet<string> };
export type ListKind = 'category' | 'municipio' | 'autor';
type Listed = { category: string | null; municipio: string | null; autor: string | null };

/**
 * A publish or an edit changes the lists its stories are in now and were in
 * before (from the rows the live release was built from); a catalogue change,
 * the lists it names; every other list keeps its pages from the live release.
 * A LIVE_ONLY change (settings, ads, events) writes none. A site-wide change
 * (bylines, even merged with a publish: `lists: 'all'`), a full build,
 * or a build that cannot know where the stories were listed before, writes them all.
 * @example listScope(targetedPlan({ full: false, news: ['a'], slugs: [] }, live), [{ category: 'politica', municipio: 'belem', autor: null }], [])
 * // { category: Set {'politica'}, municipio: Set {'belem'}, autor: Set {} }
 * listScope(targetedPlan(catalogueChange('category', ['esporte']), live), [], null, { category: new Set(['esporte']), municipio: new Set() })
 * // { category: Set {'esporte'}, municipio: Set {}, autor: Set {} }
 */
export function listScope(plan: BuildPlan, now: readonly Listed[], before: readonly Listed[] | null, whole: WholeLists = NO_WHOLE_LISTS): ListScope {
  const ids = listedIds(plan);
  const named = ids ? namedLists(plan) : null;
  const lists = plan.targeted?.lists;
  // Settings, ads, events (LIVE_ONLY): no per-list page; /live.json brings them to those pages. Nor a full build's story helper, nor a live entry's build.
  if ((ids && !ids.length && lists === false && !named) || isStoryHelper(plan) || isStoriesOnlyBuild(plan)) return { category: new Set(), municipio: new Set(), autor: new Set() };
  if (!ids || lists === 'all' || (!ids.length && !named) || (ids.length && before === null)) return 'all';
  // A catalogue change's lists: those that exist (wholeLists); an old address keeps its pages until the catch-up.
  const pick = (k: ListKind) => new Set([...(k === 'autor' ? [] : whole[k]), ...[...now, ...(before ?? [])].map((s) => s[k]).filter((v): v is string => !!v)]);
  return { category: pick('category'), municipio: pick('municipio'), autor: pick('autor') };
}

/**
 * The lists a catalogue change names that have pages now (its new address;
 * the old one, once no list has it, keeps its pages until the catch-up).
 * @example wholeLists(targetedPlan(catalogueChange('category', ['old', 'new']), live), (k, s) => s === 'new')
 * // { category: Set {'new'}, municipio: Set {} }
 */
export function wholeLists(plan: BuildPlan, exists: (kind: 'category' | 'municipio', slug: string) => boolean): WholeLists {
  const named = namedLists(plan);
  if (!named) return NO_WHOLE_LISTS;
  return { category: new Set([...named.category].filter((s) => exists('category', s))), municipio: new Set([...named.municipio].filter((s) => exists('municipio', s))) };
}

export const inLists = (scope: ListScope, kind: ListKind, slug: string): boolean => scope === 'all' || scope[kind].has(slug);

export type MonthPage<T> = { category: string; month: MonthKey; page: number; pages: number; items: T[] };

/**
 * A list's stories by month, once per list: the month pages, the archive
 * indexes and the sitemaps of one build all ask for the same lists (the
 * whole archive, each category…), and at 100,000 stories each grouping is a
 * scan of them. Lists are never changed once a build has made them.
 */
const byMonth = new WeakMap<readonly Story[], Map<MonthKey, Story[]>>();
function monthsOf<T extends Story>(list: readonly T[]): Map<MonthKey, T[]> {
  let months = byMonth.get(list);
  if (!months) byMonth.set(list, (months = groupByMonth<Story>(list, monthOf)));
  return months as Map<MonthKey, T[]>;
}

/** A story's month: the one it carries (worked out once per row), or from its date. */
const monthOf = (s: Story): MonthKey => s.month ?? monthKey(s.publishedAt);

/**
 * The month pages to write: for each category and month in scope, every page
 * of 200. A month in scope is written in every category (a story moved to
 * another category within its month leaves no stale list behind).
 */
export function archiveMonthPages<T extends Story>(byCategory: ReadonlyMap<string, readonly T[]>, scope: ArchiveScope, whole: ReadonlySet<string> = new Set()): MonthPage<T>[] {
  const out: MonthPage<T>[] = [];
  // By slug: the same order however the lists were made (derived or patched: content.ts).
  for (const category of [...byCategory.keys()].sort()) {
    for (const [month, items] of monthsOf(byCategory.get(category)!)) {
      if (!inScope(scope, month) && !whole.has(category)) continue;
      const pages = pageCount(items.length);
      for (let page = 1; page <= pages; page++) out.push({ category, month, page, pages, items: pageItems(items, page) });
    }
  }
  return out;
}

export type ArchiveMonth = { month: MonthKey; count: number };

/** A category's archive index: its months, newest first, with story counts. */
export function archiveMonths<T extends Story>(list: readonly T[]): ArchiveMonth[] {
  return [...monthsOf(list)].map(([month, items]) => ({ month, count: items.length }));
}

/** The same months grouped by year (newest first), for the index page. */
export function byYear(months: readonly ArchiveMonth[]): Array<{ year: string; months: ArchiveMonth[] }> {
  const out: Array<{ year: string; months: ArchiveMonth[] }> = [];
  for (const m of months) {
    const year = m.month.slice(0, 4);
    const last = out[out.length - 1];
    if (last?.year === year) last.months.push(m);
    else out.push({ year, months: [m] });
  }
  return out;
}

export type SitemapFile<T> = { file: string; month: MonthKey; items: T[] };

/** Every monthly news sitemap file of the site (parts of at most `max` URLs), newest month first. */
export function newsSitemapFiles<T extends Story>(news: readonly T[], max: number): SitemapFile<T>[] {
  const out: SitemapFile<T>[] = [];
  for (const [month, items] of monthsOf(news)) {
    splitForSitemap(items, max).forEach((part, i) => out.push({ file: newsSitemapFile(month, i + 1), month, items: part }));
  }
  return out;
}

/** Newest date among items (ISO strings compare as dates). */
export function lastModified<T extends Story & { updatedAt?: string | null }>(items: readonly T[]): string | undefined {
  let best: string | undefined;
  for (const a of items) {
    const d = a.updatedAt && a.updatedAt > a.publishedAt ? a.updatedAt : a.publishedAt;
    if (!best || d > best) best = d;
  }
  return best;
}

/** How a list's pages say whose stories they are ("nesta categoria", "deste município", "deste autor"). */
export const LIST_SCOPE: Record<ArchiveRoot, string> = { category: 'nesta categoria', municipio: 'deste município', autor: 'deste autor' };

/**
 * getStaticPaths of one kind of month page: every month page of every list
 * (category, municipality or author) in this build's scope, with its name.
 */
export type MonthPageProps<T> = { name: string; month: MonthKey; page: number; pages: number; items: T[] };

export function monthPagePaths<T extends Story>(
  byKey: ReadonlyMap<string, readonly T[]>,
  scope: ArchiveScope,
  name: (slug: string, first: T | undefined) => string,
  lists: { scope: ListScope; kind: ListKind; whole?: WholeLists } = { scope: 'all', kind: 'category' },
): Array<{ params: { slug: string; year: string; month: string; page: string | undefined }; props: MonthPageProps<T> }> {
  const inScopeLists = lists.scope === 'all' ? byKey : new Map([...byKey].filter(([slug]) => inLists(lists.scope, lists.kind, slug)));
  const whole = lists.kind === 'autor' ? undefined : lists.whole?.[lists.kind];
  return archiveMonthPages(inScopeLists, scope, whole).map((p) => ({
    params: { slug: p.category, year: p.month.slice(0, 4), month: p.month.slice(5, 7), page: p.page > 1 ? String(p.page) : undefined },
    props: { name: name(p.category, p.items[0]), month: p.month, page: p.page, pages: p.pages, items: p.items },
  }));
}
