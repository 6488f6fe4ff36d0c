/**
 * The site's content loader: every build-time read of Directus goes through
 * here, in a handful of bulk requests made once per build (memoised), then
 * derived (derive.ts) and indexed in memory so each page does O(1)-ish work —
 * the site must build 100,000 news in minutes.
 */
import { customEndpoint, readItems } from '@directus/sdk';
import { buildPlan, listedIds } from '@portal/domain/build-contract';
import { sortByName } from '@portal/domain/collation';
import { PUBLIC_LIVE_ENTRY_FIELDS, type Ad, type PortalEvent } from '@portal/domain/schema';
import { withDefaults } from '@portal/domain/settings';
import { authorSlugs } from '@portal/domain/slug';
import { CATALOGUE_LIST_KINDS, CATALOGUE_LISTS } from '@portal/domain/archive';
import { isUsableSlug, type SkippedRecord } from '@portal/domain/text-limits';
import { legacyRedirectEntries, listRedirectEntries, type ListAlias } from '@portal/domain/permalinks';
import { writeFileSync } from 'node:fs';
import { directus } from '../lib/directus.ts';
import { categoryPages } from '../lib/categories.ts';
import type { Content, Correction, Ref } from '../lib/content-types.ts';
import { storyRows } from './news-snapshot.ts';
import { everyRow, type Cursor } from './paged-read.ts';
import { listScope, wholeLists } from './archive-pages.ts';
import { onNextBuild, orStepAside, perBuild, stepAsidePoint } from './per-build.ts';
import { storiesOf, withCatalogue, type CatalogueEntry, type RawNews } from './derive.ts';
import type { RawEntry } from './live.ts';

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
  // Live coverage (issue #30): its mode and times, and the coverage a story came from.
  'live_status',
  'live_started_at',
  'live_ended_at',
  'from_live_news_id',
  { category_id: ['id', 'name', 'slug'], municipality_id: ['id', 'name', 'slug'] },
] as const;
const CORRECTION_FIELDS = ['id', 'news_id', 'note', 'created_at'] as const;
const ENTRY_FIELDS = [...PUBLIC_LIVE_ENTRY_FIELDS];
const ALIAS_FIELDS = ['slug', { news_id: ['id', 'slug'] }] as const;
const LEGACY_FIELDS = ['path', { news_id: ['id', 'slug'] }] as const;

const chunks = <T>(xs: T[], n: number): T[][] => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

type RawCorrection = { id: string; news_id: string; note: string; created_at: string };
type RawAlias = { slug: string; news_id: { id: string; slug: string } | null };
type RawLegacy = { path: string; news_id: { id: string; slug: string } | null };
type Rows = { news: RawNews[]; corrections: RawCorrection[]; aliases: RawAlias[]; legacy: RawLegacy[]; entries: RawEntry[] };

const PUBLISHED = { status: { _eq: 'published' as const } };
// The SDK types published_at as text and ids as uuids, so it refuses range filters on them; Directus takes them (datetime).
type Cond = never[];
/** The filter of a page of the archive below `cursor` (paged-read.ts). */
function below(cursor: Cursor): Cond {
  if (!cursor) return [];
  if (cursor.strict) return [{ published_at: { _lt: cursor.key } }] as Cond;
  return [{ published_at: { _lte: cursor.key } }, ...(cursor.skip.length ? [{ id: { _nin: cursor.skip } }] : [])] as Cond;
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
  // A warm build a story waits behind stops here as soon as it is asked, not once Directus has answered.
  const [storyRead, categories, municipalities, settingRows, profiles, events, ads, listAliases, listLegacy, alertsKey] = await orStepAside(Promise.all([
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
      // Live coverages' entries (issue #30): with their story, so a coverage's targeted build reads its entries
      // and no other. The public policy reads only published entries of public stories in live mode.
      entries: {
        all: async () => (await client.request(readItems('news_live_entries', { fields: ENTRY_FIELDS, filter: PUBLISHED, limit: -1 }))) as unknown as RawEntry[],
        byIds: (ids) =>
          byStory(ids, (part) => client.request(readItems('news_live_entries', { fields: ENTRY_FIELDS, filter: { _and: [PUBLISHED, { news_id: { _in: part } }] }, limit: -1 }))),
        story: (r) => String(r.news_id),
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
    // Breaking-news alerts' public key (issue #29): none (404) when the server has no VAPID pair, and then no "Receber alertas".
    client.request(customEndpoint<{ publicKey: string }>({ path: '/portal/push/key' })).then(
      (r) => r.publicKey,
      () => null,
    ),
  ]));
  const byId = (entries: unknown[]) => new Map((entries as CatalogueEntry[]).map((e) => [String(e.id), e]));
  const [catalogue, towns] = [byId(categories), byId(municipalities)];
  const rawNews = withCatalogue(storyRead.rows.news, catalogue, towns);
  const { corrections: correctionRows, aliases, legacy, entries: entryRows } = storyRead.rows;
  // One map by story: a coverage finds its entries without a scan of them all.
  const entriesOf = new Map<string, RawEntry[]>();
  for (const r of entryRows) {
    const list = entriesOf.get(String(r.news_id));
    if (list) list.push(r);
    else entriesOf.set(String(r.news_id), [r]);
  }
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
  const plan = buildPlan(process.env);
  const listed = new Set(listedIds(plan) ?? []);
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
  const whole = wholeLists(plan, (kind, slug) => (kind === 'category' ? categorySlugs : municipalitySlugs).has(slug));
  // Where the listed stories are in the live release: a renamed list is there under its new address.
  const before = storyRead.before ? withCatalogue(storyRead.before.news, catalogue, towns) : null;
  const lists = listScope(plan, listedRows.map(listedIn), before?.map(listedIn) ?? null, whole);
  const { news, bySlug, byId: storyById, live, groups, skippedNews, withCorrections } = storiesOf(rawNews, { authors, authorSlug, correctionsOf, entriesOf }, now);
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
    byId: storyById,
    live,
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
    alertsKey,
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
onNextBuild(() => {
  delete loaded[LOADED];
});
export function loadedContent(out: string): Content | null {
  const l = loaded[LOADED];
  return l && l.out === out ? l.c : null;
}

const loadOnce: () => Promise<Content> = perBuild(() =>
  load().then((c) => {
    writeReport(c.skipped);
    loaded[LOADED] = { out: process.env.SITE_OUT_DIR, c };
    return c;
  }),
);

/** All build data, fetched once per build. Every route's paths and every page ask for it: where a warm build may step aside. */
export async function content(): Promise<Content> {
  const c = await loadOnce();
  stepAsidePoint();
  return c;
}
