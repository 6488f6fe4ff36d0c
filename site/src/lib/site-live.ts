/**
 * `/live.json`: what changes site-wide without touching a story — settings
 * (the urgent message, contact and social links) and the sidebar ads — as one
 * small document rendered by every build, targeted ones included. Built pages
 * keep it as their first paint; lib/browser/site-live.ts brings an older page
 * (an article built months ago) up to date in the browser. Issue #8,
 * docs/decisions/006-publish-pipeline.md.
 */
import { canRenderAdsense } from '@portal/domain/ads';
import type { Ad } from '@portal/domain/schema';
import type { Settings } from '@portal/domain/settings';
import { sanitizeAd } from './sanitize.ts';

export type AdPosition = 'top' | 'bottom';

/** One ad candidate of a slot: its window (checked at view time), its markup and a stamp of that markup. */
export type LiveAd = { id: string; start: string; end: string; html: string; v: string };

export type SiteLive = {
  settings: Settings;
  ads: Record<AdPosition, LiveAd[]>;
};

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Inner markup of one ad candidate: AdSense slot (script waits for consent), linked or plain house ad. */
export function adBodyHtml(ad: Ad): string {
  if (ad.ad_type === 'google_adsense') {
    return (
      `<ins class="adsbygoogle block" style="display:block" data-ad-client="${attr(ad.google_ad_client ?? '')}"` +
      ` data-ad-slot="${attr(ad.google_ad_slot ?? '')}" data-ad-format="${attr(ad.google_ad_format || 'auto')}"` +
      ` data-full-width-responsive="${ad.google_ad_responsive ? 'true' : 'false'}"></ins>`
    );
  }
  const body = `<div>${sanitizeAd(ad.content ?? '')}</div>`;
  return ad.link_url ? `<a href="${attr(ad.link_url)}" target="_blank" rel="noopener noreferrer sponsored" class="block hover:opacity-90">${body}</a>` : body;
}

/** A slot's candidates: AdSense only when it can be rendered at all. */
export function slotCandidates(ads: Ad[]): Ad[] {
  return ads.filter((ad) => ad.ad_type !== 'google_adsense' || canRenderAdsense(ad));
}

/** FNV-1a of the markup and window: an edited ad gets a new stamp, so built pages can tell. */
export function stamp(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

export function liveAd(ad: Ad): LiveAd {
  const start = ad.start_date ?? '';
  const end = ad.end_date ?? '';
  const html = adBodyHtml(ad);
  return { id: ad.id, start, end, html, v: stamp(`${start}|${end}|${html}`) };
}

export function siteLive(settings: Settings, slotAds: (p: AdPosition) => Ad[]): SiteLive {
  return {
    settings,
    ads: { top: slotCandidates(slotAds('top')).map(liveAd), bottom: slotCandidates(slotAds('bottom')).map(liveAd) },
  };
}
