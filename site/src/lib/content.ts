/**
 * What pages use of the build's content: the loaded content itself (once per
 * build, site/src/build/load.ts), its types, and the helpers that pick from it
 * (cards, lists, rankings, related, ads, getStaticPaths).
 */
import { buildPlan, storiesToRender } from '@portal/domain/build-contract';
import { isAdVisible } from '@portal/domain/news-access';
import { LIMITS } from '@portal/domain/limits';
import { adPlace, type AdPlace } from '@portal/domain/ads';
import type { Ad } from '@portal/domain/schema';
import { topByCount } from '@portal/domain/engagement';
import { pickRelated, relatedFeedSize } from '@portal/domain/related';
import { inLists } from '../build/archive-pages.ts';
import { content } from '../build/load.ts';
import { categoryPages } from './categories.ts';
import type { LiveEntryView, LiveState } from '@portal/domain/live';
import type { Article, CardNews, Content } from './content-types.ts';
export type * from './content-types.ts';
export { AUTHOR_FALLBACK } from './content-types.ts';
export { content };
export { loadedContent } from '../build/load.ts';
export { categoryName, categoryPages, navCategories } from './categories.ts';

/**
 * A targeted build renders only the touched articles (none for a site-wide
 * change); every other page type is cheap and always rendered. The rule is
 * the build contract's (docs/decisions/006-publish-pipeline.md).
 */
export function articlesToRender(c: Content): Article[] {
  return storiesToRender(c.news, buildPlan(process.env));
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
    ...(a.live?.state === 'live' ? { isLive: true } : {}),
  };
}

/**
 * A live story's coverage as readers get it (page, older pages, feed): each
 * entry's story linked when that story is public in this build.
 */
export function liveView(c: Content, a: Article): { state: LiveState; startedAt: string | null; endedAt: string | null; entries: LiveEntryView[] } | null {
  if (!a.live) return null;
  const entries = a.live.entries.map(({ promotedId, ...e }) => {
    const s = promotedId ? c.byId.get(promotedId) : undefined;
    return { ...e, story: s ? { title: s.title, slug: s.slug } : null };
  });
  return { state: a.live.state, startedAt: a.live.startedAt, endedAt: a.live.endedAt, entries };
}

/** The public coverage a story came from (an entry turned into a story), or null. */
export function fromLive(c: Content, a: Article): Pick<Article, 'title' | 'slug'> | null {
  const coverage = a.fromLiveId ? c.byId.get(a.fromLiveId) : undefined;
  return coverage?.live ? { title: coverage.title, slug: coverage.slug } : null;
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
