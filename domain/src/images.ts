/**
 * Responsive images from Directus asset transforms. Featured images are stored
 * as same-origin `/api/assets/<id>` URLs; anything else (external) is used as-is.
 */
import { photoCredit } from './engagement.ts';

const ASSET = /^\/api\/assets\/[0-9a-f-]{36}(?:\?.*)?$/i;

export const isDirectusAsset = (url: string): boolean => ASSET.test(url);

type AssetPreset = { key: string; fit: 'cover'; width: number; height: number; quality: number; format: 'webp' | 'jpeg'; withoutEnlargement: boolean };

/**
 * The only renditions Directus makes (settings `storage_asset_transform:
 * presets`): arbitrary `?width=` requests would let anyone fill the disk with
 * variants (issue #10). Cropped WebP at quality 70; keys say the size.
 * Never enlarged (issue #29): a rendition wider than its source is the source's size.
 */
export const ASSET_PRESETS: AssetPreset[] = [
  ...[
    [200, 113],
    [400, 225],
    [800, 450],
    [1200, 675],
    [1600, 900],
    [128, 72],
    [128, 128],
    // The 4:3 and 1:1 renditions search engines ask for (issue #29), never enlarged.
    [1200, 900],
    [1200, 1200],
  ].map(([width, height]): AssetPreset => ({ key: `w${width}h${height}`, fit: 'cover', width: width!, height: height!, quality: 70, format: 'webp', withoutEnlargement: true })),
  // Link previews (WhatsApp, Facebook, X): a JPEG, which every client shows, about 1200×630 and well under 300 KB (issue #29).
  { key: 'og1200h630', fit: 'cover', width: 1200, height: 630, quality: 78, format: 'jpeg', withoutEnlargement: true },
];

/** Google Discover and Top Stories show a large image only from this width (issue #29). */
export const LARGE_IMAGE_MIN_WIDTH = 1200;

/**
 * The size a crop is saved at. With `maxWidth` (news images): the crop's own
 * pixels, never fewer than `width`×`height` (a small crop is enlarged to the
 * spec's 800×450, as before) nor wider than `maxWidth`, and exactly the
 * aspect (16:9 in steps of 16×9). Without it (avatars): always `width`×`height`.
 * @example savedCropSize(1080, { width: 800, height: 450, maxWidth: 1920 }) // { width: 1072, height: 603 }
 * @example savedCropSize(300, { width: 800, height: 450, maxWidth: 1920 }) // { width: 800, height: 450 }
 */
export function savedCropSize(cropNaturalWidth: number, out: { width: number; height: number; maxWidth?: number }): { width: number; height: number } {
  if (!out.maxWidth) return { width: out.width, height: out.height };
  const g = gcd(out.width, out.height);
  const [stepW, stepH] = [out.width / g, out.height / g];
  const steps = Math.floor(Math.min(Math.max(cropNaturalWidth, out.width), out.maxWidth) / stepW);
  return { width: steps * stepW, height: steps * stepH };
}
const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);

/** A region of an image, in its own (natural) pixels. */
export type ImageArea = { x: number; y: number; width: number; height: number };

/** The renditions kept beside a story's 16:9 crop (issue #29): made in the browser from the original. */
export const RENDITION_ASPECTS = { '4:3': 4 / 3, '1:1': 1 } as const;
export type RenditionAspect = keyof typeof RENDITION_ASPECTS;

/**
 * The `aspect` region of the original around the 16:9 crop's centre: as tall as the crop, grown to
 * LARGE_IMAGE_MIN_WIDTH wide where the picture allows, never outside it.
 * @example renditionArea({ width: 4000, height: 3000 }, { x: 1000, y: 1000, width: 1920, height: 1080 }, 1)
 * // { x: 1360, y: 940, width: 1200, height: 1200 }
 */
