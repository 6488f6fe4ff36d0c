/**
 * Revisions of a story (issue #12, item 2): who may see them and who may
 * restore one, and which fields a restore brings back. The server applies
 * these in portal-api (/portal/news/:id/revisions); the admin only mirrors them
 * to show or hide the panel and the button.
 */
import { canEditNews } from './news-access.ts';
import { isEditorLevel } from './roles.ts';

type Story = { author_id: string | null; status: string };

/**
 * Editor-level staff see every story's history; anyone else only their own
 * stories' (a producer never sees revisions of a colleague's story).
 * @example canSeeRevisions('producer', 'u1', { author_id: 'u2', status: 'draft' }) // false
 */
export function canSeeRevisions(role: string | null | undefined, userId: string, news: Story): boolean {
  if (isEditorLevel(role)) return true;
  return !!userId && news.author_id === userId;
}

/**
 * Restoring is saving: editor-level staff, or the author while the story is
 * unpublished (draft or pending) — exactly who may edit it (canEditNews).
 * @example canRestoreRevision('producer', 'u1', { author_id: 'u1', status: 'published' }) // false
 */
export const canRestoreRevision = (role: string | null | undefined, userId: string, news: Story): boolean => canEditNews(role, userId, news);

/** What a restore brings back: the text of the story and its image; never status, dates, author or municipality. */
export const RESTORED_FIELDS = ['title', 'summary', 'content', 'featured_image', 'featured_image_caption', 'featured_image_renditions'] as const;
export type RestoredField = (typeof RESTORED_FIELDS)[number];

/** The fields the history diffs. */
export const DIFFED_FIELDS = ['title', 'summary', 'content'] as const;

/** How many saves the history lists, newest first. */
export const REVISIONS_SHOWN = 30;

/**
 * The payload a restore sends through the normal update: the restored fields
 * present in the revision's snapshot (missing ones are left alone).
 * @example restorePayload({ title: 'A', status: 'published', content: 'x' }) // { title: 'A', content: 'x' }
 */
export function restorePayload(snapshot: Record<string, unknown>): Partial<Record<RestoredField, unknown>> {
  const out: Partial<Record<RestoredField, unknown>> = {};
  for (const f of RESTORED_FIELDS) if (f in snapshot) out[f] = snapshot[f] ?? null;
  return out;
}

/** One save of a story, as GET /portal/news/:id/revisions answers it and the history panel shows it. */
export type RevisionEntry = {
  id: number;
  at: string | null;
  action: string;
  user: string | null;
  status: string | null;
  title: string | null;
  summary: string | null;
  content: string | null;
};

/** Named entities an old body may carry: markup's own, punctuation and Portuguese letters (lower case; upper case derived). */
const ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ',
  ndash: '–', mdash: '—', hellip: '…', laquo: '«', raquo: '»', ldquo: '“', rdquo: '”', lsquo: '‘', rsquo: '’', ordf: 'ª', ordm: 'º', deg: '°',
  aacute: 'á', agrave: 'à', acirc: 'â', atilde: 'ã', eacute: 'é', ecirc: 'ê', iacute: 'í', oacute: 'ó', ocirc: 'ô', otilde: 'õ', uacute: 'ú', uuml: 'ü', ccedil: 'ç',
};
const entity = (name: string): string | undefined =>
  ENTITIES[name] ?? (name[0] === name[0]!.toUpperCase() && ENTITIES[name.toLowerCase()]?.length === 1 ? ENTITIES[name.toLowerCase()]!.toUpperCase() : undefined);

/**
 * A story's text as a reader sees it, for the history's diff (issue #34: the
 * raw HTML with words interleaved was unreadable): paragraphs, headings,
 * list items and quotes on their own lines, line breaks kept, an image as
 * "[Imagem: legenda]", no tags, entities decoded. A plain-text body (the
 * spec's format) is already this.
 * @example revisionText('<p>Um <strong>dois</strong></p><ul><li>três</li></ul>') // 'Um dois\n\n• três'
 */
export function revisionText(body: string | null | undefined): string {
  if (!body) return '';
  return body
    .replace(/\r\n?/g, '\n')
    .replace(/<img\b[^>]*?\balt="([^"]*)"[^>]*>/gi, (_m, alt: string) => `\n\n[Imagem: ${alt}]\n\n`)
    .replace(/<img\b[^>]*>/gi, '\n\n[Imagem]\n\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n• ')
    .replace(/<\/(?:p|h[1-6]|li|blockquote|div|ul|ol|figure|figcaption)>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
        return Number.isFinite(code) ? String.fromCodePoint(code) : m;
      }
      return entity(e) ?? m;
    })
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n• /g, '\n• ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
