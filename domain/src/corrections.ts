/**
 * Corrections and updates (issue #12, item 1): who may attach a correction,
 * which corrections readers see, and when a story counts as "Atualizado".
 * Decision: docs/decisions/031-corrections-and-revisions.md.
 */
import { isPubliclyVisible, PUBLIC_NEWS_FILTER } from './news-access.ts';
import { isEditorLevel } from './roles.ts';
import { TEXT_LIMITS } from './text-limits.ts';
import { asUtc } from './timestamps.ts';

/** A note longer than this is refused (server and form); the limit lives in TEXT_LIMITS. */
export const CORRECTION_NOTE_MAX = TEXT_LIMITS.news_corrections.note.max;

/** Prefix readers see before every note. */
export const CORRECTION_LABEL = 'Correção:';

/**
 * Corrections readers may read: those of publicly visible stories — the same
 * rule as the story itself (PUBLIC_NEWS_FILTER), through the relation.
 */
export const PUBLIC_CORRECTION_FILTER = { news_id: PUBLIC_NEWS_FILTER };

/** Only editor-level staff write corrections. @example canWriteCorrections('producer') // false */
export const canWriteCorrections = (role: string | null | undefined): boolean => isEditorLevel(role);

/** A correction is attached to a story readers can see (a draft has nothing to correct publicly). */
export const CORRECTION_NEEDS_PUBLISHED = 'Só é possível registrar correção em notícia publicada';

/**
 * Whether a correction may be attached to this story now.
 * @example correctionAllowed({ status: 'draft', published_at: null }, new Date()) // false
 */
export function correctionAllowed(news: { status: string; published_at: string | Date | null }, now: Date): boolean {
  return isPubliclyVisible(news, now);
}

/**
 * A save within this long after the publication is part of publishing it
 * (typo fixed on the spot, the server's own writes), not an update readers are told about.
 */
export const UPDATE_GRACE_MS = 5 * 60_000;

const ms = (s: string | Date) => (s instanceof Date ? s.getTime() : new Date(asUtc(s)).getTime());

/**
 * When the story was materially changed after publication, or null: the
 * latest of its corrections and of its last save when that came more than
 * five minutes after `publishedAt`. Feeds "Atualizado em" and `dateModified`.
 * @example modifiedAfterPublication('2026-11-20T10:00:00Z', '2026-11-20T10:02:00Z', []) // null
 * @example modifiedAfterPublication('2026-11-20T10:00:00Z', '2026-11-20T12:00:00Z', []) // '2026-11-20T12:00:00.000Z'
 */
export function modifiedAfterPublication(publishedAt: string, updatedAt: string | null | undefined, correctionDates: readonly string[]): string | null {
  const published = ms(publishedAt);
  let latest: number | null = null;
  if (updatedAt && ms(updatedAt) > published + UPDATE_GRACE_MS) latest = ms(updatedAt);
  for (const at of correctionDates) {
    const t = ms(at);
    if (t > published && (latest === null || t > latest)) latest = t;
  }
  return latest === null ? null : new Date(latest).toISOString();
}
