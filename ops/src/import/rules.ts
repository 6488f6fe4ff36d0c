/**
 * The pure part of an import (issue #27): ids that a re-run finds again,
 * content hashes that tell what changed, and a body made ready for the
 * portal's rules (imported files in, embeds as links, missing images out).
 * The writer (writer.ts) does the I/O around these.
 */
import { createHash } from 'node:crypto';
import type { ImportRecord } from './records.ts';

export type ImportSource = 'hosted' | 'wordpress';

/** The import_records key of a source record: unique per source, kind and key. */
export const recordKey = (source: ImportSource, kind: string, key: string): string => `${source}:${kind}:${key}`.slice(0, 200);

/** A deterministic UUID (v5 layout) for a source record: the same record always becomes the same row, so a resumed run finds it. */
export function importId(source: ImportSource, kind: string, key: string): string {
  const h = createHash('sha1').update(`portal-import:${recordKey(source, kind, key)}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

/**
 * A copy of `s` that holds nothing else alive. A reader's strings may be
 * slices of the big chunk they were read from: kept in a map for the whole run
 * (ids, old slugs), each would keep its chunk — the story's whole body —
 * in memory (measured: ~4.6 KB a story, 100,000 stories past the heap bound).
 */
export const ownString = (s: string): string => (' ' + s).slice(1);

/** What a record says, without where it was read (a line number moves when the export grows). */
export function recordHash(r: ImportRecord): string {
  const { origin: _origin, ...rest } = r as ImportRecord & { origin?: unknown };
  return createHash('sha1').update(JSON.stringify(rest)).digest('hex');
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const htmlAttr = (s: string) => s.replace(/&/g, '&amp;');

/**
 * The body with each imported image's old address replaced by its new one,
 * and every `<img>` whose file is missing removed (reported by the writer,
 * never a broken picture on the page).
 * @example rewriteImages('<img src="https://x/a.jpg">', new Map([['https://x/a.jpg', '/api/assets/1']])) // '<img src="/api/assets/1">'
 */
export function rewriteImages(content: string, files: ReadonlyMap<string, string | null>): string {
  let out = content;
  for (const [url, to] of files) {
    if (!url) continue;
    if (to === null) {
      for (const form of new Set([url, htmlAttr(url)])) out = out.replace(new RegExp(`<img\\b[^>]*?["']${escapeRe(form)}["'][^>]*>`, 'gi'), '');
    } else {
      for (const form of new Set([url, htmlAttr(url)])) out = out.split(form).join(to);
    }
  }
  return out;
}

/**
 * Raw embeds an old portal kept in its bodies (`<iframe src=…>`), which the
 * portal refuses (issue #15), become a paragraph with a link to what they
 * showed: the site turns a lone link into a click-to-load embed where it can.
 * Returns the body and how many were turned.
 */
export function embedsAsLinks(content: string): { content: string; turned: number } {
  let turned = 0;
  const out = content.replace(/<iframe\b[^>]*?\bsrc\s*=\s*["']([^"']+)["'][^>]*>(?:[\s\S]*?<\/iframe\s*>)?/gi, (_m, src: string) => {
    turned++;
    const url = src.startsWith('//') ? `https:${src}` : src;
    return /^https?:\/\//i.test(url) ? `<p><a href="${url}">${url}</a></p>` : '';
  });
  return { content: out, turned };
}

/** Dates as the database keeps them: Directus stores SQLite timestamps as epoch milliseconds. */
export function dbDate(sqlite: boolean) {
  return (iso: string | null | undefined): Date | number | null => {
    if (!iso) return null;
    const d = new Date(iso);
    if (Number.isNaN(d.getTime())) return null;
    return sqlite ? d.getTime() : d;
  };
}

/** "Maria da Silva Santos" → first name "Maria", last name "da Silva Santos" (Directus's two fields; the profile keeps it whole). */
export function splitName(full: string | null): { first_name: string | null; last_name: string | null } {
  const parts = (full ?? '').trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return { first_name: null, last_name: null };
  return { first_name: parts[0]!, last_name: parts.slice(1).join(' ') || null };
}

/** The type of an export's file from its first bytes (the upload rule's own sniffing): null when the portal does not take it (SVG, PDF…). */
export { sniffImage as importedImageType } from '@portal/domain/files';