export function renditionArea(natural: { width: number; height: number }, crop: ImageArea, aspect: number): ImageArea {
  const widest = Math.min(natural.width, natural.height * aspect);
  let width = Math.min(crop.height * aspect, widest);
  if (width < LARGE_IMAGE_MIN_WIDTH) width = Math.min(LARGE_IMAGE_MIN_WIDTH, widest);
  width = Math.floor(width);
  const height = Math.floor(width / aspect);
  const clamp = (v: number, max: number) => Math.round(Math.min(Math.max(v, 0), Math.max(max, 0)));
  return {
    x: clamp(crop.x + crop.width / 2 - width / 2, natural.width - width),
    y: clamp(crop.y + crop.height / 2 - height / 2, natural.height - height),
    width,
    height,
  };
}

/** The size a rendition is saved at: its own pixels, narrowed to `maxWidth` — never enlarged. */
export function renditionSize(area: ImageArea, maxWidth = 1920): { width: number; height: number } {
  const scale = Math.min(1, maxWidth / area.width);
  return { width: Math.round(area.width * scale), height: Math.round(area.height * scale) };
}

/**
 * What `featured_image_renditions` holds (JSON text): the 4:3 and 1:1 renditions' addresses, and the original as
 * uploaded (when the server took it) by its bare file id — not an address, so it never turns public with the story:
 * it holds what the crop cut away (file-visibility follows `/api/assets/<id>` references only).
 */
export type ImageRenditions = { original: string | null } & Record<RenditionAspect, string>;
const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The images an article names for search engines (NewsArticle `image`): the 16:9 crop at 1200 px wide, the 4:3
 * and 1:1 renditions when the story has them, and the link-preview JPEG — each never enlarged.
 */
export function articleImages(image: string, renditions: ImageRenditions | null): string[] {
  if (!isDirectusAsset(image)) return [image];
  const out = [responsiveImage(image, [1200]).src];
  if (renditions) out.push(assetUrl(renditions['4:3'], 1200, 900), assetUrl(renditions['1:1'], 1200, 1200));
  out.push(socialImageUrl(image));
  return [...new Set(out)];
}

/** The stored renditions, or null when there are none or they are not what the admin writes. */
export function parseRenditions(text: unknown): ImageRenditions | null {
  if (typeof text !== 'string' || !text.trim()) return null;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  const asset = (u: unknown): u is string => typeof u === 'string' && isDirectusAsset(u);
  if (!(Object.keys(RENDITION_ASPECTS) as RenditionAspect[]).every((k) => asset(o[k]))) return null;
  if (o.original != null && !(typeof o.original === 'string' && FILE_ID.test(o.original))) return null;
  return { original: (o.original as string | null | undefined) ?? null, '4:3': o['4:3'] as string, '1:1': o['1:1'] as string };
}

/** A Directus asset's address with one preset's key (and no other query). */
const withPreset = (url: string, key: string): string => `${url.split('?')[0]}?key=${key}`;

/** The size of the link-preview image (`og:image`). */
export const SOCIAL_IMAGE = { width: 1200, height: 630, type: 'image/jpeg', key: 'og1200h630' } as const;

/**
 * The link-preview JPEG of a Directus asset; an external image as it is.
 * @example socialImageUrl('/api/assets/0b7c…') // '/api/assets/0b7c…?key=og1200h630'
 */
export function socialImageUrl(url: string): string {
  return isDirectusAsset(url) ? withPreset(url, SOCIAL_IMAGE.key) : url;
}

/**
 * URL of a cropped WebP rendition of a Directus asset, by preset.
 * @example assetUrl('/api/assets/0b7c…', 400, 225) // '/api/assets/0b7c…?key=w400h225'
 */
export function assetUrl(url: string, width: number, height: number): string {
  if (!isDirectusAsset(url)) return url;
  const preset = ASSET_PRESETS.find((p) => p.format === 'webp' && p.width === width && p.height === height);
  // A size without a preset is a programming error: Directus would refuse it in production.
  if (!preset) throw new Error(`Sem preset de imagem para ${width}x${height}: acrescente em ASSET_PRESETS`);
  return withPreset(url, preset.key);
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
