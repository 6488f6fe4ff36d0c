/**
 * Cell values of the hosted export, read the same from either shape: Postgres
 * timestamps and booleans, and the bucket addresses of its files.
 */
import { fromLocal } from '../../clock.ts';
import type { FileRef, Instant } from '../records.ts';

const STAMP = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?)(\.\d+)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * A Postgres or ISO timestamp as an ISO instant in UTC; a zone-less stamp is
 * UTC (how the hosted database stores them), a bare date is midnight in the
 * newsroom's zone. `undefined` when it cannot be read.
 * @example toInstant('2024-03-05 14:22:01.123456+00') // '2024-03-05T14:22:01.123Z'
 * @example toInstant('2024-03-05 11:22:01-03') // '2024-03-05T14:22:01.000Z'
 * @example toInstant(null) // null
 */
export function toInstant(value: string | null, timeZone = 'America/Belem'): Instant | null | undefined {
  if (value === null || value.trim() === '') return null;
  const m = STAMP.exec(value.trim());
  if (!m) return undefined;
  const [, date, time, fraction, zone] = m;
  if (!time) {
    const [y, mo, d] = date!.split('-').map(Number) as [number, number, number];
    const at = fromLocal({ year: y, month: mo, day: d, hour: 0, minute: 0, second: 0 }, timeZone);
    return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
  }
  let offset = 'Z';
  if (zone && zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    offset = `${zone[0]}${digits.slice(0, 2)}:${digits.slice(2, 4) || '00'}`;
  }
  const ms = fraction ? fraction.slice(0, 4).padEnd(4, '0') : '';
  const at = new Date(`${date}T${time.length === 5 ? `${time}:00` : time}${ms}${offset}`);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/**
 * Postgres and dashboard booleans; `undefined` when it is none of them.
 * @example toBool('t') // true
 * @example toBool(null) // null
 */
export function toBool(value: string | null): boolean | null | undefined {
  if (value === null || value.trim() === '') return null;
  const v = value.trim().toLowerCase();
  if (['t', 'true', '1', 'yes', 'y', 'on'].includes(v)) return true;
  if (['f', 'false', '0', 'no', 'n', 'off'].includes(v)) return false;
  return undefined;
}

/** The storage buckets of the hosted portal, each a folder of the export. */
export const BUCKETS = ['news-images', 'avatars'] as const;
export type Bucket = (typeof BUCKETS)[number];

/**
 * Where a bucket URL's object is in the export (`<bucket>/<object path>`,
 * percent-decoded), or null for an address outside the buckets.
 * @example bucketPath('https://x.supabase.co/storage/v1/object/public/news-images/2024/foto%201.jpg?t=1') // 'news-images/2024/foto 1.jpg'
 */
export function bucketPath(url: string): string | null {
  // As written in HTML, `&` may be `&amp;` (or a numeric entity).
  const decoded = url.replace(/&amp;/gi, '&').replace(/&#(x[0-9a-f]+|\d+);/gi, (_, n: string) => String.fromCodePoint(n[0] === 'x' || n[0] === 'X' ? parseInt(n.slice(1), 16) : Number(n)));
  const clean = decoded.split(/[?#]/)[0]!;
  for (const bucket of BUCKETS) {
    const at = clean.indexOf(`/${bucket}/`);
    if (at === -1) continue;
    const object = clean.slice(at + bucket.length + 2);
    if (!object) return null;
    try {
      return `${bucket}/${decodeURIComponent(object)}`;
    } catch {
      return `${bucket}/${object}`;
    }
  }
  return null;
}

/**
 * A file the row points at: placed in the export when it is a bucket URL,
 * `path: null` (reported as missing by the writer) when it lives elsewhere.
 */
export function fileRef(url: string | null): FileRef | null {
  const u = url?.trim();
  if (!u) return null;
  return { url: u, path: bucketPath(u) };
}

const IMG_SRC = /<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

/**
 * The bucket images of a story's body, each once, as written in the body.
 * Images from elsewhere stay out: they are not files of this export (the
 * writer's sanitizer decides what becomes of them).
 * @example bodyImages('<img src="https://x/storage/v1/object/public/news-images/a.jpg"><img src="https://y.com/b.jpg">') // [{ url: 'https://x/…/news-images/a.jpg', path: 'news-images/a.jpg' }]
 */
export function bodyImages(html: string): FileRef[] {
  const out: FileRef[] = [];
  const seen = new Set<string>();
  for (const m of html.matchAll(IMG_SRC)) {
    const url = (m[1] ?? m[2] ?? m[3] ?? '').trim();
    const path = bucketPath(url);
    if (!path || !path.startsWith('news-images/') || seen.has(url)) continue;
    seen.add(url);
    out.push({ url, path });
  }
  return out;
}

/**
 * The newsroom's calendar day of an instant (YYYY-MM-DD), cached per quarter
 * hour since every zone's offset is a multiple of 15 minutes.
 * @example dayIn('America/Belem')('2024-03-06T02:00:00Z') // '2024-03-05'
 */
export function dayIn(timeZone: string): (instant: Instant) => string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const cache = new Map<number, string>();
  return (instant) => {
    const t = Date.parse(instant);
    const slot = Math.floor(t / 900_000);
    let day = cache.get(slot);
    if (day === undefined) {
      day = format.format(t);
      cache.set(slot, day);
    }
    return day;
  };
}
