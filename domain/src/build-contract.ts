/**
 * What crosses processes in the publish pipeline, in one place (issue #14):
 * Directus hooks → builder (`POST /hooks/rebuild`, JSON body) → site build
 * (one typed plan, BuildPlan, parsed once) → builder (`GET /status`).
 * docs/decisions/006-publish-pipeline.md.
 */
import { z } from 'zod';
import { CATALOGUE_LIST_KINDS, isMonthKey, type CatalogueList } from './archive.ts';
import type { SkippedRecord } from './text-limits.ts';

/**
 * The lists a catalogue change names by address: a category or municipality
 * renamed, added or removed, by its address before the change and after it.
 */
export type NamedLists = Partial<Record<CatalogueList, string[]>>;

/**
 * Targeted: render these stories (ids) and every page that is not a story
 * (home, categories, feeds, sitemaps, live.json…); `slugs` are addresses whose
 * page may have to go (unpublished, deleted, renamed). With no stories it is a
 * site-wide change (settings, ads, events, catalogue, bylines).
 * Full: every page (deploys, template changes, the catch-up of related lists).
 */
export type TargetedRequest = {
  full: false;
  news: string[];
  slugs: string[];
  /**
   * A catalogue change: these lists' pages, every month of them (their name
   * or address changed). The story rows are re-joined to the new names by id
   * (site/src/build/load.ts); the other lists and old story pages show the
   * new name from the catch-up ('soon').
   */
  named?: NamedLists;
  /**
   * Belém months (YYYY-MM) the listed stories were filed under before the
   * change and after it: a story that left the site or moved keeps no stale
   * line in a month list, and the build need not rewrite every month to find it.
   */
  months?: string[];
  /**
   * No per-list pages (category, municipality, author): the change reaches
   * them through /live.json (settings, ads) or is not on them (events, on the
   * home page only). Only on a request with no story and no named list (with
   * stories the lists follow the stories); kept by a merge only while every
   * story-less request in it has it. 'all': every per-list page although it
   * lists stories — a byline change merged with a publish (a request with
   * stories otherwise renders only their lists).
   */
  lists?: false | 'all';
  /**
   * Only the listed stories' own pages (everything under /news/<slug>/) and
   * the feeds that date them (STORY_ONLY_FEEDS): a live coverage's new or
   * changed entry (issue #30), which changes no list, card, month or search
   * entry. Kept by a merge only while every request in it has it.
   */
  storiesOnly?: true;
};
export type BuildRequest = { full: true } | TargetedRequest;

/** Settings, ads, events, categories, municipalities, bylines: no story page of their own. */
export const SITE_WIDE: TargetedRequest = Object.freeze({ full: false, news: [], slugs: [] }) as TargetedRequest;

/** Settings, ads, events: every page that is not a story or a per-list page (those read /live.json). */
export const LIVE_ONLY: TargetedRequest = Object.freeze({ full: false, news: [], slugs: [], lists: false }) as TargetedRequest;

/**
 * A category or municipality changed (`slugs`: its addresses before and after):
 * every page that is not a story or a per-list page, and that list's pages.
 * @example catalogueChange('category', ['politica', 'politica-e-governo'])
 * // { full: false, news: [], slugs: [], named: { category: ['politica', 'politica-e-governo'] } }
 */
export function catalogueChange(kind: keyof NamedLists, slugs: readonly string[]): TargetedRequest {
  return { full: false, news: [], slugs: [], named: { [kind]: uniq(slugs.filter(Boolean)) } };
}

/** Beyond this many stories a request becomes a full build (a batch publish of an admin page is 100). */
export const MAX_REQUEST_IDS = 500;

/**
 * Builder → every process of a site build: the one plan of the build (JSON in
 * one variable, parsed once by buildPlan), instead of a variable per field.
 * What a targeted build renders and what it is laid over; which process of a
 * full build this is (its search-index process, a story helper).
 */
export const BUILD_PLAN_ENV = 'PORTAL_BUILD_PLAN';

const address = z.string().max(320);
const namedSchema = z.object({ category: z.array(address).max(MAX_REQUEST_IDS).optional(), municipio: z.array(address).max(MAX_REQUEST_IDS).optional() }).strict();

