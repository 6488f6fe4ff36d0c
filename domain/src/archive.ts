/**
 * The archive at scale (issue #8, item 4): every published story reachable by
 * links through stable month pages, sitemaps that never exceed the protocol's
 * limit, and feeds of a fixed size. Pure rules; the site's pages only call
 * them. docs/decisions/015-archive-at-scale.md.
 */

/** Stories per archive month page (a compact list, not cards). */
export const ARCHIVE_PAGE_SIZE = 200;

/** sitemaps.org: at most 50,000 URLs per sitemap file; above that, more files under an index. */
export const SITEMAP_MAX_URLS = 50_000;

/** RSS feeds (site and per category) carry the newest stories only. */
export const FEED_ITEMS = 50;

/** Google News sitemap: stories of the last 48 hours, at most 1,000 URLs (Google's rule). */
export const NEWS_SITEMAP_HOURS = 48;
export const NEWS_SITEMAP_MAX_URLS = 1000;

/** Belém is UTC-3 all year (no daylight saving since 2013; same rule as dates.ts). */
const BELEM_OFFSET_MS = 3 * 3600 * 1000;

const MONTHS_PT = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

const digits = (s: string, from: number, to: number) => {
  for (let i = from; i < to; i++) if (s.charCodeAt(i) < 48 || s.charCodeAt(i) > 57) return false;
  return true;
};
/** "YYYY-MM-DDTHH:MM…Z", checked by position (a regular expression costs more than the rest of a build's grouping). */
const isUtcIso = (s: string) =>
  s.length >= 17 && s[4] === '-' && s[7] === '-' && s[10] === 'T' && s[13] === ':' && s.endsWith('Z') && digits(s, 0, 4) && digits(s, 5, 7) && digits(s, 8, 10) && digits(s, 11, 13);

/** A month of publication in Belém time, "YYYY-MM". */
export type MonthKey = string;

/**
 * The Belém-time month a story was published in.
 * @example monthKey('2026-03-01T02:30:00Z') // '2026-02' (still 28 Feb, 23:30 in Belém)
 */
export function monthKey(date: string | Date): MonthKey {
  // Every build groups its whole archive by month several times: a UTC ISO string is read
  // without making a date (only the first three hours of a month's 1st are still the month before).
  if (typeof date === 'string' && isUtcIso(date) && !(date.startsWith('01', 8) && date.slice(11, 13) < '03')) return date.slice(0, 7);
  const local = new Date(new Date(date).getTime() - BELEM_OFFSET_MS);
  return `${local.getUTCFullYear()}-${String(local.getUTCMonth() + 1).padStart(2, '0')}`;
}

const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** @example parseMonthKey('2025-03') // { year: '2025', month: '03' } */
export function parseMonthKey(key: MonthKey): { year: string; month: string } {
  const m = MONTH_RE.exec(key);
  if (!m) throw new Error(`mês inválido: ${key}`);
  return { year: m[1]!, month: m[2]! };
}

export const isMonthKey = (key: string): boolean => MONTH_RE.test(key);

/**
 * @example monthLabelPtBR('2025-03') // 'Março de 2025'
 */
export function monthLabelPtBR(key: MonthKey): string {
  const { year, month } = parseMonthKey(key);
  const name = MONTHS_PT[Number(month) - 1]!;
  return `${name[0]!.toUpperCase()}${name.slice(1)} de ${year}`;
}

/** Lower-case month name, for running text ("notícias de março de 2025"). */
export const monthNamePtBR = (key: MonthKey): string => MONTHS_PT[Number(parseMonthKey(key).month) - 1]!;

/**
 * The lists that have a front page and a monthly archive: categories
 * (/category/<slug>), municipalities and authors (/municipio/<slug>,
 * /autor/<slug>, issue #12 items 5 and 6).
 */
export const ARCHIVE_ROOTS = ['category', 'municipio', 'autor'] as const;
export type ArchiveRoot = (typeof ARCHIVE_ROOTS)[number];

/**
 * The lists that are catalogue rows, a category and a municipality: a change
 * to one names its addresses (build-contract `named`), and a rename keeps the
 * old address as a 301 (permalinks, list_redirects). Their collection, and
 * their column in list_redirects (and on a news row).
 */
