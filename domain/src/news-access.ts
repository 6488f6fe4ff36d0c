/**
 * Who sees what, each rule once with the forms the servers need (issue #14):
 * the predicate (hooks, site, tests), the Directus permission filter
 * (directus/access/policies.ts) and the columns a raw SQL query must test
 * (directus/extensions/shared/visibility.ts). A test evaluates each filter
 * against the predicate on the same cases.
 */
import { isAdVisible } from './ads.ts';
import { isPubliclyVisible, NEWS_STATUSES, PRODUCER_EDITABLE_STATUSES, type NewsStatus } from './news-status.ts';
import { isEditorLevel } from './roles.ts';

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

/** Directus replaces this token with the signed-in user's id in permission filters. */
export const ME = '$CURRENT_USER';

/**
 * Who may edit a story: editors and super admins any; a producer only their
 * own, while it is a draft or pending (what went out is the editors' to
 * change). Filter form: `producerNewsUpdateFilter` (the producer policy).
 * @example canEditNews('producer', 'u1', { author_id: 'u1', status: 'published' }) // false
 */
export function canEditNews(role: string | null | undefined, userId: string, news: { author_id: string | null; status: NewsStatus | string }): boolean {
  if (isEditorLevel(role)) return true;
  return !!userId && news.author_id === userId && (PRODUCER_EDITABLE_STATUSES as readonly string[]).includes(news.status);
}

/** The producer's update permission: `canEditNews` for role producer, as a Directus filter. */
export const producerNewsUpdateFilter = (me: string = ME) => ({ _and: [{ author_id: { _eq: me } }, { status: { _in: [...PRODUCER_EDITABLE_STATUSES] } }] });

/**
 * The admin news list's status filter: one status, every status the role's
 * list covers ('all'), or every status but published ('unpublished': the work
 * still in the newsroom's hands).
 */
export type NewsListStatus = NewsStatus | 'all' | 'unpublished';

/** The filter's choices, in the order the list offers them. */
export const NEWS_LIST_STATUSES: readonly NewsListStatus[] = ['unpublished', 'all', ...NEWS_STATUSES];

export const isNewsListStatus = (v: unknown): v is NewsListStatus => typeof v === 'string' && (NEWS_LIST_STATUSES as readonly string[]).includes(v);

/**
 * Where each role's admin list starts: super_admin sees everything, an editor
 * the pending news to review (spec section 6), a producer every story of
 * theirs not yet published, so a story sent for review stays in view as
 * "Pendente" (issue #34; the spec's "own drafts" hid it, decision 043).
 * The status filter then reaches the rest (issue #12, item 7).
 * @example defaultNewsListStatus('editor') // 'pending'
 * @example defaultNewsListStatus('producer') // 'unpublished'
 */
export function defaultNewsListStatus(role: string | null | undefined): NewsListStatus {
  if (role === 'super_admin') return 'all';
  if (isEditorLevel(role)) return 'pending';
  return 'unpublished';
}

/**
 * Whether a list filtered by `filter` shows a story in `status` (its Directus form: newsListFilter).
 * @example listShowsStatus('unpublished', 'pending') // true
 * @example listShowsStatus('draft', 'pending') // false
 */
export function listShowsStatus(filter: NewsListStatus, status: NewsStatus): boolean {
  return filter === 'all' || (filter === 'unpublished' ? status !== 'published' : filter === status);
}

/**
 * The admin list's Directus filter: editor-level users list every story
 * (their policy reads all news), a producer only their own; either narrowed by
 * status. A convenience for the screen: what each role may read is the
 * server's permission (`staffNewsReadFilter`, the editor policy), not this.
 * @example newsListFilter('editor', 'u1', 'published') // { status: { _eq: 'published' } }
 * @example newsListFilter('editor', 'u1', 'unpublished') // { status: { _neq: 'published' } }
 */
export function newsListFilter(role: string | null | undefined, userId: string, status: NewsListStatus): Record<string, unknown> {
  const byStatus = status === 'all' ? null : status === 'unpublished' ? { status: { _neq: 'published' } } : { status: { _eq: status } };
  if (isEditorLevel(role)) return byStatus ?? {};
  const own = { author_id: { _eq: userId } };
  return byStatus ? { _and: [own, byStatus] } : own;
}

export { isAdVisible, isPubliclyVisible };