export const buildPlanSchema = z
  .object({
    /** Absent: a full build (every page). */
    targeted: z
      .object({
        news: z.array(z.string()),
        slugs: z.array(address),
        months: z.array(z.string().refine(isMonthKey, 'mês AAAA-MM')).optional(),
        named: namedSchema.optional(),
        lists: z.union([z.literal(false), z.literal('all')]).optional(),
        storiesOnly: z.literal(true).optional(),
        /** The live release the build is laid over (its search delta is read there). */
        previousRelease: z.string(),
        /**
         * The story rows that release was made from (v8-serialised beside it: its base, and the delta of the
         * targeted builds laid over it since): read instead of the whole archive, with fresh reads of the listed stories.
         */
        newsSnapshot: z.string().optional(),
      })
      .strict()
      .optional(),
    /**
     * A large full build renders its story pages in several processes at once (storyProcessesFor): this one
     * renders the stories at positions index, index+count… Index 0 is the build itself and renders every
     * other page; the others are its helpers (builder/src/story-shards.ts), story pages only.
     */
    shard: z.object({ index: z.number().int().min(0), count: z.number().int().min(1) }).strict().optional(),
    /** A story helper: the build's output folder, beside which its rows are handed over (news-snapshot.ts). */
    shardOf: z.string().optional(),
    /**
     * The build's search-index process. In a targeted build it reads the rows and leaves writing them to the
     * page process; in a full build it reads the archive from Directus (it starts first, while Vite bundles)
     * and writes the rows, which the page process then takes (rowsFromSearch).
     */
    searchIndex: z.boolean().optional(),
    /** A full build's page process (or helper): its rows come from the search-index process. */
    rowsFromSearch: z.boolean().optional(),
    /** A full build's live release, whose full search index it may carry forward (domain/src/search-delta.ts carriedIndex). */
    searchFrom: z.string().optional(),
    /**
     * A warm process's throwaway first job (builder/src/site-build.ts primeJob): its pages are discarded, so it
     * indexes nothing. Over a full build not yet finished, which has no search delta yet, a recent index would
     * hold the whole archive (at 100,000 stories, minutes of Pagefind beside that full build).
     */
    prime: z.literal(true).optional(),
  })
  .strict();
export type BuildPlan = z.infer<typeof buildPlanSchema>;

/** Every page, in one process: what a build with no plan does (`astro build` by hand, the image's first build). */
export const FULL_PLAN: BuildPlan = Object.freeze({});

// The last plan read, by its text: a build's modules ask for it at every page.
let lastPlan: { raw: string; plan: BuildPlan } | null = null;

/**
 * The plan of the build this process is part of, checked once.
 * @example buildPlan({ PORTAL_BUILD_PLAN: '{"targeted":{"news":["a"],"slugs":["x"],"previousRelease":"/r"}}' }).targeted?.news // ['a']
 * buildPlan({}) // FULL_PLAN
 */
export function buildPlan(env: Record<string, string | undefined>): BuildPlan {
  const raw = env[BUILD_PLAN_ENV];
  if (!raw) return FULL_PLAN;
  if (lastPlan?.raw === raw) return lastPlan.plan;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    json = undefined;
  }
  const r = buildPlanSchema.safeParse(json);
  if (!r.success) throw new Error(`${BUILD_PLAN_ENV} inválido: ${r.error.issues.map((i) => `${i.path.join('.') || '(plano)'}: ${i.message}`).join('; ')}`);
  lastPlan = { raw, plan: r.data };
  return r.data;
}

/** The environment that hands `plan` to a build process. */
export const planEnv = (plan: BuildPlan): Record<string, string> => ({ [BUILD_PLAN_ENV]: JSON.stringify(plan) });

/** The plan of a targeted build laid over `previousRelease` (with the rows kept beside it, when there are). */
export function targetedPlan(req: TargetedRequest, previousRelease: string, newsSnapshot?: string): BuildPlan {
  return {
    targeted: {
      news: req.news,
      slugs: req.slugs,
      previousRelease,
      ...(req.months?.length ? { months: req.months } : {}),
      ...(req.named ? { named: req.named } : {}),
      ...(req.lists !== undefined ? { lists: req.lists } : {}),
      ...(req.storiesOnly ? { storiesOnly: true as const } : {}),
      ...(newsSnapshot ? { newsSnapshot } : {}),
    },
  };
}

/**
 * The lists a targeted build renders whole (a catalogue change), by kind.
 * @example namedLists({ targeted: { news: [], slugs: [], previousRelease: '/r', named: { category: ['a'] } } }) // { category: Set {'a'}, municipio: Set {} }
 * namedLists(FULL_PLAN) // null
 */
