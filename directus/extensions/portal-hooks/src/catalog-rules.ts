/** Rules for categories, municipalities and profiles, written once for every client. */
import { isProtectedMunicipality, PROTECTED_MUNICIPALITY_ERROR } from '@portal/domain/municipalities';
import { categorySlug, municipalitySlug } from '@portal/domain/slug';
import { firstError, validateCategory, validateMunicipality } from '@portal/domain/validation';
import { conflict, forbidden, invalid } from '../../shared/portal-error.ts';

export const CATEGORY_DUPLICATE_ERROR = 'Já existe uma categoria com este nome';
export const CATEGORY_IN_USE_ERROR = 'Não é possível excluir uma categoria que possui notícias associadas';
export const MUNICIPALITY_IN_USE_ERROR = 'Não é possível excluir um município que possui notícias associadas';
export const MUNICIPALITY_DUPLICATE_ERROR = 'Já existe um município com este nome ou slug';
/** A name of emoji or punctuation only would give an empty address (and once broke every build). */
export const NAME_WITHOUT_SLUG_ERROR = 'O nome precisa ter ao menos uma letra ou número';

type Payload = Record<string, unknown>;

/** Category: name required, slug derived when missing. */
export function prepareCategory(payload: Payload, creating: boolean): Payload {
  const out = { ...payload };
  if (creating) {
    const error = firstError(validateCategory(out));
    if (error) throw invalid(error);
  }
  if (typeof out.name === 'string') {
    out.name = out.name.trim();
    if (creating && !(typeof out.slug === 'string' && out.slug.trim())) out.slug = categorySlug(out.name as string);
  }
  if (typeof out.slug === 'string') out.slug = categorySlug(out.slug);
  if ('slug' in out && !out.slug) throw invalid(NAME_WITHOUT_SLUG_ERROR);
  return out;
}

export function assertCategoryNameFree(existing: { id: string } | undefined, selfId?: string) {
  if (existing && existing.id !== selfId) throw conflict(CATEGORY_DUPLICATE_ERROR);
}

export function assertNoNews(count: number, message: string) {
  if (count > 0) throw conflict(message);
}

/** Municipality: name and slug required (slug generated from the name when missing). */
export function prepareMunicipality(payload: Payload, creating: boolean): Payload {
  const out = { ...payload };
  if (creating) {
    if (!(typeof out.slug === 'string' && out.slug.trim())) out.slug = typeof out.name === 'string' ? municipalitySlug(out.name) : '';
    const error = firstError(validateMunicipality(out));
    if (error) throw invalid(error);
  }
  // An update was validated merged with its row by the hook (domain SERVER_VALIDATORS).
  if (typeof out.name === 'string') out.name = out.name.trim();
  if ('slug' in out) out.slug = municipalitySlug(String(out.slug ?? ''));
  return out;
}

/** Protected municipalities (Mundo, Brasil, Pará) cannot be deleted, nor renamed away from protection. */
export function assertMunicipalityChangeAllowed(
  rows: Array<{ name: string }>,
  change: { delete: true } | { name?: unknown },
) {
  const touched = rows.filter((r) => isProtectedMunicipality(r.name));
  if (touched.length === 0) return;
  if ('delete' in change) throw forbidden(PROTECTED_MUNICIPALITY_ERROR);
  if (change.name !== undefined && touched.some((r) => r.name !== String(change.name).trim())) {
    throw forbidden(PROTECTED_MUNICIPALITY_ERROR);
  }
}
