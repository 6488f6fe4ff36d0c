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
