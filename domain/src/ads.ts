import { fromBelemInput } from './dates.ts';
export const AD_TYPES = ['banner', 'sidebar', 'popup', 'inline', 'google_adsense'] as const;
export type AdType = (typeof AD_TYPES)[number];

export const AD_POSITIONS = ['top', 'bottom', 'left', 'right', 'center'] as const;
export type AdPosition = (typeof AD_POSITIONS)[number];

export const AD_POSITION_LABELS: Record<AdPosition, string> = {
  top: 'Topo',
  bottom: 'Rodapé',
  left: 'Esquerda',
  right: 'Direita',
  center: 'Centro',
};

export const AD_FORMATS = ['auto', 'rectangle', 'horizontal', 'vertical'] as const;
export type AdFormat = (typeof AD_FORMATS)[number];

type Stamp = string | Date | null | undefined;

/**
 * An ad is public only when active and inside its date window; either end may
 * be open. The end date is inclusive of its whole day when given date-only.
 * @example isAdVisible({ is_active: true, start_date: null, end_date: null }, new Date()) // true
 */
export function isAdVisible(ad: { is_active: boolean; start_date: Stamp; end_date: Stamp }, now: Date): boolean {
  if (!ad.is_active) return false;
  if (ad.start_date && new Date(ad.start_date) > now) return false;
  if (ad.end_date && new Date(ad.end_date) < now) return false;
  return true;
}

/** An AdSense slot renders only with both the publisher id and the ad unit id. */
export const canRenderAdsense = (ad: { google_ad_client?: string | null; google_ad_slot?: string | null }) =>
  !!ad.google_ad_client?.trim() && !!ad.google_ad_slot?.trim();

/**
 * Date-only form value (YYYY-MM-DD) to the ISO timestamp stored, or null.
 * Start dates begin at 00:00 and end dates close at 23:59:59.999 (America/Belem, UTC-3).
 */
export function adDateToIso(value: string | null | undefined, edge: 'start' | 'end'): string | null {
  return fromBelemInput(value, edge === 'start' ? '00:00:00.000' : '23:59:59.999');
}

/** Content preview in the ads list: 50 characters plus "...". */
export function adPreview(html: string | null | undefined): string {
  const text = (html ?? '').replace(/<[^>]*>/g, '').trim();
  return text.length > 50 ? `${text.slice(0, 50)}...` : text;
}
