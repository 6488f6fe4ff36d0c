/**
 * Who may do what to a story, and how its fields are normalised (spec sections 4–6), each written once
 * (issue #31): the admin's form and request files and the server's hook
 * (directus/extensions/portal-hooks/src/news-rules.ts) all ask these. The server decides; the admin only
 * shows what the server would allow.
 */
import { isAdmin, isEditorLevel } from './roles.ts';
import { newsSlug } from './slug.ts';

/** Featuring a story on the home page is an editorial decision: editor and super_admin. */
export const mayFeature = (role: string | null | undefined): boolean => isEditorLevel(role);

/** Editors pick a story's municipality; a producer's stories are filed in the producer's own. */
export const choosesMunicipality = (role: string | null | undefined): boolean => isEditorLevel(role);

/** Once written, a story's municipality changes only by super_admin's hand. */
export const mayChangeMunicipality = (role: string | null | undefined): boolean => isAdmin(role);

/** References a form sends as '' when nothing is picked: stored as null. */
export const NEWS_REFERENCE_FIELDS = ['category_id', 'municipality_id'] as const;

/** `payload` with '' in its reference fields made null (in place; the same object back). */
export function nullEmptyReferences<T extends Record<string, unknown>>(payload: T): T {
  for (const key of NEWS_REFERENCE_FIELDS) if (payload[key] === '') (payload as Record<string, unknown>)[key] = null;
  return payload;
}

/**
 * A story's address: the slug as typed, else from the title; never empty.
 * @example newsSlugFor({ slug: '', title: 'Chuva em Belém' }) // 'chuva-em-belem'
 */
export function newsSlugFor(input: { slug?: unknown; title?: unknown }): string {
  const typed = typeof input.slug === 'string' && input.slug.trim() ? input.slug : String(input.title ?? '');
  return newsSlug(typed) || 'noticia';
}
