/**
 * What must stay right without a new build, run on every public page:
 * relative times, the ad chosen for each slot (active flag + date window at
 * view time), "Eventos do Mês" after the month turns, live rankings, and the
 * LGPD consent that gates the AdSense script. Plain DOM: no framework needed.
 */
import { isAdVisible } from '@portal/domain/ads';
import { monthRange, relativeTimePtBR } from '@portal/domain/dates';
import { LIMITS } from '@portal/domain/limits';
import { rankingItemHtml, type RankingMetric } from '../ranking-html.ts';
import { getRankings, type RankedItem } from './api.ts';
import { applySiteLive, fetchSiteLive } from './site-live.ts';
import { refreshRelated } from './related.ts';
import { setupMediaDialogs } from './media.ts';
import { setupSession } from './session.ts';

const CONSENT_KEY = 'portal:ads_consent';

export function refreshRelativeTimes(root: ParentNode = document, now = new Date()) {
  for (const el of root.querySelectorAll<HTMLTimeElement>('time[data-rel]')) {
    if (el.dateTime) el.textContent = relativeTimePtBR(el.dateTime, now);
  }
}

/** Shows this month's events only, and the empty text when there are none. */
export function filterEvents(root: ParentNode = document, now = new Date()) {
  const { start, end } = monthRange(now);
  for (const list of root.querySelectorAll<HTMLElement>('[data-events]')) {
    let shown = 0;
    for (const li of list.querySelectorAll<HTMLElement>('[data-event-date]')) {
      const d = new Date(li.dataset.eventDate!).toISOString();
      const inMonth = d >= start && d < end;
      li.hidden = !inMonth;
      if (inMonth) shown++;
    }
    const empty = list.querySelector<HTMLElement>('[data-events-empty]');
    if (empty) empty.hidden = shown > 0;
  }
}

/**
 * Each slot shows its newest ad that is active (if known) and inside its
 * window now. AdSense ads compete only once the reader has consented.
 */
export function chooseAds(root: ParentNode = document, now = new Date(), activeIds?: Set<string>, adsenseAllowed = false) {
  for (const slot of root.querySelectorAll<HTMLElement>('[data-portal-ad-slot]')) {
    let chosen: HTMLElement | null = null;
    for (const ad of slot.querySelectorAll<HTMLElement>('[data-ad-id]')) {
      const ok = !chosen && (adsenseAllowed || !ad.querySelector('ins.adsbygoogle')) && isCurrent(ad, now, activeIds);
      ad.hidden = !ok;
      if (ok) chosen = ad;
    }
    slot.hidden = !chosen;
  }
}

const POPUP_SEEN_KEY = 'portal:ad_popup_seen';

function popupSeen(): string[] {
  try {
    return (sessionStorage.getItem(POPUP_SEEN_KEY) ?? '').split(' ').filter(Boolean);
  } catch {
    return [];
  }
}

/**
 * The popup ad (decision 055): a modal dialog opened once per visit for each
 * ad, closed by "Fechar", Esc or a click outside it. No inline script: this
 * module is bundled (CSP).
 */
export function openPopupAd(root: Document = document) {
  const dialog = root.querySelector<HTMLDialogElement>('dialog[data-portal-ad-slot="popup"]');
  if (!dialog || dialog.hidden || dialog.open) return;
  const ad = [...dialog.querySelectorAll<HTMLElement>('[data-ad-id]')].find((el) => !el.hidden);
  if (!ad) return;
  const seen = popupSeen();
  if (seen.includes(ad.dataset.adId!)) return;
  try {
    sessionStorage.setItem(POPUP_SEEN_KEY, [...seen, ad.dataset.adId!].join(' '));
  } catch {
    /* shown on this page only */
  }
  // Browsers without <dialog> methods (and jsdom) get the open attribute alone.
  const close = () => (typeof dialog.close === 'function' ? dialog.close() : dialog.removeAttribute('open'));
  if (!dialog.dataset.wired) {
    dialog.dataset.wired = '1';
    dialog.querySelector('[data-ad-close]')?.addEventListener('click', close);
    // A click on the backdrop (the dialog itself, outside its content) closes it too.
    dialog.addEventListener('click', (e) => e.target === dialog && close());
  }
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
}

function isCurrent(ad: HTMLElement, now: Date, activeIds?: Set<string>) {
  return (
    (!activeIds || activeIds.has(ad.dataset.adId!)) &&
    isAdVisible({ is_active: true, start_date: ad.dataset.start || null, end_date: ad.dataset.end || null }, now)
  );
}

