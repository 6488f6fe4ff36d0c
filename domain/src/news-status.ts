import { isEditorLevel } from './roles.ts';

export const NEWS_STATUSES = ['draft', 'pending', 'published', 'archived'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];

export const NEWS_STATUS_LABELS: Record<NewsStatus, string> = {
  draft: 'Rascunho',
  pending: 'Pendente',
  published: 'Publicado',
  archived: 'Arquivado',
};

export const NEWS_STATUS_COLORS: Record<NewsStatus, 'gray' | 'yellow' | 'green' | 'red'> = {
  draft: 'gray',
  pending: 'yellow',
  published: 'green',
  archived: 'red',
};

export const isNewsStatus = (v: unknown): v is NewsStatus =>
  typeof v === 'string' && (NEWS_STATUSES as readonly string[]).includes(v);

/** Statuses a producer's news may be in for the producer to still edit it (and the ones a producer may save). */
export const PRODUCER_EDITABLE_STATUSES: readonly NewsStatus[] = ['draft', 'pending'];

/** Statuses a role may save a story in (the form's choices, the server's check): "Publicado" only for editor-level. */
export function statusOptionsFor(role: string | null | undefined): NewsStatus[] {
  return isEditorLevel(role) ? [...NEWS_STATUSES] : [...PRODUCER_EDITABLE_STATUSES];
}

type Stamp = string | Date | null | undefined;
const iso = (d: Stamp): string | null => (d ? new Date(d).toISOString() : null);

/**
 * The publish rule (spec section 4), enforced on the server for every client:
 * saving as published sets published_at to the scheduled date if given,
 * otherwise now (an already published news keeps its date); any other status
 * clears published_at.
 * @example applyPublishRule({ status: 'published', scheduled_at: null, previous: null, now })
 *   // { published_at: now.toISOString() }
 */
export function applyPublishRule(input: {
  status: NewsStatus;
  scheduled_at: Stamp;
  previous: { status: NewsStatus; published_at: Stamp } | null;
  now: Date;
}): { published_at: string | null } {
  if (input.status !== 'published') return { published_at: null };
  const scheduled = iso(input.scheduled_at);
  if (scheduled) return { published_at: scheduled };
  if (input.previous?.status === 'published' && input.previous.published_at) {
    return { published_at: iso(input.previous.published_at) };
  }
  return { published_at: input.now.toISOString() };
}

/** Public pages show only published news whose time has come. */
export function isPubliclyVisible(news: { status: string; published_at: Stamp }, now: Date): boolean {
  // Date.parse: every build asks this of every story (no date object per story).
  const at = news.published_at;
  return news.status === 'published' && !!at && (typeof at === 'string' ? Date.parse(at) : new Date(at).getTime()) <= now.getTime();
}
