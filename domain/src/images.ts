/**
 * Responsive images from Directus asset transforms. Featured images are stored
 * as same-origin `/api/assets/<id>` URLs; anything else (external) is used as-is.
 */

const ASSET = /^\/api\/assets\/[0-9a-f-]{36}(?:\?.*)?$/i;

export const isDirectusAsset = (url: string): boolean => ASSET.test(url);

/**
 * URL of a cropped WebP rendition of a Directus asset.
 * @example assetUrl('/api/assets/0b7c…', 400, 225) // '/api/assets/0b7c…?width=400&height=225&fit=cover&format=webp&quality=70'
 */
export function assetUrl(url: string, width: number, height: number, quality = 70): string {
  if (!isDirectusAsset(url)) return url;
  const base = url.split('?')[0];
  return `${base}?width=${width}&height=${height}&fit=cover&format=webp&quality=${quality}`;
}

export type ResponsiveImage = { src: string; srcset?: string; width: number; height: number };

/**
 * src/srcset for a 16:9 (or given ratio) image at the given widths; the first
 * width is the fallback src. External URLs get no srcset.
 * @example responsiveImage('/api/assets/…', [400, 800]).srcset // '…width=400… 400w, …width=800… 800w'
 */
export function responsiveImage(url: string, widths: readonly number[], ratio = 16 / 9): ResponsiveImage {
  const h = (w: number) => Math.round(w / ratio);
  const first = widths[0] ?? 400;
  if (!isDirectusAsset(url)) return { src: url, width: first, height: h(first) };
  return {
    src: assetUrl(url, first, h(first)),
    srcset: widths.map((w) => `${assetUrl(url, w, h(w))} ${w}w`).join(', '),
    width: first,
    height: h(first),
  };
}
