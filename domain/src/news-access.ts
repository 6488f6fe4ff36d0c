/**
 * Who sees what, each rule once with the forms the servers need (issue #14):
 * the predicate (hooks, site, tests), the Directus permission filter
 * (directus/access/policies.ts) and the columns a raw SQL query must test
 * (directus/extensions/shared/visibility.ts). A test evaluates each filter
 * against the predicate on the same cases.
 */
import { isAdVisible } from './ads.ts';
import { isPubliclyVisible } from './news-status.ts';

/** Directus replaces this token with the request time in permission filters. */
export const NOW = '$NOW';

/** Public news: published and its time has come (scheduled ones wait). Predicate: isPubliclyVisible. */
export const PUBLIC_NEWS_FILTER = { _and: [{ status: { _eq: 'published' } }, { published_at: { _lte: NOW } }] };

/** Public ads: active and inside the date window, either end open. Predicate: isAdVisible. */
export const AD_WINDOW_FILTER = {
  _and: [
    { is_active: { _eq: true } },
    { _or: [{ start_date: { _null: true } }, { start_date: { _lte: NOW } }] },
    { _or: [{ end_date: { _null: true } }, { end_date: { _gte: NOW } }] },
  ],
};

/** Staff read their own news and every public one. */
export const staffNewsReadFilter = (me: string) => ({ _or: [{ author_id: { _eq: me } }, PUBLIC_NEWS_FILTER] });

export { isAdVisible, isPubliclyVisible };
