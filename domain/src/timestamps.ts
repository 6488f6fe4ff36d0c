/**
 * Directus on SQLite returns its own `date-created` stamps without a zone
 * ("2026-11-22T02:47:21", stored in UTC) while values written through the API
 * keep theirs ("…Z"). A zone-less stamp read by `new Date()` would be taken as
 * the browser's local time (3 h off in Belém), so it is read as UTC here.
 * Raw database reads may join date and time with a space ("2026-11-22 02:47:21"):
 * read as UTC too (a test under America/Belem caught it being read as local time).
 * @example asUtc('2026-11-22T02:47:21') // '2026-11-22T02:47:21Z'
 * @example asUtc('2026-11-22 02:47:21') // '2026-11-22T02:47:21Z'
 * @example asUtc('2026-11-22T02:47:21.000Z') // unchanged
 */
export function asUtc(stamp: string): string;
export function asUtc(stamp: string | null | undefined): string | null;
export function asUtc(stamp: string | null | undefined): string | null {
  if (!stamp) return null;
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/.exec(stamp);
  return m ? `${m[1]}T${m[2]}Z` : stamp;
}
