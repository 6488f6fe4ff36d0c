/**
 * `/live.json`: what changes site-wide without touching a story — settings
 * (the urgent message, contact and social links) and every ad place's
 * candidates (banner, sidebar, inline, popup: domain/src/ads.ts adPlace) — as one
 * small document rendered by every build, targeted ones included. Built pages
 * keep it as their first paint; lib/browser/site-live.ts brings an older page
 * (an article built months ago) up to date in the browser. Issue #8,
 * docs/decisions/006-publish-pipeline.md.
 */
import { AD_PLACES, canRenderAdsense, type AdPlace } from '@portal/domain/ads';
import type { Ad } from '@portal/domain/schema';
import { INSTITUTIONAL_PAGE_KEYS, type Settings, type SettingKey } from '@portal/domain/settings';
import { sanitizeAd } from './sanitize.ts';

export type { AdPlace };

/** One ad candidate of a slot: its window (checked at view time), its markup and a stamp of that markup. */
export type LiveAd = { id: string; start: string; end: string; html: string; v: string };

/** Settings an old page shows: all but the institutional texts, which only their own pages print (rebuilt with every settings change). */
export type LiveSettings = Omit<Settings, 'page_about' | 'page_masthead' | 'page_contact'>;

export type SiteLive = {
  settings: LiveSettings;
  /** Every place's candidates, newest first (pages built before a place existed ignore it). */
  ads: Record<AdPlace, LiveAd[]>;
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
  // At least 44 px tall: a one-line banner is still a tap target on a phone (issue #34).
  return ad.link_url ? `<a href="${attr(ad.link_url)}" target="_blank" rel="noopener noreferrer sponsored" class="block min-h-11 hover:opacity-90">${body}</a>` : body;
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

export function siteLive(settings: Settings, placeAds: (p: AdPlace) => Ad[]): SiteLive {
  const live = Object.fromEntries(Object.entries(settings).filter(([k]) => !INSTITUTIONAL_PAGE_KEYS.includes(k as SettingKey))) as LiveSettings;
  return {
    settings: live,
    ads: Object.fromEntries(AD_PLACES.map((p) => [p, slotCandidates(placeAds(p)).map(liveAd)])) as Record<AdPlace, LiveAd[]>,
  };
}
