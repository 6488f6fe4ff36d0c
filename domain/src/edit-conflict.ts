/**
 * No silent overwrite (issue #12, item 3): a save carries the version of the
 * story the form loaded (its `updated_at`), and the server refuses it when the
 * row changed since (decision 024).
 */
import { hourMinutePtBR } from './dates.ts';
import { asUtc } from './timestamps.ts';

/** The payload field that carries the loaded version; the server removes it before saving. */
export const LOADED_VERSION_FIELD = 'loaded_updated_at';

const ms = (stamp: string | number | Date): number => new Date(typeof stamp === 'string' ? asUtc(stamp) : stamp).getTime();

/**
 * Whether the row changed after the form loaded it. Directus writes and
 * returns `updated_at` to the millisecond on SQLite and PostgreSQL alike.
 * @example isStaleVersion('2026-11-22T13:05:00.000Z', '2026-11-22T13:05:00.001Z') // true
 */
export function isStaleVersion(loaded: string | null | undefined, current: string | number | Date | null | undefined): boolean {
  if (current == null || current === '') return false; // never edited since creation: nothing to lose
  if (!loaded) return true;
  return ms(loaded) !== ms(current);
}

/**
 * The refusal the second editor reads, with the time in Belém.
 * @example editConflictMessage('Ana Souza', '2026-11-22T13:05:00Z') // 'Esta notícia foi alterada por Ana Souza às 10:05; recarregue para ver as mudanças'
 */
export function editConflictMessage(name: string | null | undefined, at: string | Date): string {
  return `Esta notícia foi alterada por ${name?.trim() || 'outra pessoa'} às ${hourMinutePtBR(at)}; recarregue para ver as mudanças`;
}
