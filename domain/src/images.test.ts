import { describe, expect, it } from 'vitest';
import { assetUrl, isDirectusAsset, responsiveImage } from './images.ts';

const ID = '0b7c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3';

describe('images', () => {
  it('recognises only same-origin Directus asset URLs', () => {
    expect(isDirectusAsset(`/api/assets/${ID}`)).toBe(true);
    expect(isDirectusAsset(`/api/assets/${ID}?width=10`)).toBe(true);
    expect(isDirectusAsset('https://example.com/a.jpg')).toBe(false);
  });

  it('asks for a named preset rendition, replacing any query', () => {
    expect(assetUrl(`/api/assets/${ID}?download`, 400, 225)).toBe(`/api/assets/${ID}?key=w400h225`);
  });

  it('refuses a size no preset makes (Directus would refuse it in production)', () => {
    expect(() => assetUrl(`/api/assets/${ID}`, 401, 226)).toThrow(/Sem preset/);
  });

  it('every size the site asks for has a preset', () => {
    for (const widths of [[400, 800], [800, 1200, 1600], [800, 1200], [200, 400], [1200]])
      expect(() => responsiveImage(`/api/assets/${ID}`, widths)).not.toThrow();
    expect(() => assetUrl(`/api/assets/${ID}`, 128, 128)).not.toThrow();
    expect(() => assetUrl(`/api/assets/${ID}`, 128, 72)).not.toThrow();
  });

  it('leaves external URLs as they are', () => {
    expect(assetUrl('https://example.com/a.jpg', 400, 225)).toBe('https://example.com/a.jpg');
    expect(responsiveImage('https://example.com/a.jpg', [400, 800])).toEqual({ src: 'https://example.com/a.jpg', width: 400, height: 225 });
  });

  it('lists every width in the srcset with 16:9 heights', () => {
    const img = responsiveImage(`/api/assets/${ID}`, [400, 800]);
    expect(img.width).toBe(400);
    expect(img.height).toBe(225);
    expect(img.srcset).toContain('key=w800h450 800w');
    expect(img.srcset?.split(', ')).toHaveLength(2);
  });
});
