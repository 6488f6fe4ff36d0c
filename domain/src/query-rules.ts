/**
 * What a query may ask of Directus, by who asks (issue #32, decision 032).
 * Directus checks which fields a role reads, but a role that reads a field on
 * some rows (its own profile's WhatsApp) may filter, search, sort and
 * aggregate on it over every row, and read the answer from which rows come
 * back; and one anonymous request could ask for the whole archive. So, for
 * everyone but administrators and the site builder:
 * - filters, sorts, groups and aggregates name only the paths listed here,
 *   fields every caller of that kind may read on every row it can see;
 * - `limit` is bounded (never -1), and the public's offsets too;
 * - the public gets equality and ranges on indexed fields only, no search, no
 *   counts: the cost of its requests does not grow with the archive.
 * The portal-hooks query guard applies it to every request after Directus
 * has parsed it (`req.sanitizedQuery`).
 */

export type QueryAudience = 'public' | 'staff';

/** Rows one request may ask for. Reference lists (144 municipalities) fit in the staff bound. */
export const QUERY_LIMIT_MAX: Record<QueryAudience, number> = { public: 100, staff: 1000 };
/**
 * What staff ask for as "every row" of a small reference list (categories,
 * municipalities, settings, a story's corrections): the most one staff
 * request may ask for (the guard refuses `limit: -1`).
 */
export const STAFF_ALL_ROWS = QUERY_LIMIT_MAX.staff;
/** The public pages through at most this many rows (offset + limit): deep pages cost a scan. */
export const PUBLIC_ROWS_MAX = 2000;

/**
 * Paths the public may filter and sort on: on the archive's collections
 * (news, its old addresses and corrections), indexed columns only; on the
 * small reference lists, the fields it reads (their size never grows with
 * the archive).
 */
const PUBLIC_PATHS: Record<string, readonly string[]> = {
  news: ['id', 'slug', 'status', 'published_at', 'category_id', 'municipality_id', 'is_featured', 'author_id', 'created_at'],
  news_redirects: ['slug', 'news_id'],
  news_corrections: ['id', 'news_id', 'created_at'],
  news_live_entries: ['id', 'news_id', 'status', 'published_at'],
  categories: ['id', 'slug', 'name'],
  municipalities: ['id', 'slug', 'name'],
  events: ['id', 'title', 'is_active', 'event_date'],
  ads: ['id', 'title', 'is_active', 'ad_type', 'position', 'created_at'],
  settings: ['key'],
  list_redirects: ['slug', 'category_id', 'municipality_id'],
  legacy_paths: ['path', 'news_id', 'category_id'],
  profiles: ['id', 'user_id', 'full_name'],
  directus_files: ['id'],
};

/**
 * Paths staff (editor, producer) may filter, sort, group and aggregate on:
 * what the admin screens ask, and only fields they read on every row they see
 * (never a colleague's email or WhatsApp, nor anything of directus_users).
 */
const STAFF_PATHS: Record<string, readonly string[]> = {
  news: [
    'id',
    'slug',
    'title',
    'status',
    'published_at',
    'scheduled_at',
    'first_published_at',
    'created_at',
    'updated_at',
    'is_featured',
    'category_id',
    'municipality_id',
    'author_id',
    'live_status',
    // The admin's list of coverages (issue #30): running ones, and those ended in the last days, newest start first.
    'live_started_at',
    'live_ended_at',
    'category_id.slug',
    'category_id.name',
    'municipality_id.slug',
    'municipality_id.name',
  ],
  categories: ['id', 'name', 'slug'],
  municipalities: ['id', 'name', 'slug', 'created_at'],
  events: ['id', 'title', 'event_date', 'is_active', 'location', 'created_at'],
  ads: ['id', 'title', 'ad_type', 'position', 'is_active', 'start_date', 'end_date', 'created_at'],
  settings: ['key'],
  profiles: ['id', 'user_id', 'full_name', 'role', 'municipality_id', 'created_at'],
  news_corrections: ['id', 'news_id', 'created_at'],
  news_live_entries: ['id', 'news_id', 'status', 'published_at', 'pinned', 'created_at', 'updated_at', 'created_by', 'promoted_news_id'],
  news_redirects: ['slug', 'news_id'],
  list_redirects: ['slug', 'category_id', 'municipality_id'],
  news_daily: ['news_id', 'day'],
  directus_files: ['id', 'folder', 'type', 'uploaded_on', 'uploaded_by', 'portal_public'],
  directus_folders: ['id', 'name', 'parent'],
  directus_users: ['id'],
  directus_roles: ['id', 'name'],
};

/** Collections whose every readable field staff read on every row: Directus's `search` cannot leak there. */
const STAFF_SEARCHABLE = new Set(['news', 'categories', 'municipalities', 'events', 'ads']);

