/**
 * What a filter hook learns before a write (the rows as they were) reaches
 * the action hook after commit on the request's own keys array: Directus
 * hands the update and delete actions the very `keys` array their filters
 * saw (the payload, by contrast, is rebuilt in between). A symbol property is
 * invisible to Directus, and two concurrent writes of the same story each
 * carry their own — no state shared between hooks or requests (issue #14).
 */
export const FILE_CANDIDATES = Symbol('portal.file-candidates');
export const CORRECTED_NEWS = Symbol('portal.corrected-news');
export const BEFORE_LIST_SLUGS = Symbol('portal.before-list-slugs');

type Carrier = object;

export function carry<T>(on: Carrier, key: symbol, value: T): void {
  Object.defineProperty(on, key, { value, enumerable: false, configurable: true });
}

export function carried<T>(on: unknown, key: symbol): T | undefined {
  return on && typeof on === 'object' ? ((on as Record<symbol, T>)[key] ?? undefined) : undefined;
}
