/**
 * Permanent URLs (issue #8): once a story has gone out, links shared on
 * WhatsApp and social networks must keep working. Its slug no longer follows
 * the title; an editor may still change it on purpose, and the old address
 * then answers with a 301 to the new one. Used by the server hook (which
 * decides) and the admin form (which explains). docs/decisions/005-news-slugs.md.
 */
import type { NewsStatus } from './news-status.ts';
import { isEditorLevel, type Role } from './roles.ts';
import { newsSlug } from './slug.ts';
import { CATALOGUE_LIST_KINDS, type CatalogueList } from './archive.ts';

export const SLUG_CHANGE_FORBIDDEN = 'Apenas editores podem mudar o endereço de uma notícia já publicada';
export const SLUG_BATCH_ERROR = 'Não é possível dar o mesmo endereço a várias notícias';
export const SLUG_LOCKED_HINT = 'Endereço fixo desde a primeira publicação. Se mudar, o antigo redireciona para o novo.';

export type SlugState = { slug: string; status: NewsStatus; first_published_at: string | null };

/** A story's URL is fixed from its first publication on (even if it is unpublished later). */
export const isSlugLocked = (row: Pick<SlugState, 'status' | 'first_published_at'>): boolean =>
  row.status === 'published' || !!row.first_published_at;

/**
 * The slug an update asks for, before uniqueness, or null to keep the stored one:
 * - an explicit slug is taken (on a story already out: editors only);
 * - a new title re-derives the slug only while the story has never gone out.
 * `role` null means the server itself (schedules, scripts).
 */
export function requestedSlug(
  payload: { slug?: unknown; title?: unknown },
  rows: SlugState[],
  role: Role | null,
): { slug: string | null; error?: string } {
  const explicit = typeof payload.slug === 'string' && payload.slug.trim() ? newsSlug(payload.slug) : null;
  if (explicit) {
    const changing = rows.filter((r) => r.slug !== explicit);
    if (changing.length === 0) return { slug: null };
    if (rows.length > 1) return { slug: null, error: SLUG_BATCH_ERROR };
    if (role !== null && !isEditorLevel(role) && changing.some(isSlugLocked)) return { slug: null, error: SLUG_CHANGE_FORBIDDEN };
    return { slug: explicit };
  }
  if (typeof payload.title === 'string' && payload.title.trim() && rows.length === 1 && !isSlugLocked(rows[0]!)) {
    const derived = newsSlug(payload.title) || 'noticia';
    return { slug: derived === rows[0]!.slug ? null : derived };
  }
  return { slug: null };
}

/**
 * Old address → where it goes now. Only a story that is out has one; an
 * alias never points at itself (the story reclaimed its old slug).
 */
export function redirectTarget(aliases: ReadonlyMap<string, string>, slug: string): string | null {
  const to = aliases.get(slug);
  return to && to !== slug ? to : null;
}

/**
 * Catalogue lists move when renamed (archive.ts CATALOGUE_LISTS): their old
 * addresses, and every page under them, answer with a 301 to the list's new
 * address. They share redirects.json with the stories, keyed
 * `<root>/<old slug>` (a story's slug never has a slash).
 */
export type ListAlias = { list: CatalogueList; slug: string; to: string | null };

/** The redirects.json entries of lists: an old address → the list's current slug, never over a live list's own address. */
export function listRedirectEntries(aliases: readonly ListAlias[], live: Readonly<Record<CatalogueList, ReadonlySet<string>>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const a of aliases) {
    if (a.to && a.to !== a.slug && live[a.list].has(a.to) && !live[a.list].has(a.slug)) out[`${a.list}/${a.slug}`] = a.to;
  }
  return out;
}

// A list's address and what follows it: its archive, a month, a page, a feed (no dots but the file's).
const LIST_PATH = new RegExp(`^/(${CATALOGUE_LIST_KINDS.join('|')})/([a-z0-9-]{1,320})((?:/[a-z0-9-]{1,64})*(?:/(?:[a-z0-9-]{1,64}\\.(?:xml|json|html))?)?)$`);

/** `/category/<old>/arquivo/2024/03/` → `/category/<new>/arquivo/2024/03/`, or null when the address is not an old list's. */
export function movedListPath(aliases: ReadonlyMap<string, string>, pathname: string): string | null {
  const m = LIST_PATH.exec(pathname);
  if (!m) return null;
  const to = redirectTarget(aliases, `${m[1]}/${m[2]}`);
  return to ? `/${m[1]}/${to}${m[3] || '/'}` : null;
}

/**
 * Old addresses of an imported portal that are not a story's `/news/<slug>/`
 * (WordPress permalinks `/2020/05/03/slug/`, `/slug/`, `/?p=12`; issue #27).
 * They share redirects.json keyed by this form: percent-decoded, lower case,
 * no trailing slash, and only the query WordPress addresses by (`p`,
 * `page_id`, `cat`), so `/Slug/` and `/slug` find the same entry.
 */
export const LEGACY_QUERY_KEYS = ['p', 'page_id', 'cat'] as const;

export function legacyPathKey(pathWithQuery: string): string | null {
  const [rawPath = '', rawQuery = ''] = pathWithQuery.split('?', 2);
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || decoded.includes('..') || decoded.length > 400) return null;
  const pathPart = decoded.toLowerCase().replace(/\/+$/, '') || '/';
  const query = new URLSearchParams(rawQuery);
  for (const k of LEGACY_QUERY_KEYS) {
    const v = query.get(k);
    if (v && /^\d{1,12}$/.test(v)) return `${pathPart}?${k}=${v}`;
  }
  return pathPart === '/' ? null : pathPart;
}

/** True when a request for the home page carries a WordPress address (`/?p=12`): it is looked up before the home page is served. */
export const isLegacyQuery = (params: { get(name: string): string | null }): boolean => LEGACY_QUERY_KEYS.some((k) => /^\d{1,12}$/.test(params.get(k) ?? ''));

/** The key a request is looked up by: its path and the WordPress query parameters it carries. */
export function legacyRequestKey(pathname: string, params: { get(name: string): string | null }): string | null {
  const query = LEGACY_QUERY_KEYS.flatMap((k) => (params.get(k) ? [`${k}=${params.get(k)}`] : [])).join('&');
  return legacyPathKey(query ? `${pathname}?${query}` : pathname);
}

/** A legacy entry of redirects.json: `/<key>` → an absolute address of the site. */
export const isLegacyEntry = (key: string, to: string): boolean => key.startsWith('/') && to.startsWith('/') && !to.startsWith('//');

/** The redirects.json entries of an imported portal's addresses: key → the story or list it became (a target no longer public drops out). */
export function legacyRedirectEntries(rows: ReadonlyArray<{ path: string; to: string | null }>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of rows) {
    const key = r.to ? legacyPathKey(r.path) : null;
    if (key && r.to && isLegacyEntry(key, r.to)) out[key] = r.to;
  }
  return out;
}
