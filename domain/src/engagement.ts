/** Likes ("TOPs"), views and dashboard arithmetic. */

/**
 * A count of TOPs in pt-BR: one TOP, many TOPs (issue #34, item 11: never "1 TOPS").
 * @example topCount(1) // '1 TOP'; topCount(2) // '2 TOPs'; topCount(0) // '0 TOPs'
 */
export const topCount = (count: number): string => `${count} ${count === 1 ? 'TOP' : 'TOPs'}`;

/** The like button: the bare verb with no TOP yet, else the count. @example likeLabel(0) // 'TOP'; likeLabel(3) // '3 TOPs' */
export const likeLabel = (count: number): string => (count > 0 ? topCount(count) : 'TOP');

/**
 * A photo credit with its "Foto:" once, whatever the editor typed (issue #34: "Foto: Foto: …").
 * @example photoCredit('Foto: Ana') // 'Foto: Ana'; photoCredit(' Ana ') // 'Foto: Ana'; photoCredit('') // ''
 */
export function photoCredit(credit: string | null | undefined): string {
  const name = (credit ?? '').trim().replace(/^((fotos?|foto\s+de|cr[ée]dito)\s*:\s*)+/i, '').trim();
  return name ? `Foto: ${name}` : '';
}

/**
 * Anonymous session ids are generated in the browser (crypto.randomUUID) and
 * kept in localStorage; the server accepts only that shape.
 */
export const SESSION_ID_PATTERN = /^[a-zA-Z0-9_-]{8,64}$/;
export const isValidSessionId = (v: unknown): v is string => typeof v === 'string' && SESSION_ID_PATTERN.test(v);

export type DashboardStats = { total: number; published: number; draft: number; totalViews: number; totalLikes: number };

/**
 * Performance card: percent published of total, views and likes per published
 * news, all rounded, 0 when there is nothing to divide by.
 * @example performance({ total: 4, published: 3, draft: 1, totalViews: 10, totalLikes: 2 })
 *   // { publishRate: 75, viewsPerNews: 3, likesPerNews: 1 }
 */
export function performance(s: DashboardStats) {
  return {
    publishRate: s.total > 0 ? Math.round((s.published / s.total) * 100) : 0,
    viewsPerNews: s.published > 0 ? Math.round(s.totalViews / s.published) : 0,
    likesPerNews: s.published > 0 ? Math.round(s.totalLikes / s.published) : 0,
  };
}

/** Rankings: the top 5 of the 20 latest published, by count, ties by recency. */
export function topByCount<T extends { published_at: string | null }>(items: T[], count: (t: T) => number, n = 5): T[] {
  return [...items]
    .sort((a, b) => count(b) - count(a) || String(b.published_at).localeCompare(String(a.published_at)))
    .slice(0, n);
}