export const CATALOGUE_LISTS = {
  category: { collection: 'categories', key: 'category_id' },
  municipio: { collection: 'municipalities', key: 'municipality_id' },
} as const;
export type CatalogueList = keyof typeof CATALOGUE_LISTS;
export type CatalogueCollection = (typeof CATALOGUE_LISTS)[CatalogueList]['collection'];
export const CATALOGUE_LIST_KINDS = Object.keys(CATALOGUE_LISTS) as CatalogueList[];

/** The kind of list a collection's rows are, if they are catalogue lists. */
export const catalogueListOf = (collection: string): CatalogueList | undefined => CATALOGUE_LIST_KINDS.find((k) => CATALOGUE_LISTS[k].collection === collection);

/** @example listPath('municipio', 'santarem') // '/municipio/santarem' */
export const listPath = (root: ArchiveRoot, slug: string): string => `/${root}/${slug}`;

/** @example archiveIndexPath('politica') // '/category/politica/arquivo/' */
export const archiveIndexPath = (slug: string, root: ArchiveRoot = 'category'): string => `${listPath(root, slug)}/arquivo/`;

/**
 * Page 1 is the month's own address; further pages add their number.
 * @example archiveMonthPath('politica', '2025-03', 2) // '/category/politica/2025/03/2/'
 * @example archiveMonthPath('santarem', '2025-03', 1, 'municipio') // '/municipio/santarem/2025/03/'
 */
export function archiveMonthPath(slug: string, key: MonthKey, page = 1, root: ArchiveRoot = 'category'): string {
  const { year, month } = parseMonthKey(key);
  return `${listPath(root, slug)}/${year}/${month}/${page > 1 ? `${page}/` : ''}`;
}

/** @example pageCount(401) // 3 ; pageCount(0) // 1 */
export const pageCount = (items: number, size: number = ARCHIVE_PAGE_SIZE): number => Math.max(1, Math.ceil(items / size));

/** The items of page `page` (1-based). */
export const pageItems = <T>(items: readonly T[], page: number, size: number = ARCHIVE_PAGE_SIZE): T[] =>
  items.slice((page - 1) * size, page * size);

/** Previous/next addresses of a month page (null at either end). */
export function pagination(slug: string, key: MonthKey, page: number, pages: number, root: ArchiveRoot = 'category'): { prev: string | null; next: string | null } {
  return {
    prev: page > 1 ? archiveMonthPath(slug, key, page - 1, root) : null,
    next: page < pages ? archiveMonthPath(slug, key, page + 1, root) : null,
  };
}

/**
 * Items grouped by their Belém month (`month`: monthKey of their date, or a
 * memo of it), in the order given (newest first in, newest months first out,
 * each month newest first).
 */
export function groupByMonth<T>(items: readonly T[], month: (x: T) => MonthKey): Map<MonthKey, T[]> {
  const out = new Map<MonthKey, T[]>();
  for (const x of items) {
    const k = month(x);
    let list = out.get(k);
    if (!list) out.set(k, (list = []));
    list.push(x);
  }
  return out;
}

/** Cuts a list into files of at most `max` entries (always at least one, possibly empty, file). */
export function splitForSitemap<T>(items: readonly T[], max: number = SITEMAP_MAX_URLS): T[][] {
  if (!(max >= 1)) throw new Error('limite de URLs por sitemap inválido');
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += max) parts.push(items.slice(i, i + max));
  return parts.length ? parts : [[]];
}

/**
 * The split a build uses: the protocol's limit, lowered (never raised) by
 * `PORTAL_SITEMAP_MAX_URLS` so tests can see a split with a handful of stories.
 */
export function sitemapMaxUrls(env: Record<string, string | undefined>): number {
  const n = Number(env.PORTAL_SITEMAP_MAX_URLS);
  return Number.isInteger(n) && n >= 1 && n < SITEMAP_MAX_URLS ? n : SITEMAP_MAX_URLS;
}

/**
 * File name of part `part` (1-based) of a month's news sitemap.
 * @example newsSitemapFile('2025-03') // 'news-2025-03.xml' ; newsSitemapFile('2025-03', 2) // 'news-2025-03-2.xml'
 */
export function newsSitemapFile(key: MonthKey, part = 1): string {
  parseMonthKey(key);
  return `news-${key}${part > 1 ? `-${part}` : ''}.xml`;
}

/** Pages sitemap (home, categories, archives): `/sitemaps/pages.xml`. */
export const PAGES_SITEMAP_PATH = '/sitemaps/pages.xml';
export const sitemapPath = (file: string): string => `/sitemaps/${file}`;
