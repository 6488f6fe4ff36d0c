/** The site's categories as pages and navigation see them (the 7 navigation ones exist even before they are stored). */
import { NAV_CATEGORIES } from '@portal/domain/limits';
import { categorySlug, categoryTitleFromSlug } from '@portal/domain/slug';
import type { Content, Ref } from './content-types.ts';

/** The 7 navigation categories, linked to their real slug when the category exists. */
export function navCategories(c: Pick<Content, 'categories'>): Ref[] {
  return NAV_CATEGORIES.map((name) => c.categories.find((k) => k.name === name) ?? { name, slug: categorySlug(name) });
}

/** Every category page to generate: the stored ones plus navigation ones not yet created (empty state). */
export function categoryPages(c: Pick<Content, 'categories'>): Ref[] {
  const all = [...c.categories];
  for (const nav of navCategories(c)) if (!all.some((k) => k.slug === nav.slug)) all.push(nav);
  return all;
}

/**
 * A category's name as the newsroom wrote it ("Política", with its accent; issue #34 item 11), from its
 * address; the title made from the address only for a list that is not stored (spec's rule, no accents).
 */
export function categoryName(c: Pick<Content, 'categories'>, slug: string): string {
  return categoryPages(c).find((k) => k.slug === slug)?.name ?? categoryTitleFromSlug(slug);
}
