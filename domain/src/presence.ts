/**
 * "Fulano está editando" (issue #34): who else has a story open in the editor.
 * Each open editor page beats every PRESENCE_HEARTBEAT_MS; a person counts as
 * present until PRESENCE_TTL_MS after their last beat (a closed tab, a phone
 * that lost signal), so three missed beats make them go. The rows live in the
 * database (collection news_presence), so every Directus instance sees them;
 * portal-api serves them only to staff who may read the story (decision 044).
 */

export const PRESENCE_HEARTBEAT_MS = 15_000;
export const PRESENCE_TTL_MS = 45_000;
/** Rows older than this are deleted by the next beat on any story. */
export const PRESENCE_PURGE_MS = 10 * 60_000;

/** One row per story and person: the key itself makes a beat an upsert. */
export const presenceKey = (newsId: string, userId: string) => `${newsId}:${userId}`;

/**
 * @example isPresent('2026-11-22T12:00:00Z', new Date('2026-11-22T12:00:40Z')) // true
 * @example isPresent('2026-11-22T12:00:00Z', new Date('2026-11-22T12:00:46Z')) // false
 */
export function isPresent(seenAt: string | Date, now: Date): boolean {
  const t = new Date(seenAt).getTime();
  return Number.isFinite(t) && now.getTime() - t <= PRESENCE_TTL_MS;
}

/** The oldest beat that still counts, for the SQL form of isPresent. */
export const presentSince = (now: Date) => new Date(now.getTime() - PRESENCE_TTL_MS);

/** Someone else in the editor, as the API returns them. */
export type PresentEditor = { user_id: string; name: string | null };

const nameOf = (e: PresentEditor) => e.name?.trim() || 'Alguém da equipe';

/**
 * The line the editor shows, or null when nobody else is there.
 * @example presenceMessage([{ user_id: 'u2', name: 'Ana Souza' }]) // 'Ana Souza está editando esta notícia.'
 * @example presenceMessage([{ user_id: 'u2', name: 'Ana' }, { user_id: 'u3', name: 'Rui' }]) // 'Ana e Rui estão editando esta notícia.'
 */
export function presenceMessage(editors: readonly PresentEditor[]): string | null {
  const names = [...new Set(editors.map(nameOf))];
  if (names.length === 0) return null;
  if (names.length === 1) return `${names[0]} está editando esta notícia.`;
  return `${names.slice(0, -1).join(', ')} e ${names.at(-1)} estão editando esta notícia.`;
}
