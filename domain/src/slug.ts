/**
 * The spec has three slug rules (section 5), one per entity. They differ on
 * purpose and are kept apart so each screen/server check uses the right one.
 */

import { boundSlug } from './text-limits.ts';

const stripAccents = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** News slugs leave room for the "-2", "-3"… that keep them unique (field limit 120). */
const NEWS_SLUG_BASE_MAX = 110;

/**
 * News slug: accents folded first ("Câmara" → "camara", decision 005), then
 * the spec's rule (§5): lowercase, every run of characters outside a-z and 0-9
 * becomes one hyphen, edges trimmed so a URL never ends in "-".
 * @example newsSlug('Chuva forte em Belém!') // 'chuva-forte-em-belem'
 */
export function newsSlug(title: string): string {
  return literalNewsSlug(stripAccents(title));
}

/**
 * The spec's rule applied literally, without folding accents: the form the
 * portal this product replaces used ("Belém" → "bel-m"). Kept as a 301 alias
 * of each story so links to the old portal keep working.
 * @example literalNewsSlug('Câmara de Belém') // 'c-mara-de-bel-m'
 */
export function literalNewsSlug(title: string): string {
  return boundSlug(title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, ''), NEWS_SLUG_BASE_MAX);
}

/**
 * Category slug: lowercase, accents stripped, spaces to hyphens, other
 * non-alphanumerics removed, repeated hyphens collapsed.
 * @example categorySlug('Meio Ambiente') // 'meio-ambiente'
 * @example categorySlug('Saúde') // 'saude'
 */
export function categorySlug(name: string): string {
  return boundSlug(
    stripAccents(name.toLowerCase())
      .trim()
      .replace(/\s+/g, '-')
      .replace(/[^a-z0-9-]/g, '')
      .replace(/-+/g, '-')
      .replace(/^-+|-+$/g, ''),
  );
}

/**
 * Municipality slug: lowercase, accents removed, characters other than letters,
 * digits, spaces and hyphens dropped, trimmed, whitespace runs to one hyphen.
 * @example municipalitySlug('Santa Bárbara do Pará') // 'santa-barbara-do-para'
 */
export function municipalitySlug(name: string): string {
  return boundSlug(
    stripAccents(name.toLowerCase())
      .replace(/[^a-z0-9\s-]/g, '')
      .trim()
      .replace(/\s+/g, '-'),
  );
}

/**
 * Category page title: hyphens to spaces, each word capitalized.
 * @example categoryTitleFromSlug('meio-ambiente') // 'Meio Ambiente'
 */
export function categoryTitleFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/**
 * Next free slug given the ones already taken: base, base-2, base-3…
 * @example uniqueSlug('enchente', ['enchente']) // 'enchente-2'
 */
export function uniqueSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/**
 * Addresses of author pages (/autor/<slug>, issue #12 item 5): the name folded
 * like a news title; namesakes get -2, -3… in the order of their user ids, so
 * an address does not move when someone else joins.
 * @example authorSlugs([{ user_id: 'a', full_name: 'Ana Souza' }, { user_id: 'b', full_name: 'Ana Souza' }]) // Map { a → 'ana-souza', b → 'ana-souza-2' }
 */
export function authorSlugs(profiles: ReadonlyArray<{ user_id: string; full_name: string | null }>): Map<string, string> {
  const out = new Map<string, string>();
  const taken = new Set<string>();
  for (const p of [...profiles].sort((a, b) => (a.user_id < b.user_id ? -1 : 1))) {
    const base = p.full_name ? newsSlug(p.full_name) : '';
    if (!base) continue;
    const slug = uniqueSlug(base, taken);
    taken.add(slug);
    out.set(p.user_id, slug);
  }
  return out;
}
