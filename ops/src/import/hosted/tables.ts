/**
 * The tables of the hosted portal's export (SPEC §3) and where each lives in
 * either shape: `schema.table` in a pg_dump, `<table>.csv` in a dashboard
 * export. Required columns are the spec's data model; other columns are ignored.
 */
import { ImportInputError, type Origin } from '../records.ts';

export const TABLE_KEYS = [
  'users',
  'mfa_factors',
  'profiles',
  'categories',
  'municipalities',
  'settings',
  'events',
  'ads',
  'news',
  'news_likes',
  'news_views',
] as const;
export type TableKey = (typeof TABLE_KEYS)[number];

type TableDef = { dump: string; csv: string; required: readonly string[]; optional?: readonly string[] };

export const TABLES: Record<TableKey, TableDef> = {
  // Auth tables: only what the import reads is required.
  users: { dump: 'auth.users', csv: 'users.csv', required: ['id', 'email'], optional: ['raw_user_meta_data', 'created_at'] },
  mfa_factors: { dump: 'auth.mfa_factors', csv: 'mfa_factors.csv', required: ['user_id', 'status'], optional: ['id', 'factor_type'] },
  profiles: {
    dump: 'public.profiles',
    csv: 'profiles.csv',
    required: ['id', 'user_id', 'full_name', 'email', 'whatsapp', 'instagram', 'avatar_url', 'role', 'municipality_id'],
    optional: ['created_at'],
  },
  categories: { dump: 'public.categories', csv: 'categories.csv', required: ['id', 'name', 'slug', 'description'] },
  municipalities: { dump: 'public.municipalities', csv: 'municipalities.csv', required: ['id', 'name', 'slug', 'created_at'] },
  settings: { dump: 'public.settings', csv: 'settings.csv', required: ['key', 'value'] },
  events: { dump: 'public.events', csv: 'events.csv', required: ['id', 'title', 'event_date', 'location', 'image_url', 'url', 'is_active'] },
  ads: {
    dump: 'public.ads',
    csv: 'ads.csv',
    required: [
      'id',
      'title',
      'content',
      'ad_type',
      'position',
      'link_url',
      'is_active',
      'start_date',
      'end_date',
      'google_ad_client',
      'google_ad_slot',
      'google_ad_format',
      'google_ad_responsive',
      'created_at',
    ],
  },
  news: {
    dump: 'public.news',
    csv: 'news.csv',
    required: [
      'id',
      'title',
      'summary',
      'content',
      'slug',
      'status',
      'is_featured',
      'featured_image',
      'featured_image_caption',
      'category_id',
      'municipality_id',
      'author_id',
      'published_at',
      'scheduled_at',
      'created_at',
    ],
  },
  news_likes: { dump: 'public.news_likes', csv: 'news_likes.csv', required: ['id', 'news_id', 'user_id'], optional: ['created_at'] },
  news_views: { dump: 'public.news_views', csv: 'news_views.csv', required: ['news_id', 'user_id', 'ip_address'], optional: ['created_at'] },
};

/** CSV files a dashboard export may lack without being broken (the auth tables are not always exported). */
export const OPTIONAL_CSV: ReadonlySet<TableKey> = new Set(['users', 'mfa_factors']);

export const tableByDumpName = (name: string): TableKey | undefined => TABLE_KEYS.find((k) => TABLES[k].dump === name);

/** The values of one row by column name (NULL is null), and where it starts. */
export type SourceRow = { table: TableKey; values: Readonly<Record<string, string | null>>; origin: Origin };

/**
 * A table's header (CSV first line, COPY column list, INSERT columns) must
 * hold the spec's columns.
 * @example checkColumns('news', ['id'], 'news.csv', 1) // throws 'news.csv, linha 1: falta a coluna "title"'
 */
export function checkColumns(table: TableKey, columns: readonly string[], file: string, line: number): void {
  const have = new Set(columns);
  const missing = TABLES[table].required.find((c) => !have.has(c));
  if (missing) throw new ImportInputError(`falta a coluna "${missing}"`, file, line);
}
