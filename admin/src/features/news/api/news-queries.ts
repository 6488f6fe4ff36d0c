/** Query factory of the news collection (keys generic → specific) and its list query. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { News } from '@portal/domain/schema';
import { isEditorLevel, type Role } from '@portal/domain/roles';
import { newsListFilter, type NewsListStatus } from '@portal/domain/news-access';
import { aggregate, directus, readItems } from '../../../lib/directus.ts';
import type { ListParams, Page } from '../../../lib/list-params.ts';
import { countOf, fetchPage } from '../../../lib/paged-list.ts';
import { STAFF_ALL_ROWS } from '@portal/domain/query-rules';

/** A row of the admin list: the news with category and municipality names joined, and its author's name. */
export type NewsRow = Omit<News, 'category_id' | 'municipality_id' | 'updated_at' | 'view_count' | 'like_count'> & {
  category_id: { id: string; name: string } | null;
  municipality_id: { id: string; name: string } | null;
  authorName: string;
  /** The version an edit is based on (null: never edited). */
  updated_at?: string | null;
};

export type NewsListFilters = ListParams & { role: Role | null; userId: string; status: NewsListStatus };

const FIELDS = [
  'id',
  'title',
  'summary',
  'content',
  'slug',
  'status',
  'is_featured',
  'featured_image',
  'featured_image_caption',
  'featured_image_renditions',
  { category_id: ['id', 'name'] },
  { municipality_id: ['id', 'name'] },
  'author_id',
  'published_at',
  'scheduled_at',
  'first_published_at',
  'created_at',
  // Live coverage (issue #30): its state, and the coverage a story came from.
  'live_status',
  'live_started_at',
  'live_ended_at',
  'from_live_news_id',
  // The version an edit is based on (no silent overwrite).
  'updated_at',
] as const;

/** Rows with their authors' names (staff may read every profile, not every user). */
async function withAuthorNames(items: Array<Omit<NewsRow, 'authorName'>>): Promise<NewsRow[]> {
  const authorIds = [...new Set(items.map((n) => n.author_id).filter((id): id is string => !!id))];
  const authors = authorIds.length
    ? ((await directus.request(readItems('profiles', { filter: { user_id: { _in: authorIds } }, fields: ['user_id', 'full_name'], limit: STAFF_ALL_ROWS }))) as Array<{
        user_id: string;
        full_name: string | null;
      }>)
    : [];
  const names = new Map(authors.map((a) => [a.user_id, a.full_name]));
  return items.map((n) => ({ ...n, authorName: (n.author_id && names.get(n.author_id)) || 'Autor não informado' }));
}

async function fetchNewsPage(f: NewsListFilters): Promise<Page<NewsRow>> {
  const { items, total } = await fetchPage<Omit<NewsRow, 'authorName'>>('news', { ...f, fields: FIELDS, filter: newsListFilter(f.role, f.userId, f.status) });
  return { items: await withAuthorNames(items), total };
}

/** One story as the editor page opens it; null when it does not exist or this user may not read it. */
async function fetchNews(id: string): Promise<NewsRow | null> {
  const rows = (await directus.request(readItems('news', { filter: { id: { _eq: id } }, fields: FIELDS, limit: 1 }))) as Array<Omit<NewsRow, 'authorName'>>;
  return rows[0] ? ((await withAuthorNames(rows))[0] ?? null) : null;
}

export const newsQueries = {
  all: () => ['news'] as const,
  lists: () => [...newsQueries.all(), 'list'] as const,
  list: (f: NewsListFilters) =>
    queryOptions({ queryKey: [...newsQueries.lists(), f] as const, queryFn: () => fetchNewsPage(f), placeholderData: keepPreviousData }),
  /**
   * The story the editor page opens. Never served from an old cache (gcTime 0): the page edits the
   * version it loads, and the save is refused if someone changed the story since (decision 024).
   */
  detail: (id: string) => queryOptions({ queryKey: [...newsQueries.all(), 'detail', id] as const, queryFn: () => fetchNews(id), gcTime: 0 }),
  /**
   * The admin home's overview, "todas" (issue #34): editor-level staff count every story of the
   * newsroom. A producer's policy reads only her own stories and the published ones, so her
   * overview counts the portal's published stories only; her own totals are "Minhas Estatísticas".
   */
  counts: (role: Role | null) =>
    queryOptions({
      queryKey: [...newsQueries.all(), 'counts', isEditorLevel(role)] as const,
      queryFn: async () => {
        const count = async (filter?: Record<string, unknown>) => {
          return countOf(await directus.request(aggregate('news', { aggregate: { count: '*' }, query: filter ? { filter } : {} })));
        };
        if (!isEditorLevel(role)) return { total: null, published: await count({ status: { _eq: 'published' } }), draft: null };
        const [total, published, draft] = await Promise.all([count(), count({ status: { _eq: 'published' } }), count({ status: { _eq: 'draft' } })]);
        return { total, published, draft };
      },
    }),
};
