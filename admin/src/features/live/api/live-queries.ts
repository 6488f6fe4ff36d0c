/**
 * Query factory of live coverages (issue #30): the coverages (stories in live
 * mode), one coverage as its desk shows it, and its entries, newest first, a
 * page at a time (a coverage may hold thousands: never all at once).
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { LiveState } from '@portal/domain/live';
import type { NewsStatus } from '@portal/domain/news-status';
import { STAFF_ALL_ROWS } from '@portal/domain/query-rules';
import { PUBLIC_LIVE_ENTRY_FIELDS, type NewsLiveEntry } from '@portal/domain/schema';
import { aggregate, directus, readItems } from '../../../lib/directus.ts';
import { countOf } from '../../../lib/paged-list.ts';

/** A coverage: the story in live mode, with what the desk shows and what an entry's story inherits. */
export type Coverage = {
  id: string;
  title: string;
  slug: string;
  status: NewsStatus;
  published_at: string | null;
  live_status: LiveState | null;
  live_started_at: string | null;
  live_ended_at: string | null;
  municipality_id: { id: string; name: string } | null;
  category_id: { id: string; name: string } | null;
  /** The version the mode change is based on (no silent overwrite). */
  updated_at: string | null;
};

/** One entry as the desk lists it (the stored row, relations as ids), with its author's name. */
export type LiveEntryRow = Omit<NewsLiveEntry, 'news_id' | 'promoted_news_id'> & {
  news_id: string;
  promoted_news_id: string | null;
  /** null: no byline. */
  authorName: string | null;
};

const COVERAGE_FIELDS = [
  'id',
  'title',
  'slug',
  'status',
  'published_at',
  'live_status',
  'live_started_at',
  'live_ended_at',
  { municipality_id: ['id', 'name'] },
  { category_id: ['id', 'name'] },
  'updated_at',
] as const;

/** What readers see of an entry, and who created it and when (the desk's pages run by creation). */
const ENTRY_FIELDS = [...PUBLIC_LIVE_ENTRY_FIELDS, 'created_at', 'created_by'] as const;

/** Entries per page of the desk ("Carregar mais" asks for the next). */
export const ENTRIES_PAGE_SIZE = 20;
/** How long an ended coverage stays on the list of coverages. */
export const RECENTLY_ENDED_DAYS = 7;
/** At most this many coverages listed (running ones first). */
const COVERAGES_LIMIT = 100;

/** Where the next page starts: after the last entry shown (newest first, ties by id). */
export type EntriesCursor = { created_at: string; id: string } | null;

/**
 * The filter of one page of a coverage's entries: by keyset, so an entry
 * written while the desk is open never shifts the next page.
 * @example entriesFilter('n1', { created_at: '2026-11-27T10:00:00.000Z', id: 'e5' })
 */
export function entriesFilter(newsId: string, cursor: EntriesCursor): Record<string, unknown> {
  const coverage = { news_id: { _eq: newsId } };
  if (!cursor) return coverage;
  return {
    _and: [coverage, { _or: [{ created_at: { _lt: cursor.created_at } }, { _and: [{ created_at: { _eq: cursor.created_at } }, { id: { _lt: cursor.id } }] }] }],
  };
}

/** The next page's cursor: none after a short page. */
export function nextCursor(page: Array<Pick<LiveEntryRow, 'id' | 'created_at'>>): EntriesCursor | undefined {
  const last = page.at(-1);
  return page.length < ENTRIES_PAGE_SIZE || !last ? undefined : { created_at: last.created_at, id: last.id };
}

async function withAuthorNames(rows: Array<Omit<LiveEntryRow, 'authorName'>>): Promise<LiveEntryRow[]> {
  const ids = [...new Set(rows.map((r) => r.author_id).filter((id): id is string => !!id))];
  const profiles = ids.length
    ? ((await directus.request(
        readItems('profiles', { filter: { user_id: { _in: ids } }, fields: ['user_id', 'full_name'], limit: STAFF_ALL_ROWS }),
      )) as Array<{
        user_id: string;
        full_name: string | null;
      }>)
    : [];
  const names = new Map(profiles.map((p) => [p.user_id, p.full_name]));
  return rows.map((r) => ({ ...r, authorName: r.author_id ? names.get(r.author_id) || 'Autor não informado' : null }));
}

async function fetchCoverages(): Promise<Coverage[]> {
  return orderCoverages(
    (await directus.request(
      readItems('news', {
        // The SDK types timestamps as strings, without range operators: a plain filter object.
        filter: coveragesFilter(new Date()) as Record<string, unknown>,
        fields: COVERAGE_FIELDS,
        sort: ['-live_started_at'],
        limit: COVERAGES_LIMIT,
      }),
    )) as Coverage[],
  );
}

/** Running coverages, and those ended in the last RECENTLY_ENDED_DAYS. */
export function coveragesFilter(now: Date) {
  const since = new Date(now.getTime() - RECENTLY_ENDED_DAYS * 86_400_000).toISOString();
  return { _or: [{ live_status: { _eq: 'live' } }, { _and: [{ live_status: { _eq: 'ended' } }, { live_ended_at: { _gte: since } }] }] };
}

/** Running coverages first, each group as it came (newest start first). */
export const orderCoverages = (rows: Coverage[]): Coverage[] => [
  ...rows.filter((c) => c.live_status === 'live'),
  ...rows.filter((c) => c.live_status !== 'live'),
];

async function fetchCoverage(id: string): Promise<Coverage | null> {
  const rows = (await directus.request(readItems('news', { filter: { id: { _eq: id } }, fields: COVERAGE_FIELDS, limit: 1 }))) as Coverage[];
  return rows[0] ?? null;
}

async function fetchEntries(newsId: string, cursor: EntriesCursor): Promise<LiveEntryRow[]> {
  const rows = (await directus.request(
    readItems('news_live_entries', { filter: entriesFilter(newsId, cursor), fields: ENTRY_FIELDS, sort: ['-created_at', '-id'], limit: ENTRIES_PAGE_SIZE }),
  )) as Array<Omit<LiveEntryRow, 'authorName'>>;
  return withAuthorNames(rows);
}

/** How often an open desk asks for its entries again. */
export const DESK_REFRESH_MS = 15_000;

export const liveQueries = {
  all: () => ['live'] as const,
  coverages: () => queryOptions({ queryKey: [...liveQueries.all(), 'coverages'] as const, queryFn: fetchCoverages }),
  coverage: (id: string) => queryOptions({ queryKey: [...liveQueries.all(), 'coverage', id] as const, queryFn: () => fetchCoverage(id) }),
  entries: (newsId: string) =>
    infiniteQueryOptions({
      queryKey: [...liveQueries.all(), 'entries', newsId] as const,
      queryFn: ({ pageParam }) => fetchEntries(newsId, pageParam),
      initialPageParam: null as EntriesCursor,
      getNextPageParam: nextCursor,
      // A desk is shared: a colleague's entry (a producer's pending one to approve) appears within DESK_REFRESH_MS
      // while the tab is in view (TanStack stops in the background).
      refetchInterval: DESK_REFRESH_MS,
    }),
  /** How many entries the user may read on the coverage. */
  entryCount: (newsId: string) =>
    queryOptions({
      queryKey: [...liveQueries.all(), 'entries', newsId, 'count'] as const,
      queryFn: async () =>
        countOf(await directus.request(aggregate('news_live_entries', { aggregate: { count: '*' }, query: { filter: { news_id: { _eq: newsId } } } }))),
      refetchInterval: DESK_REFRESH_MS,
    }),
};
