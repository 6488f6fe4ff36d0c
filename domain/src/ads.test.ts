import { describe, expect, it } from 'vitest';
import { AD_PLACE_HELP, AD_PLACE_LABELS, AD_PLACES, AD_STATUS_LABELS, AD_TYPES, adDateToIso, adPlace, adPositionsFor, adPreview, adStatus, canRenderAdsense, isAdVisible } from './ads.ts';
import { validateAd } from './validation.ts';

const now = new Date('2026-11-22T12:00:00Z');

describe('ad window (spec §4)', () => {
  it('inactive ads are never shown', () => expect(isAdVisible({ is_active: false, start_date: null, end_date: null }, now)).toBe(false));
  it('open window on both ends shows the ad', () => expect(isAdVisible({ is_active: true, start_date: null, end_date: null }, now)).toBe(true));
  it('not started yet', () => expect(isAdVisible({ is_active: true, start_date: '2026-11-23T00:00:00Z', end_date: null }, now)).toBe(false));
  it('already ended', () => expect(isAdVisible({ is_active: true, start_date: null, end_date: '2026-11-21T23:59:59Z' }, now)).toBe(false));
  it('inside the window', () =>
    expect(isAdVisible({ is_active: true, start_date: '2026-11-01T00:00:00Z', end_date: '2026-11-30T23:59:59Z' }, now)).toBe(true));
  it('date-only values become Belém day edges or null', () => {
    expect(adDateToIso('2026-11-22', 'start')).toBe('2026-11-22T03:00:00.000Z');
    expect(adDateToIso('2026-11-22', 'end')).toBe('2026-11-23T02:59:59.999Z');
    expect(adDateToIso('', 'start')).toBeNull();
  });
});

describe('ad validation (spec §5)', () => {
  it('title is required; content is required unless AdSense', () => {
    expect(validateAd({ title: '', ad_type: 'banner', content: '' })).toMatchObject({ title: expect.any(String), content: expect.any(String) });
    expect(validateAd({ title: 'A', ad_type: 'google_adsense', google_ad_client: 'ca-pub-1', google_ad_slot: '2' })).toEqual({});
  });
  it('AdSense needs publisher and unit ids', () => {
    expect(Object.keys(validateAd({ title: 'A', ad_type: 'google_adsense' })).sort()).toEqual(['google_ad_client', 'google_ad_slot']);
  });
  it('link_url must be a URL when given', () => {
    expect(validateAd({ title: 'A', content: 'x', ad_type: 'banner', link_url: 'not a url' }).link_url).toBe('URL inválida');
    expect(validateAd({ title: 'A', content: 'x', ad_type: 'banner', link_url: 'https://a.com' })).toEqual({});
  });
  it('AdSense renders only with both ids', () => {
    expect(canRenderAdsense({ google_ad_client: 'ca-pub-1', google_ad_slot: '' })).toBe(false);
    expect(canRenderAdsense({ google_ad_client: 'ca-pub-1', google_ad_slot: '9' })).toBe(true);
  });
  it('previews cut at 50 characters plus "..."', () => {
    expect(adPreview(`<p>${'a'.repeat(60)}</p>`)).toBe(`${'a'.repeat(50)}...`);
    expect(adPreview('<b>curto</b>')).toBe('curto');
  });
});

describe('where each ad appears (issue #34)', () => {
  it('every type offers at least one position, and each offered one reaches a place', () => {
    for (const t of AD_TYPES) {
      expect(adPositionsFor(t).length).toBeGreaterThan(0);
      for (const p of adPositionsFor(t)) expect(AD_PLACES).toContain(adPlace(t, p));
    }
  });
  it("the form's default (banner, top) is the banner under the header", () => expect(adPlace('banner', 'top')).toBe('banner-top'));
  it('sidebar and AdSense fill the sidebar slots; inline goes in stories; popup is a dialog', () => {
    expect([adPlace('sidebar', 'top'), adPlace('google_adsense', 'bottom'), adPlace('inline', 'center'), adPlace('popup', 'center')]).toEqual(['top', 'bottom', 'inline', 'popup']);
  });
  it('combinations with no place are not offered', () => {
    expect(adPlace('banner', 'left')).toBeNull();
    expect(adPlace('popup', 'top')).toBeNull();
    expect(adPlace('nope', 'top')).toBeNull();
    expect(adPositionsFor('banner')).toEqual(['top', 'bottom']);
    expect(adPositionsFor('inline')).toEqual(['center']);
  });
  it('every place has a help text and a distinct slot name', () => {
    for (const p of AD_PLACES) expect(AD_PLACE_HELP[p]).toBeTruthy();
    expect(new Set(Object.values(AD_PLACE_LABELS)).size).toBe(AD_PLACES.length);
  });
});

describe('ads list status from the switch and the window (issue #34)', () => {
  const at = new Date('2026-11-20T12:00:00Z');
  it('switched off is Inativo whatever the window', () =>
    expect(adStatus({ is_active: false, start_date: '2026-12-01T03:00:00Z', end_date: null }, at)).toBe('inactive'));
  it('an end on 16/11 (Belém) is Expirado on the 20th', () =>
    expect(adStatus({ is_active: true, start_date: null, end_date: adDateToIso('2026-11-16', 'end') }, at)).toBe('expired'));
  it('the end day itself is still Ativo until 23:59 Belém', () =>
    expect(adStatus({ is_active: true, start_date: null, end_date: adDateToIso('2026-11-20', 'end') }, new Date('2026-11-21T02:30:00Z'))).toBe('active'));
  it('a start tomorrow is Agendado; from 00:00 Belém it is Ativo', () => {
    const start = adDateToIso('2026-11-21', 'start');
    expect(adStatus({ is_active: true, start_date: start, end_date: null }, at)).toBe('scheduled');
    expect(adStatus({ is_active: true, start_date: start, end_date: null }, new Date('2026-11-21T03:00:00Z'))).toBe('active');
  });
  it('a zone-less stamp (SQLite) is UTC', () =>
    expect(adStatus({ is_active: true, start_date: '2026-11-20T12:30:00', end_date: null }, at)).toBe('scheduled'));
  it('labels in Portuguese', () => expect(Object.values(AD_STATUS_LABELS)).toEqual(['Ativo', 'Inativo', 'Agendado', 'Expirado']));
});