export function namedLists(plan: BuildPlan): { category: ReadonlySet<string>; municipio: ReadonlySet<string> } | null {
  const named = plan.targeted?.named;
  return named ? { category: new Set(named.category ?? []), municipio: new Set(named.municipio ?? []) } : null;
}

/** Where a release's news rows are kept: beside it, never inside (not a public file). */
export const newsSnapshotFile = (release: string) => `${release.replace(/\/$/, '')}.news.v8`;

/** Beside a release's rows: the stories targeted builds changed since they were written, and their fresh rows. */
export const snapshotDeltaFile = (snapshot: string) => `${snapshot}.delta`;

/** Beside a release: the story addresses its full search index holds (JSON), so a later full build may carry that index forward. */
export const searchIndexListFile = (release: string) => `${release.replace(/\/$/, '')}.search-index.json`;

/** Beside a full build's rows file: the search-index process ended without writing them. */
export const rowsFailedFile = (release: string) => `${newsSnapshotFile(release)}.failed`;

export type StoryShard = { index: number; count: number };

/**
 * @example storyShard({ shard: { index: 1, count: 2 } }) // { index: 1, count: 2 }
 * storyShard(FULL_PLAN) // null (one process renders every story)
 * storyShard({ shard: { index: 2, count: 2 } }) // null (not a shard: every story)
 */
export function storyShard(plan: BuildPlan): StoryShard | null {
  const s = plan.shard;
  return s && s.count > 1 && s.index < s.count ? { index: s.index, count: s.count } : null;
}

/**
 * Below this many published stories a second story process costs more than it
 * saves (its own start, bundling and load: about 10 s of CPU, on cores the
 * search index also wants). Measured on two cores: 1,000 stories built 1.16
 * times slower with it, 10,000 1.04 times slower, 100,000 in about three
 * quarters of the time; the line between crosses near 14,000
 * (docs/decisions/006-publish-pipeline.md).
 */
export const STORY_HELPER_MIN_STORIES = 20_000;

/**
 * How many processes render a full build's story pages: one per core, at most
 * two (each holds the archive: memory), once the archive is large enough.
 * @example storyProcessesFor(100_000, 2) // 2
 * storyProcessesFor(10_000, 2) // 1
 * storyProcessesFor(100_000, 1) // 1
 */
export function storyProcessesFor(published: number, cores: number): number {
  return published >= STORY_HELPER_MIN_STORIES ? Math.max(1, Math.min(2, cores)) : 1;
}

/** A full build's story helper: story pages only, no list, month, feed or search index. */
export const isStoryHelper = (plan: BuildPlan): boolean => (storyShard(plan)?.index ?? 0) > 0 && !isTargetedBuild(plan);

/** A targeted build (even one with no story: a site-wide change) as opposed to a full one. */
export const isTargetedBuild = (plan: BuildPlan): boolean => !!plan.targeted;

/**
 * The stories a targeted build lists; null for a full build (every story).
 * @example listedIds(targetedPlan({ full: false, news: ['a', 'b'], slugs: [] }, '/r')) // ['a', 'b']
 * listedIds(targetedPlan(SITE_WIDE, '/r')) // [] (site-wide change: no story)
 * listedIds(FULL_PLAN) // null (full build)
 */
export function listedIds(plan: BuildPlan): string[] | null {
  return plan.targeted ? plan.targeted.news.filter(Boolean) : null;
}

/** A build of the listed stories' own pages only (TargetedRequest.storiesOnly). */
export const isStoriesOnlyBuild = (plan: BuildPlan): boolean => !!plan.targeted?.storiesOnly;

/** The feeds that give a live coverage's newest entry as its update time (site/src/lib/feeds.ts). */
export const STORY_ONLY_FEEDS: readonly string[] = ['/rss.xml', '/news-sitemap.xml'];

/**
 * Whether a page at `pathname` is written by a stories-only build of the
 * stories at `slugs`: their own folder, and the feeds that date them.
 * @example inStoriesOnlyBuild('/news/cheia/ao-vivo.json', ['cheia']) // true
 * inStoriesOnlyBuild('/rss.xml', ['cheia']) // true
 * inStoriesOnlyBuild('/', ['cheia']) // false (the home page's card did not change)
 * inStoriesOnlyBuild('/news/outra/', ['cheia']) // false
 */
