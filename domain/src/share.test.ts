import { describe, expect, it } from 'vitest';
import { sharedUrl, whatsappShareUrl } from './share.ts';

describe('share links (issue #29)', () => {
  it('each target tags the address with where it came from, keeping the address itself', () => {
    expect(sharedUrl('https://portal.br/news/chuva-em-belem/', 'whatsapp')).toBe('https://portal.br/news/chuva-em-belem/?utm_source=whatsapp&utm_medium=social');
    expect(sharedUrl('https://portal.br/news/a/', 'link')).toBe('https://portal.br/news/a/?utm_source=link&utm_medium=copy');
    expect(sharedUrl('https://portal.br/news/a/?utm_source=x', 'compartilhar')).toBe('https://portal.br/news/a/?utm_source=compartilhar&utm_medium=social');
  });
  it('WhatsApp opens with the headline and the tagged address, accents and all', () => {
    const href = whatsappShareUrl('Chuva em Belém: "alerta" & 20 mm', 'https://portal.br/news/chuva/');
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(href.slice('https://wa.me/?text='.length))).toBe('Chuva em Belém: "alerta" & 20 mm\nhttps://portal.br/news/chuva/?utm_source=whatsapp&utm_medium=social');
  });
});
