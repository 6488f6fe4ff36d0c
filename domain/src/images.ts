/**
 * Responsive images from Directus asset transforms. Featured images are stored
 * as same-origin `/api/assets/<id>` URLs; anything else (external) is used as-is.
 */
import { photoCredit } from './engagement.ts';

const ASSET = /^\/api\/assets\/[0-9a-f-]{36}(?:\?.*)?$/i;

export const isDirectusAsset = (url: string): boolean => ASSET.test(url);

/**
 * The only renditions Directus makes (settings `storage_asset_transform:
 * presets`): arbitrary `?width=` requests would let anyone fill the disk with
 * variants (issue #10). Cropped WebP at quality 70; keys say the size.
 */
export const ASSET_PRESETS = [
  [200, 113],
  [400, 225],
  [800, 450],
  [1200, 675],
  [1600, 900],
  [128, 72],
  [128, 128],
].map(([width, height]) => ({ key: `w${width}h${height}`, fit: 'cover', width, height, quality: 70, format: 'webp', withoutEnlargement: false })) as Array<{
  key: string;
  fit: 'cover';
  width: number;
  height: number;
  quality: number;
  format: 'webp';
  withoutEnlargement: boolean;
}>;

/**
 * URL of a cropped WebP rendition of a Directus asset, by preset.
 * @example assetUrl('/api/assets/0b7c…', 400, 225) // '/api/assets/0b7c…?key=w400h225'
 */
export function assetUrl(url: string, width: number, height: number): string {
  if (!isDirectusAsset(url)) return url;
  const preset = ASSET_PRESETS.find((p) => p.width === width && p.height === height);
  // A size without a preset is a programming error: Directus would refuse it in production.
  if (!preset) throw new Error(`Sem preset de imagem para ${width}x${height}: acrescente em ASSET_PRESETS`);
  return `${url.split('?')[0]}?key=${preset.key}`;
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

/** Widths offered for images inside an article body (the column is at most 48rem). */
export const INLINE_IMAGE_WIDTHS = [400, 800, 1200] as const;

/**
 * Inline images of a sanitized article body (uploaded through the crop dialog:
 * `<img src="/api/assets/<id>" alt="legenda" title="Foto: crédito">`) become
 * figures with srcset, their caption and credit; other images stay. Works on
 * the parsed body (issue #32: a regex over HTML read attribute text as markup).
 */
export function figuresInPlace(root: ParentNode): void {
  const doc = (root as Node).ownerDocument ?? (root as unknown as Document);
  for (const old of [...root.querySelectorAll('img')]) {
    const src = old.getAttribute('src') ?? '';
    if (!isDirectusAsset(src)) continue;
    const img = responsiveImage(src, INLINE_IMAGE_WIDTHS);
    const alt = old.getAttribute('alt') ?? '';
    // Stored bodies may carry "Foto: Foto: …" (a credit typed with its prefix): printed with it once.
    const credit = photoCredit(old.getAttribute('title'));
    const figure = doc.createElement('figure');
    figure.setAttribute('class', 'article-figure');
    const pic = doc.createElement('img');
    const attrs: Record<string, string> = {
      src: img.src,
      srcset: img.srcset ?? '',
      sizes: '(min-width: 768px) 48rem, 100vw',
      width: String(img.width),
      height: String(img.height),
      alt,
      loading: 'lazy',
      decoding: 'async',
    };
    for (const [k, v] of Object.entries(attrs)) pic.setAttribute(k, v);
    figure.append(pic);
    if (alt || credit) {
      const caption = doc.createElement('figcaption');
      if (alt) caption.append(alt);
      if (credit) {
        const span = doc.createElement('span');
        span.setAttribute('class', 'credit');
        span.append(credit);
        caption.append(...(alt ? [' ', span] : [span]));
      }
      figure.append(caption);
    }
    old.replaceWith(figure);
  }
}
