/**
 * The spec's related news of a story (SPEC: published, excluding the story,
 * newest first, limit 6, sharing its category or its municipality), from the
 * newest stories of each of its two lists. The build uses it for an article's
 * first paint; the browser uses it again with each list's current newest
 * stories (`/category/<slug>/related.json`, `/municipio/<slug>/related.json`),
 * so a publish reaches every old page's related list without re-rendering it
 * (issue #8; docs/decisions/006-publish-pipeline.md).
 */
export type RelatedCandidate = { id: string; publishedAt: string };

/** How many of a list's newest stories a related document carries: the limit, plus the story itself. */
export const relatedFeedSize = (n: number) => n + 1;

/** Newest first; equal times by id, as the site's story lists are ordered. */
export const newestFirst = (a: RelatedCandidate, b: RelatedCandidate) =>
  a.publishedAt < b.publishedAt ? 1 : a.publishedAt > b.publishedAt ? -1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * The `n` newest stories of the union of `lists` (each newest first), without
 * `self`. Only the first `n` others of each list can make it.
 * @example pickRelated([[{ id: 'a', publishedAt: '2026-01-02' }, { id: 's', publishedAt: '2026-01-01' }]], 's', 6) // [a]
 */
export function pickRelated<T extends RelatedCandidate>(lists: ReadonlyArray<readonly T[] | undefined>, self: string, n: number): T[] {
  const pool = new Map<string, T>();
  for (const list of lists) {
    let taken = 0;
    for (const x of list ?? []) {
      if (x.id === self) continue;
      pool.set(x.id, x);
      if (++taken >= n) break;
    }
  }
  return [...pool.values()].sort(newestFirst).slice(0, n);
}