/** Operators the public may use: equality, sets, ranges, null checks (an index answers them). */
const PUBLIC_OPERATORS = new Set(['_eq', '_neq', '_in', '_nin', '_null', '_nnull', '_lt', '_lte', '_gt', '_gte', '_between', '_nbetween']);

/** The parts of a parsed Directus query (`req.sanitizedQuery`) this module reads. */
export type ParsedQuery = {
  limit?: number;
  offset?: number;
  page?: number;
  filter?: unknown;
  sort?: string[] | null;
  search?: string | null;
  aggregate?: Record<string, unknown> | null;
  group?: string[] | null;
  deep?: Record<string, unknown> | null;
  meta?: string[] | string | null;
  export?: unknown;
  version?: unknown;
};

const LOGICAL = new Set(['_and', '_or']);
const QUANTIFIERS = new Set(['_some', '_none']);
/** `year(published_at)` → `published_at`; `count(links)` → `links`. */
const unwrap = (segment: string) => /^\w+\((.+)\)$/.exec(segment)?.[1] ?? segment;

type Found = { paths: string[]; operators: string[] };

/** Every field path a filter names, and every operator it uses. */
export function filterPaths(filter: unknown, prefix = '', found: Found = { paths: [], operators: [] }): Found {
  if (Array.isArray(filter)) {
    for (const f of filter) filterPaths(f, prefix, found);
    return found;
  }
  if (!filter || typeof filter !== 'object') return found;
  for (const [key, value] of Object.entries(filter as Record<string, unknown>)) {
    if (LOGICAL.has(key) || QUANTIFIERS.has(key)) filterPaths(value, prefix, found);
    else if (key.startsWith('_')) {
      if (prefix) found.paths.push(prefix);
      found.operators.push(key);
    } else filterPaths(value, prefix ? `${prefix}.${unwrap(key)}` : unwrap(key), found);
  }
  return found;
}

const sortPath = (s: string) => unwrap(s.replace(/^-/, ''));

/** Field paths of an aggregate (`{ count: ['*'], max: ['views'] }`); `*` names no field. */
function aggregatePaths(aggregate: Record<string, unknown>): string[] {
  return Object.values(aggregate)
    .flatMap((v) => (Array.isArray(v) ? v : [v]))
    .map(String)
    .filter((f) => f !== '*');
}

const message = {
  limit: (max: number) => `Peça no máximo ${max} itens por vez (limit entre 1 e ${max}).`,
  rows: `A consulta pública vai no máximo até o item ${PUBLIC_ROWS_MAX}.`,
  path: (path: string) => `Não é permitido filtrar ou ordenar por “${path}”.`,
  operator: (op: string) => `Operador “${op}” não permitido em consultas públicas.`,
  search: 'Busca não permitida nesta coleção.',
  aggregate: 'Contagens e agrupamentos não são permitidos nesta consulta.',
  deep: 'Filtros em relações (deep) não são permitidos.',
  unsupported: 'Parâmetro de consulta não permitido.',
} as const;

/**
 * Why a parsed query is refused for this audience (pt-BR), or null.
 * @example queryRefusal('profiles', { filter: { whatsapp: { _starts_with: '9' } } }, 'staff') // 'Não é permitido filtrar ou ordenar por “whatsapp”.'
 * @example queryRefusal('news', { limit: -1 }, 'public') // 'Peça no máximo 100 itens por vez (limit entre 1 e 100).'
 */
export function queryRefusal(collection: string, q: ParsedQuery, audience: QueryAudience): string | null {
  const max = QUERY_LIMIT_MAX[audience];
  if (q.limit !== undefined && (q.limit < 1 || q.limit > max)) return message.limit(max);
  if (audience === 'public') {
    const limit = q.limit ?? 100;
    const skipped = q.offset ?? (q.page ? (q.page - 1) * limit : 0);
    if (skipped + limit > PUBLIC_ROWS_MAX) return message.rows;
  }
  if (q.export || q.version) return message.unsupported;
  const allowed = new Set((audience === 'public' ? PUBLIC_PATHS : STAFF_PATHS)[collection] ?? []);
  const paths: string[] = [];
  const f = filterPaths(q.filter);
  paths.push(...f.paths, ...(q.sort ?? []).map(sortPath));
  if (audience === 'public') {
    const op = f.operators.find((o) => !PUBLIC_OPERATORS.has(o));
    if (op) return message.operator(op);
    if (q.search) return message.search;
    if (q.aggregate || q.group?.length || (q.meta && q.meta.length)) return message.aggregate;
  } else {
    if (q.search && !STAFF_SEARCHABLE.has(collection)) return message.search;
    paths.push(...(q.group ?? []).map(unwrap), ...(q.aggregate ? aggregatePaths(q.aggregate) : []));
  }
  if (q.deep && Object.keys(q.deep).length) return message.deep;
  const bad = paths.find((p) => !allowed.has(p));
  return bad ? message.path(bad) : null;
}