function consent(): string | null {
  try {
    return localStorage.getItem(CONSENT_KEY);
  } catch {
    return null;
  }
}

/** Waits for the ad network script: polls every 100 ms for up to 10 s (spec section 4). */
export function whenAdNetworkReady(poll: number = LIMITS.adScriptPollMs, max: number = LIMITS.adScriptWaitMs): Promise<boolean> {
  return new Promise((resolve) => {
    const started = Date.now();
    const tick = () => {
      if ((window as { adsbygoogle?: unknown }).adsbygoogle) return resolve(true);
      if (Date.now() - started >= max) return resolve(false);
      setTimeout(tick, poll);
    };
    tick();
  });
}

async function loadAdsense() {
  const slots = [...document.querySelectorAll<HTMLElement>('ins.adsbygoogle')].filter((ins) => !ins.closest('[hidden]'));
  if (!slots.length) return;
  const client = slots[0]!.dataset.adClient!;
  const s = document.createElement('script');
  s.async = true;
  s.crossOrigin = 'anonymous';
  s.src = `https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${encodeURIComponent(client)}`;
  document.head.append(s);
  if (!(await whenAdNetworkReady())) return;
  const queue = ((window as { adsbygoogle?: unknown[] }).adsbygoogle ??= []);
  for (const _ of slots) queue.push({});
}

const adsenseCandidates = () =>
  [...document.querySelectorAll<HTMLElement>('[data-portal-ad-slot] [data-ad-id]')].filter(
    (ad) => ad.querySelector('ins.adsbygoogle') && isCurrent(ad, new Date()),
  );

/**
 * LGPD: the AdSense script (third-party cookies) loads only after the reader
 * accepts; until then slots show the house ads.
 */
function setupConsent(activeIds?: Set<string>) {
  const decision = consent();
  chooseAds(document, new Date(), activeIds, decision === 'accepted');
  openPopupAd();
  if (!adsenseCandidates().length) return;
  if (decision === 'accepted') return void loadAdsense();
  if (decision === 'rejected') return;
  const banner = document.getElementById('consent-banner');
  if (!banner || !banner.hidden) return;
  banner.hidden = false;
  banner.addEventListener('click', (e) => {
    const choice = (e.target as HTMLElement).closest<HTMLElement>('[data-consent]')?.dataset.consent;
    if (!choice) return;
    try {
      localStorage.setItem(CONSENT_KEY, choice);
    } catch {
      /* decision kept for this page only */
    }
    banner.hidden = true;
    if (choice === 'accepted') {
      chooseAds(document, new Date(), activeIds, true);
      void loadAdsense();
    }
  });
}

/** Fills the "Mais Lidas"/"Mais Tops" lists from the rankings answer, with the empty text when a list has nothing. */
export function showRankings(root: ParentNode, r: { most_read: RankedItem[]; most_liked: RankedItem[] }) {
  for (const list of root.querySelectorAll<HTMLElement>('[data-ranking]')) {
    const metric = list.dataset.ranking as RankingMetric;
    const items = metric === 'views' ? r.most_read : r.most_liked;
    const ol = list.querySelector('ol')!;
    const empty = list.querySelector<HTMLElement>('[data-ranking-empty]')!;
    ol.innerHTML = items
      .slice(0, LIMITS.rankingTop)
      .map((it, i) => rankingItemHtml({ ...it, image: it.featured_image }, i + 1, metric))
      .join('');
    empty.hidden = items.length > 0;
  }
}

async function refreshRankings() {
  if (!document.querySelector('[data-ranking]')) return;
  try {
    showRankings(document, await getRankings());
  } catch {
    // Silent failure (spec section 8): the built rankings stay.
  }
}

/** LGPD: consent can be withdrawn as easily as given (footer link). */
function setupConsentReset() {
  document.querySelector('[data-consent-reset]')?.addEventListener('click', () => {
    try {
      localStorage.removeItem(CONSENT_KEY);
    } catch {
      /* nothing stored */
    }
    location.reload();
  });
}

export function startLive() {
  setupSession();
  setupConsentReset();
  setupMediaDialogs();
  refreshRelativeTimes();
  setInterval(refreshRelativeTimes, 60_000);
  filterEvents();
  void refreshRankings();
  // Related news published since this page was built (one small cached file per list).
  void refreshRelated().then((changed) => changed && refreshRelativeTimes());
  // Settings and ads changed since this page was built (one small cached file,
  // not an API call per view); without it the built page and the window check
  // stand. The first paint already shows the built house ad meanwhile.
  void fetchSiteLive().then((live) => setupConsent(live ? applySiteLive(live) : undefined));
}
