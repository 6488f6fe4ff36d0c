import { describe, expect, it } from 'vitest';
import { adDateToIso, adPreview, canRenderAdsense, isAdVisible } from './ads.ts';
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