export function inStoriesOnlyBuild(pathname: string, slugs: readonly string[]): boolean {
  const p = pathname.startsWith('/') ? pathname : `/${pathname}`;
  if (STORY_ONLY_FEEDS.includes(p)) return true;
  return slugs.some((slug) => !!slug && (p === `/news/${slug}` || p.startsWith(`/news/${slug}/`)));
}

/**
 * How soon a full build must follow a targeted one (the catch-up): what a
 * targeted build does not re-render is old story pages. Their related news,
 * urgent message, contact links and ads reach readers from small documents
 * (`related.json`, `/live.json`) within seconds; only their built HTML — the
 * first paint, and what a reader without JavaScript sees — waits for the
 * catch-up ('later'). A story taken down (old pages may still name and link
 * it) or renamed bylines and catalogue names (written into old pages, with no
 * document to correct them; a catalogue build renders only the named lists)
 * are wrong in that HTML: 'soon'. A full build
 * catches up everything: 'none'. docs/decisions/006-publish-pipeline.md.
 * @example catchUpAfter(LIVE_ONLY, false) // 'later'
 * catchUpAfter({ full: false, news: ['a'], slugs: ['a'] }, true) // 'soon' (its page went)
 * catchUpAfter(SITE_WIDE, false) // 'soon' (bylines)
 */
export function catchUpAfter(req: BuildRequest, pageRemoved: boolean): 'none' | 'soon' | 'later' {
  if (req.full) return 'none';
  if (pageRemoved || rendersEveryList(req) || req.named) return 'soon';
  // Nothing but the stories' own pages changed, and they were all written.
  if (req.storiesOnly) return 'none';
  return 'later';
}

const uniq = (xs: readonly string[]) => [...new Set(xs)];

/** A NamedLists as it crossed a seam, checked: lists of addresses by known kind; null if malformed. */
function checkNamed(v: unknown): NamedLists | null {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const out: NamedLists = {};
  for (const [k, xs] of Object.entries(v)) {
    if (!(CATALOGUE_LIST_KINDS as string[]).includes(k)) return null;
    if (!Array.isArray(xs) || xs.length > MAX_REQUEST_IDS || !xs.every((x) => typeof x === 'string' && x.length <= 320)) return null;
    out[k as keyof NamedLists] = xs as string[];
  }
  return out;
}

/** The union of two NamedLists (undefined when both name nothing). */
function mergeNamed(a: NamedLists | undefined, b: NamedLists | undefined): NamedLists | undefined {
  const out: NamedLists = {};
  for (const k of CATALOGUE_LIST_KINDS) {
    const xs = uniq([...(a?.[k] ?? []), ...(b?.[k] ?? [])]);
    if (xs.length) out[k] = xs;
  }
  return Object.keys(out).length ? out : undefined;
}

/** The body a hook sent, checked: anything malformed is refused, never widened to a full build. */
export function parseBuildRequest(body: unknown): BuildRequest | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as { full?: unknown; news?: unknown; slugs?: unknown; named?: unknown; months?: unknown; lists?: unknown; storiesOnly?: unknown };
  if (b.full === true) return { full: true };
  const list = (v: unknown): string[] | null =>
    v === undefined ? [] : Array.isArray(v) && v.every((x) => typeof x === 'string' && x.length <= 320) ? (v as string[]) : null;
  const news = list(b.news);
  const slugs = list(b.slugs);
  const months = list(b.months);
  const named = b.named === undefined ? {} : checkNamed(b.named);
  if (!news || !slugs || !months || !months.every(isMonthKey) || !named) return null;
  // A batch that large touches most lists anyway: one full build, nothing dropped.
  if (news.length > MAX_REQUEST_IDS || slugs.length > MAX_REQUEST_IDS * 2 || months.length > MAX_REQUEST_IDS * 2) return { full: true };
  return targeted(news, slugs, months, mergeNamed(named, undefined), b.lists === false, b.lists === 'all', b.storiesOnly === true);
}

function targeted(
  news: string[],
  slugs: string[],
  months: string[],
  named: NamedLists | undefined,
  noLists: boolean,
  allLists = false,
  storiesOnly = false,
): TargetedRequest {
  // Only stories, and nothing else asked of the build: their own pages.
  const onlyStories = storiesOnly && news.length > 0 && !named && !months.length && !allLists && !noLists;
  return {
    full: false,
    news: uniq(news),
    slugs: uniq(slugs),
    ...(months.length ? { months: uniq(months) } : {}),
    ...(named ? { named } : {}),
    ...(noLists && !named && !news.length ? { lists: false as const } : {}),
    // Without a story or a named list, "every list" is the default; with one, it is said.
    ...(allLists && (news.length || named) ? { lists: 'all' as const } : {}),
    ...(onlyStories ? { storiesOnly: true as const } : {}),
  };
}

