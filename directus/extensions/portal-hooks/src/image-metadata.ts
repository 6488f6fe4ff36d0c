/**
 * Uploads lose what a camera writes into them (issue #32, item 14): EXIF
 * (with GPS: where a source stood), XMP and IPTC. The original is what
 * `/assets/<id>` serves to anyone once it is public, so it is rewritten once,
 * at upload: turned upright from its orientation tag, colour profile kept,
 * everything else dropped. A file without such metadata (the admin's crops)
 * is left byte for byte as it came.
 */
import sharp from 'sharp';

/** Whether sharp finds metadata a reader must not get. */
export async function hasPrivateMetadata(input: Buffer): Promise<boolean> {
  const m = await sharp(input).metadata();
  return !!(m.exif || m.xmp || m.iptc || (m.comments && m.comments.length));
}

const ENCODE: Record<string, (s: sharp.Sharp) => sharp.Sharp> = {
  'image/jpeg': (s) => s.jpeg({ quality: 92, mozjpeg: true }),
  'image/png': (s) => s.png(),
  'image/webp': (s) => s.webp({ quality: 92 }),
  'image/avif': (s) => s.avif({ quality: 80 }),
};

/** The image without its private metadata, in the same format; null when it has none to drop. */
export async function withoutPrivateMetadata(input: Buffer, type: string): Promise<Buffer | null> {
  const encode = ENCODE[type];
  if (!encode || !(await hasPrivateMetadata(input))) return null;
  // sharp writes no EXIF, XMP or IPTC unless asked; rotate() applies the orientation tag first.
  return encode(sharp(input).rotate().keepIccProfile()).toBuffer();
}
