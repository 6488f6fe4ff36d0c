/** Query factory of the news collection (keys generic → specific) and its list query. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { News } from '@portal/domain/schema';
import type { Role } from '@portal/domain/roles';
import { newsListFilter, type NewsListStatus } from '@portal/domain/news-access';
import { aggregate, directus, readItems } from '../../../lib/directus.ts';
import type { ListParams, Page } from '../../../lib/list-params.ts';
import { countOf, fetchPage } from '../../../lib/paged-list.ts';

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
  { category_id: ['id', 'name'] },
  { municipality_id: ['id', 'name'] },
  'author_id',
  'published_at',
  'scheduled_at',
  'first_published_at',
  'created_at',
  // The version an edit is based on (no silent overwrite).
  'updated_at',
] as const;

async function fetchNewsPage(f: NewsListFilters): Promise<Page<NewsRow>> {
  const { items, total } = await fetchPage<Omit<NewsRow, 'authorName'>>('news', { ...f, fields: FIELDS, filter: newsListFilter(f.role, f.userId, f.status) });
  // Author names come from profiles (staff may read every profile, not every user).
  const authorIds = [...new Set(items.map((n) => n.author_id).filter((id): id is string => !!id))];
  const authors = authorIds.length
    ? ((await directus.request(readItems('profiles', { filter: { user_id: { _in: authorIds } }, fields: ['user_id', 'full_name'], limit: -1 }))) as Array<{
        user_id: string;
        full_name: string | null;
      }>)
    : [];
  const names = new Map(authors.map((a) => [a.user_id, a.full_name]));
  return {
    items: items.map((n) => ({ ...n, authorName: (n.author_id && names.get(n.author_id)) || 'Autor não informado' })),
    total,
  };
}

export const newsQueries = {
  all: () => ['news'] as const,
  lists: () => [...newsQueries.all(), 'list'] as const,
  list: (f: NewsListFilters) =>
    queryOptions({ queryKey: [...newsQueries.lists(), f] as const, queryFn: () => fetchNewsPage(f), placeholderData: keepPreviousData }),
  counts: () =>
    queryOptions({
      queryKey: [...newsQueries.all(), 'counts'] as const,
      queryFn: async () => {
        const count = async (filter?: Record<string, unknown>) => {
          return countOf(await directus.request(aggregate('news', { aggregate: { count: '*' }, query: filter ? { filter: filter as never } : {} })));
        };
        const [total, published, draft] = await Promise.all([count(), count({ status: { _eq: 'published' } }), count({ status: { _eq: 'draft' } })]);
        return { total, published, draft };
      },
    }),
};
