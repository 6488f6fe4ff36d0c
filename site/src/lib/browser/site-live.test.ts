import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@portal/domain/settings';
import type { Ad } from '@portal/domain/schema';
import { liveAd, siteLive, type SiteLive } from '../site-live.ts';
import { applySiteLive } from './site-live.ts';
import { chooseAds, openPopupAd } from './live.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

const ad = (over: Partial<Ad>): Ad =>
  ({
    id: 'a1',
    title: 'Loja',
    ad_type: 'sidebar',
    position: 'top',
    content: '<p>Oferta</p>',
    link_url: null,
    is_active: true,
    start_date: null,
    end_date: null,
    google_ad_client: null,
    google_ad_slot: null,
    google_ad_format: 'auto',
    google_ad_responsive: true,
    ...over,
  }) as Ad;

/** A page as a build months ago left it: old urgent message, one ad, no social links. */
function oldPage(built: SiteLive) {
  const a = built.ads.top[0];
  document.body.innerHTML = `
    <p data-setting="urgent_message">${built.settings.urgent_message}</p>
    <a data-setting="contact_phone" data-setting-href="tel" href="tel:9130000000">${built.settings.contact_phone}</a>
    <ul data-social-links hidden><li hidden><a data-setting-link="instagram_url" href="#">Instagram</a></li></ul>
    <aside data-portal-ad-slot="top">${a ? `<div data-ad-id="${a.id}" data-ad-v="${a.v}" data-start="" data-end="">${a.html}</div>` : ''}</aside>
    <aside data-portal-ad-slot="bottom" hidden></aside>`;
}

