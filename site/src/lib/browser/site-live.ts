/**
 * Brings a page built before the last site-wide change up to date from
 * /live.json (lib/site-live.ts): the urgent message, contact and social
 * links, and each ad slot's candidates. A page built after it is left as is.
 */
import type { SiteLive } from '../site-live.ts';


export async function fetchSiteLive(): Promise<SiteLive | null> {
  try {
    const res = await fetch('/live.json', { cache: 'no-cache', credentials: 'omit' });
    return res.ok ? ((await res.json()) as SiteLive) : null;
  } catch {
    return null; // The built page stands.
  }
}

/** Returns the ids of the ads that are active now (what chooseAds filters by). */
export function applySiteLive(live: SiteLive, root: ParentNode = document): Set<string> {
  const s = live.settings as Record<string, string | undefined>;
  for (const el of root.querySelectorAll<HTMLElement>('[data-setting]')) {
    const value = s[el.dataset.setting!];
    if (value === undefined) continue;
    if (el.textContent !== value) el.textContent = value;
    const scheme = el.dataset.settingHref;
    if (scheme === 'tel') el.setAttribute('href', `tel:${value.replace(/[^\d+]/g, '')}`);
    if (scheme === 'mailto') el.setAttribute('href', `mailto:${value}`);
  }
  // Social links: one per network, shown only when it has an address.
  for (const a of root.querySelectorAll<HTMLAnchorElement>(`[data-setting-link]`)) {
    const href = s[a.dataset.settingLink!] ?? '';
    a.closest('li')!.hidden = !href;
    if (href) a.href = href;
  }
  for (const list of root.querySelectorAll<HTMLElement>('[data-social-links]')) {
    list.hidden = ![...list.querySelectorAll('li')].some((li) => !li.hidden);
  }
  // The TV card says "AO VIVO" only while a live address is set (data-tv-live-state="on"), else its empty state ("off").
  if (s.tv_live_url !== undefined) {
    for (const el of root.querySelectorAll<HTMLElement>('[data-tv-live-state]')) el.hidden = (el.dataset.tvLiveState === 'on') !== Boolean(s.tv_live_url);
  }
  // The radio/TV dialogs mount on first click from the media root's data: keep it current.
  const media = root.querySelector<HTMLElement>('[data-media-root]');
  if (media) {
    const data: Record<string, string | undefined> = {
      youtube: s.youtube_channel_url,
      stream: s.radio_stream_url,
      program: s.radio_program_name,
      tvTitle: s.tv_live_title,
      tvLive: s.tv_live_url,
      tvPrograms: s.tv_programs,
    };
    for (const [k, v] of Object.entries(data)) if (v !== undefined) media.dataset[k] = v;
  }

  const active = new Set<string>();
  for (const slot of root.querySelectorAll<HTMLElement>('[data-portal-ad-slot]')) {
    const ads = live.ads[slot.dataset.portalAdSlot as keyof SiteLive['ads']] ?? [];
    for (const ad of ads) active.add(ad.id);
    const shown = [...slot.querySelectorAll<HTMLElement>('[data-ad-id]')];
    const same = shown.length === ads.length && shown.every((el, i) => el.dataset.adId === ads[i]!.id && el.dataset.adV === ads[i]!.v);
    if (same) continue;
    // Ads changed since this page was built: the slot takes the live candidates (markup sanitised by the build).
    for (const el of shown) el.remove();
    for (const ad of ads) {
      const div = document.createElement('div');
      div.dataset.adId = ad.id;
      div.dataset.adV = ad.v;
      div.dataset.start = ad.start;
      div.dataset.end = ad.end;
      div.hidden = true;
      div.innerHTML = ad.html;
      (slot.querySelector('[data-ad-candidates]') ?? slot).append(div);
    }
  }
  return active;
}

