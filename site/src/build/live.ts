/**
 * A live story's coverage as a build renders it (issue #30): its public
 * entries, sanitized like a story's body, with their bylines, images,
 * corrections and the story each became (by id), in reading order. Made with
 * the story's article (derive.ts), so only a coverage whose rows came again
 * (its targeted build) is made again.
 */
import { entryUpdatedAt, isLiveState, orderEntries } from '@portal/domain/live';
import type { NewsLiveEntry } from '@portal/domain/schema';
import { renderArticle } from '../lib/sanitize.ts';
import type { LiveCoverage, LiveEntry } from '../lib/content-types.ts';

/** An entry row as the build reads it (PUBLIC_LIVE_ENTRY_FIELDS). */
export type RawEntry = Pick<
  NewsLiveEntry,
  'id' | 'body' | 'status' | 'published_at' | 'pinned' | 'image' | 'image_caption' | 'author_id' | 'correction_note' | 'corrected_at' | 'updated_at'
> & { news_id: string; promoted_news_id: string | null };

/** An entry's byline as the profiles have it (none: no byline, or a staff member with no name). */
export type Byline = { name: string; slug: string | null } | null;

/**
 * Bodies rendered once per text: a coverage's targeted build reads all its
 * entries again (new row objects), but renders only the ones whose text
 * changed — a coverage of 2,000 entries must not go through the sanitizer
 * 2,000 times per new entry.
 */
const bodies = new Map<string, { body: string; html: string }>();
function bodyHtml(id: string, body: string): string {
  const hit = bodies.get(id);
  if (hit && hit.body === body) return hit.html;
  const html = renderArticle(body);
  bodies.set(id, { body, html });
  return html;
}

const idOf = (ref: unknown): string | null => (ref && typeof ref === 'object' ? String((ref as { id: unknown }).id) : ref ? String(ref) : null);

/**
 * The coverage of a story in live mode; null for any other story. Entries
 * are the published ones (the public policy reads no other; an entry has no
 * schedule, its date is its publication's).
 */
export function coverageOf(
  n: { live_status?: string | null; live_started_at?: string | null; live_ended_at?: string | null },
  rows: readonly RawEntry[],
  bylines: readonly Byline[],
): LiveCoverage | null {
  if (!isLiveState(n.live_status)) return null;
  const entries: LiveEntry[] = [];
  rows.forEach((r, i) => {
    if (r.status !== 'published' || !r.published_at) return;
    const note = r.correction_note?.trim();
    entries.push({
      id: String(r.id),
      at: new Date(r.published_at).toISOString(),
      updatedAt: entryUpdatedAt(r),
      html: bodyHtml(String(r.id), r.body ?? ''),
      pinned: !!r.pinned,
      image: r.image ? { src: r.image, caption: r.image_caption?.trim() || null } : null,
      author: bylines[i] ?? null,
      correction: note ? { note, at: new Date(r.corrected_at ?? r.updated_at ?? r.published_at).toISOString() } : null,
      promotedId: idOf(r.promoted_news_id),
    });
  });
  const iso = (d: string | null | undefined) => (d ? new Date(d).toISOString() : null);
  return { state: n.live_status, startedAt: iso(n.live_started_at), endedAt: iso(n.live_ended_at), entries: orderEntries(entries) };
}

export { idOf };