/** A request that asks for no per-list page beyond its own (a story's lists follow the story; a catalogue change names its lists). */
const asksNoLists = (r: TargetedRequest) => r.lists === false || r.news.length > 0 || !!r.named;
/** A request that renders every per-list page (bylines). */
export const rendersEveryList = (r: TargetedRequest) => r.lists === 'all' || (!r.news.length && !r.named && r.lists !== false);

/** Two requests as one: stories, addresses and months unioned; full wins; every list page unless neither asks for one. */
export function mergeRequests(a: BuildRequest | null, b: BuildRequest): BuildRequest {
  if (!a) return b.full ? b : targeted(b.news, b.slugs, b.months ?? [], mergeNamed(b.named, undefined), b.lists === false, b.lists === 'all', b.storiesOnly);
  if (a.full || b.full) return { full: true };
  const noLists = asksNoLists(a) && asksNoLists(b) && (a.lists === false || b.lists === false);
  return targeted(
    [...a.news, ...b.news],
    [...a.slugs, ...b.slugs],
    [...(a.months ?? []), ...(b.months ?? [])],
    mergeNamed(a.named, b.named),
    noLists,
    rendersEveryList(a) || rendersEveryList(b),
    !!a.storiesOnly && !!b.storiesOnly,
  );
}
export function mergeTargeted(a: TargetedRequest | null, b: TargetedRequest): TargetedRequest {
  return mergeRequests(a, b) as TargetedRequest;
}

/** The stories a site build renders: the listed ones for a targeted build, every one otherwise (its shard of them, with helpers). */
export function storiesToRender<T extends { id: string }>(all: T[], plan: BuildPlan): T[] {
  const ids = listedIds(plan);
  if (!ids) {
    const shard = storyShard(plan);
    return shard ? all.filter((_, i) => i % shard.count === shard.index) : all;
  }
  const wanted = new Set(ids);
  // A scan that stops once every listed story is found (a publish is among the newest).
  const out: T[] = [];
  for (const a of all) {
    if (!wanted.has(a.id)) continue;
    out.push(a);
    if (out.length === wanted.size) break;
  }
  return out;
}

const skippedSchema: z.ZodType<SkippedRecord> = z.object({ kind: z.enum(['news', 'category']), id: z.string(), title: z.string(), reason: z.string() });

/** The builder's `GET /status` (builder → Directus's portal-api), one shape for every reader of it (issue #31). */
export const builderStatusSchema = z.object({
  /** 'building' while any build runs or waits in a lane; read from the lanes, never stored (issue #28). */
  state: z.enum(['idle', 'building']),
  /** A full build is running in its own lane (publishes do not wait for it). */
  fullBuilding: z.boolean(),
  queued: z.unknown().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastFailureAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastDurationMs: z.number().nullable(),
  release: z.string().nullable(),
  builds: z.number(),
  /** Records the last build left out (unrenderable), for the admin's site status. */
  skipped: z.array(skippedSchema),
  /** When the catch-up full build owed for earlier publishes will start (null: none owed). */
  catchUpDueAt: z.string().nullable(),
  /** The last full build's outcome (the health page warns when it failed). */
  lastFull: z.object({ at: z.string(), ok: z.boolean(), ms: z.number(), error: z.string().nullable() }).nullable(),
});
export type BuilderStatus = Omit<z.infer<typeof builderStatusSchema>, 'queued'> & { queued: BuildRequest | null };

/** What staff see of the builder (`GET /portal/site-status`, the health page): nothing when it cannot be reached. */
export type SiteStatus =
  | { available: false }
  | ({ available: true } & Pick<BuilderStatus, 'state' | 'lastSuccessAt' | 'lastFailureAt' | 'lastError' | 'skipped' | 'lastFull' | 'catchUpDueAt'>);

/** The builder's answer as staff see it; anything that is not a builder status counts as unreachable. */
export function siteStatusFrom(body: unknown): SiteStatus {
  const r = builderStatusSchema.safeParse(body);
  if (!r.success) return { available: false };
  const { state, lastSuccessAt, lastFailureAt, lastError, skipped, lastFull, catchUpDueAt } = r.data;
  return { available: true, state, lastSuccessAt, lastFailureAt, lastError, skipped, lastFull, catchUpDueAt };
}