describe('/live.json brings an old page up to date', () => {
  it('the urgent message, contact and a social link set after the page was built', () => {
    oldPage(siteLive(DEFAULT_SETTINGS, () => []));
    const now = siteLive({ ...DEFAULT_SETTINGS, urgent_message: 'Ponte interditada na BR-316', contact_phone: '(91) 4000-1234', instagram_url: 'https://instagram.com/portalpara' }, () => []);
    applySiteLive(now);
    expect(document.querySelector('[data-setting="urgent_message"]')!.textContent).toBe('Ponte interditada na BR-316');
    expect(document.querySelector('[data-setting="contact_phone"]')!.getAttribute('href')).toBe('tel:9140001234');
    const insta = document.querySelector<HTMLAnchorElement>('[data-setting-link]')!;
    expect([insta.href, insta.closest('li')!.hidden, document.querySelector<HTMLElement>('[data-social-links]')!.hidden]).toEqual(['https://instagram.com/portalpara', false, false]);
  });

  it('radio and TV settings changed since the build: the cards now, the dialogs when first opened', () => {
    oldPage(siteLive(DEFAULT_SETTINGS, () => []));
    document.body.insertAdjacentHTML(
      'beforeend',
      `<p data-setting="radio_program_name">${DEFAULT_SETTINGS.radio_program_name}</p><div data-media-root data-program="${DEFAULT_SETTINGS.radio_program_name}"></div>`,
    );
    const programs = JSON.stringify([{ time: '06:00', title: 'Bom Dia Pará', youtube_url: '' }]);
    applySiteLive(siteLive({ ...DEFAULT_SETTINGS, radio_program_name: 'Tarde Cabocla', tv_live_title: 'Círio ao vivo', tv_programs: programs }, () => []));
    expect(document.querySelector('[data-setting="radio_program_name"]')!.textContent).toBe('Tarde Cabocla');
    const media = document.querySelector<HTMLElement>('[data-media-root]')!.dataset;
    expect([media.program, media.tvTitle, media.tvPrograms]).toEqual(['Tarde Cabocla', 'Círio ao vivo', programs]);
  });

  it('the TV card says "AO VIVO" only while a live address is set, and the empty state otherwise', () => {
    oldPage(siteLive(DEFAULT_SETTINGS, () => []));
    document.body.insertAdjacentHTML(
      'beforeend',
      `<p data-tv-live-state="on" hidden>AO VIVO</p><p data-tv-live-state="off">Sem transmissão ao vivo no momento</p><div data-media-root data-tv-live=""></div>`,
    );
    const shown = () => [...document.querySelectorAll<HTMLElement>('[data-tv-live-state]')].filter((el) => !el.hidden).map((el) => el.textContent);
    expect(shown()).toEqual(['Sem transmissão ao vivo no momento']);
    applySiteLive(siteLive({ ...DEFAULT_SETTINGS, tv_live_url: 'https://www.youtube.com/watch?v=live' }, () => []));
    expect(shown()).toEqual(['AO VIVO']);
    expect(document.querySelector<HTMLElement>('[data-media-root]')!.dataset.tvLive).toBe('https://www.youtube.com/watch?v=live');
    applySiteLive(siteLive(DEFAULT_SETTINGS, () => []));
    expect(shown()).toEqual(['Sem transmissão ao vivo no momento']);
  });

  it('/live.json leaves out the institutional texts (only their own pages print them)', () => {
    const live = siteLive(DEFAULT_SETTINGS, () => []);
    expect(Object.keys(live.settings)).not.toContain('page_about');
    expect(Object.keys(live.settings)).toContain('tv_live_url');
  });

  it('an ad created, edited or removed since the build: the slots take the live candidates', () => {
    const before = siteLive(DEFAULT_SETTINGS, (p) => (p === 'top' ? [ad({})] : []));
    oldPage(before);
    const edited = ad({ content: '<p>Nova oferta</p>' });
    const added = ad({ id: 'b2', position: 'bottom', content: '<p>Feira</p>' });
    const live = siteLive(DEFAULT_SETTINGS, (p) => (p === 'top' ? [edited] : [added]));
    const active = applySiteLive(live);
    chooseAds(document, new Date(), active);
    const shown = [...document.querySelectorAll<HTMLElement>('[data-ad-id]')].filter((e) => !e.hidden && !e.closest('[hidden]'));
    expect(shown.map((e) => e.textContent)).toEqual(['Nova oferta', 'Feira']);
    // Removed everywhere: the slot hides.
    chooseAds(document, new Date(), applySiteLive(siteLive(DEFAULT_SETTINGS, () => [])));
    expect([...document.querySelectorAll<HTMLElement>('[data-portal-ad-slot]')].every((s) => s.hidden)).toBe(true);
  });

  it('an unchanged ad is left in place (no flicker, AdSense slots untouched)', () => {
    const live = siteLive(DEFAULT_SETTINGS, (p) => (p === 'top' ? [ad({})] : []));
    oldPage(live);
    const el = document.querySelector('[data-ad-id]');
    applySiteLive(live);
    expect(document.querySelector('[data-ad-id]')).toBe(el);
  });

  it('ad markup is sanitised at build time and its stamp changes with it', () => {
    const a = liveAd(ad({ content: '<img src=x onerror="alert(1)"><script>alert(2)</script><p>ok</p>', link_url: 'https://loja.com.br/"x' }));
    expect(a.html).not.toMatch(/onerror|<script/);
    expect(a.html).toContain('href="https://loja.com.br/&quot;x"');
    expect(liveAd(ad({ content: '<p>outra</p>' })).v).not.toBe(liveAd(ad({})).v);
  });

  it('every place the form offers is in /live.json: a banner made with the defaults reaches the banner slot of an old page', () => {
    const live = siteLive(DEFAULT_SETTINGS, (p) => (p === 'banner-top' ? [ad({ id: 'bn', ad_type: 'banner', content: '<p>Ofertas da semana</p>' })] : []));
    expect(Object.keys(live.ads).sort()).toEqual(['banner-bottom', 'banner-top', 'bottom', 'inline', 'popup', 'top']);
    document.body.innerHTML = `<aside data-portal-ad-slot="banner-top" hidden><div data-ad-candidates><p>Publicidade</p></div></aside>`;
    chooseAds(document, new Date(), applySiteLive(live));
    const slot = document.querySelector<HTMLElement>('[data-portal-ad-slot="banner-top"]')!;
    expect(slot.hidden).toBe(false);
    expect(slot.querySelector('[data-ad-candidates] [data-ad-id="bn"]')!.textContent).toBe('Ofertas da semana');
  });
});

describe('the popup ad', () => {
  const popupPage = (live: SiteLive) => {
    document.body.innerHTML = `<dialog data-portal-ad-slot="popup" aria-label="Publicidade" hidden><button type="button" data-ad-close>Fechar</button><div data-ad-candidates></div></dialog>`;
    chooseAds(document, new Date(), applySiteLive(live));
    return document.querySelector('dialog')!;
  };
  afterEach(() => sessionStorage.clear());

  it('opens once per visit, closes with "Fechar"', () => {
    const live = siteLive(DEFAULT_SETTINGS, (p) => (p === 'popup' ? [ad({ id: 'pp', ad_type: 'popup', position: 'center', content: '<p>Promoção</p>' })] : []));
    let dialog = popupPage(live);
    openPopupAd();
    expect(dialog.open).toBe(true);
    expect(dialog.textContent).toContain('Promoção');
    dialog.querySelector<HTMLButtonElement>('[data-ad-close]')!.click();
    expect(dialog.open).toBe(false);
    // The next page of the same visit: not again.
    dialog = popupPage(live);
    openPopupAd();
    expect(dialog.open).toBe(false);
  });

  it('no current popup ad: nothing opens', () => {
    const dialog = popupPage(siteLive(DEFAULT_SETTINGS, () => []));
    openPopupAd();
    expect([dialog.open, dialog.hidden]).toEqual([false, true]);
  });
});

