/**
 * Uploaded files (issue #10): what an upload may be, and how content refers
 * to files, so the server knows which files readers may fetch.
 */

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];
export const UPLOAD_ERROR = 'Envie uma imagem JPEG, PNG, WebP ou AVIF de até 10 MB';

/**
 * The image type the bytes really are (magic numbers), whatever the name or
 * the declared type say; null for anything else.
 * @example sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0])) // 'image/jpeg'
 */
export function sniffImage(head: Uint8Array): UploadType | null {
  const b = head;
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return 'image/png';
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (b.length >= 12 && ascii(4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(8, 12))) return 'image/avif';
  return null;
}

const ASSET_REF = /\/api\/assets\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/gi;

/**
 * File ids a text refers to (featured image URL, images in an article body or an ad).
 * @example fileRefs('<img src="/api/assets/0b7c1d2e-0000-4000-8000-000000000001?key=x">') // ['0b7c1d2e-0000-4000-8000-000000000001']
 */
export function fileRefs(...texts: Array<unknown>): string[] {
  const out = new Set<string>();
  for (const t of texts) if (typeof t === 'string') for (const m of t.matchAll(ASSET_REF)) out.add(m[1]!.toLowerCase());
  return [...out];
}
