import { describe, expect, it } from 'vitest';
import { CHANNELS, CHANNEL_LABELS, channelOf, isChannel, referrerToSend } from './channels.ts';
import { sharedUrl, type ShareTarget } from './share.ts';

describe('channelOf (issue #29)', () => {
  it('the utm_source the product writes on its own links wins over the referrer', () => {
    const utmOf = (t: ShareTarget) => new URL(sharedUrl('https://p.br/news/a/', t)).searchParams.get('utm_source');
    expect(channelOf({ utmSource: utmOf('whatsapp'), referrer: 'https://www.google.com/' })).toBe('whatsapp');
    expect(channelOf({ utmSource: utmOf('link') })).toBe('shared');
    expect(channelOf({ utmSource: utmOf('compartilhar') })).toBe('shared');
    expect(channelOf({ utmSource: 'push' })).toBe('push');
    expect(channelOf({ utmSource: ' Newsletter ' })).toBe('newsletter');
    expect(channelOf({ utmSource: 'facebook' })).toBe('social');
    expect(channelOf({ utmSource: 'jornal-parceiro' })).toBe('other');
  });

  it('Google search, Discover (the Google app on Android) and look-alikes', () => {
    expect(channelOf({ referrer: 'https://www.google.com/' })).toBe('google');
    expect(channelOf({ referrer: 'https://www.google.com.br/' })).toBe('google');
    expect(channelOf({ referrer: 'https://news.google.com/' })).toBe('google');
    expect(channelOf({ referrer: 'android-app://com.google.android.googlequicksearchbox/https/www.google.com' })).toBe('discover');
    expect(channelOf({ referrer: 'https://discover.google.com/' })).toBe('discover');
    expect(channelOf({ referrer: 'https://google.com.evil.example/' })).toBe('other');
    expect(channelOf({ referrer: 'https://notgoogle.com/' })).toBe('other');
    expect(channelOf({ referrer: 'https://lh3.googleusercontent.com/x' })).toBe('other');
  });

  it('WhatsApp, social networks, the portal itself, other sites and no referrer', () => {
    expect(channelOf({ referrer: 'https://web.whatsapp.com/' })).toBe('whatsapp');
    expect(channelOf({ referrer: 'android-app://com.whatsapp/' })).toBe('whatsapp');
    expect(channelOf({ referrer: 'https://l.facebook.com/l.php?u=x' })).toBe('social');
    expect(channelOf({ referrer: 'https://t.co/abc' })).toBe('social');
    expect(channelOf({ referrer: 'https://www.instagram.com/' })).toBe('social');
    expect(channelOf({ referrer: '/category/policia/' })).toBe('internal');
    expect(channelOf({ referrer: '//evil.example/' })).toBe('other');
    expect(channelOf({ referrer: 'https://g1.globo.com/pa/' })).toBe('other');
    expect(channelOf({})).toBe('direct');
    expect(channelOf({ referrer: '', utmSource: '' })).toBe('direct');
  });

  it('hostile input becomes one of the few keys: never the text sent', () => {
    for (const input of [
      { referrer: 'javascript:alert(1)' },
      { referrer: 'não é um endereço' },
      { referrer: 'x'.repeat(100_000) },
      { referrer: { toString: () => 'https://www.google.com/' } },
      { utmSource: ['whatsapp'] },
      { utmSource: '<script>' },
      { utmSource: 'w'.repeat(10_000) },
    ]) {
      const c = channelOf(input);
      expect(isChannel(c)).toBe(true);
      expect(['other', 'direct']).toContain(c);
    }
  });

  it('the page sends the portal\'s own referrer as a path, another site as its origin only', () => {
    const own = 'https://portal.br';
    expect(referrerToSend('https://portal.br/category/policia/?x=1#a', own)).toBe('/category/policia/');
    expect(referrerToSend('https://www.google.com/search?q=segredo', own)).toBe('https://www.google.com/');
    expect(referrerToSend('android-app://com.google.android.googlequicksearchbox/https/www.google.com', own)).toBe('android-app://com.google.android.googlequicksearchbox/https/www.google.com');
    expect(referrerToSend('', own)).toBe('');
    expect(referrerToSend('lixo', own)).toBe('');
    expect(channelOf({ referrer: referrerToSend('https://portal.br/', own) })).toBe('internal');
    expect(channelOf({ referrer: referrerToSend('https://www.google.com.br/search?q=x', own) })).toBe('google');
  });

  it('every channel has a pt-BR label', () => {
    expect(Object.keys(CHANNEL_LABELS).sort()).toEqual([...CHANNELS].sort());
  });
});
