import { describe, expect, it } from 'vitest';
import { articleImages, ASSET_PRESETS, assetUrl, isDirectusAsset, parseRenditions, renditionArea, renditionSize, responsiveImage, savedCropSize, socialImageUrl } from './images.ts';

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

describe('link-preview image (issue #29)', () => {
  const asset = '/api/assets/0b7c1c1e-3a34-4c36-9a1a-6d3f1e6f2b11';
  it('is the JPEG preset at 1200×630, which every messaging app shows; an external image stays as it is', () => {
    expect(socialImageUrl(asset)).toBe(`${asset}?key=og1200h630`);
    expect(socialImageUrl(`${asset}?key=w400h225`)).toBe(`${asset}?key=og1200h630`);
    expect(socialImageUrl('https://example.com/a.jpg')).toBe('https://example.com/a.jpg');
    expect(ASSET_PRESETS.find((p) => p.key === 'og1200h630')).toMatchObject({ format: 'jpeg', width: 1200, height: 630, fit: 'cover' });
  });

  it('page renditions stay WebP; every preset key is unique', () => {
    expect(assetUrl(asset, 1200, 675)).toBe(`${asset}?key=w1200h675`);
    expect(new Set(ASSET_PRESETS.map((p) => p.key)).size).toBe(ASSET_PRESETS.length);
  });
});

describe('savedCropSize (issue #29)', () => {
  const news = { width: 800, height: 450, maxWidth: 1920 };
  it('a news crop keeps its own pixels, exactly 16:9, between the spec\'s 800×450 and 1920 px', () => {
    expect(savedCropSize(1080, news)).toEqual({ width: 1072, height: 603 });
    expect(savedCropSize(1200, news)).toEqual({ width: 1200, height: 675 });
    expect(savedCropSize(1900.4, news)).toEqual({ width: 1888, height: 1062 });
    expect(savedCropSize(300, news)).toEqual({ width: 800, height: 450 });
    expect(savedCropSize(9000, news)).toEqual({ width: 1920, height: 1080 });
    for (const w of [800, 999, 1333, 1919]) {
      const s = savedCropSize(w, news);
      expect(s.width * 9).toBe(s.height * 16);
      expect(s.width).toBeLessThanOrEqual(w);
    }
  });

  it('an avatar is always its fixed size', () => {
    expect(savedCropSize(3000, { width: 200, height: 200 })).toEqual({ width: 200, height: 200 });
    expect(savedCropSize(50, { width: 200, height: 200 })).toEqual({ width: 200, height: 200 });
  });

  it('renditions are never enlarged', () => {
    expect(ASSET_PRESETS.every((p) => p.withoutEnlargement)).toBe(true);
  });
});

describe('renditions beside the 16:9 crop (issue #29)', () => {
  const natural = { width: 4000, height: 3000 };
  const crop = { x: 1000, y: 1000, width: 1920, height: 1080 };

  it('4:3 and 1:1 around the crop’s centre, as tall as the crop, grown to 1200 px wide where the picture allows', () => {
    expect(renditionArea(natural, crop, 4 / 3)).toEqual({ x: 1240, y: 1000, width: 1440, height: 1080 });
    expect(renditionArea(natural, crop, 1)).toEqual({ x: 1360, y: 940, width: 1200, height: 1200 });
  });

  it('never outside the picture: pushed in from an edge, narrowed to what it has', () => {
    expect(renditionArea(natural, { x: 0, y: 0, width: 1600, height: 900 }, 1)).toEqual({ x: 200, y: 0, width: 1200, height: 1200 });
    // A small original: its whole height, never more.
    expect(renditionArea({ width: 1000, height: 700 }, { x: 0, y: 69, width: 1000, height: 562 }, 1)).toEqual({ x: 150, y: 0, width: 700, height: 700 });
  });

  it('saved at their own pixels up to 1920 wide, never enlarged', () => {
    expect(renditionSize({ x: 0, y: 0, width: 700, height: 700 })).toEqual({ width: 700, height: 700 });
    expect(renditionSize({ x: 0, y: 0, width: 3000, height: 3000 })).toEqual({ width: 1920, height: 1920 });
  });

  it('the stored JSON is read only as the crop dialog writes it', () => {
    const a = (n: number) => `/api/assets/0000000${n}-0000-4000-8000-000000000000`;
    const id = '00000001-0000-4000-8000-000000000000';
    expect(parseRenditions(JSON.stringify({ original: id, '4:3': a(2), '1:1': a(3) }))).toEqual({ original: id, '4:3': a(2), '1:1': a(3) });
    // The original by its id only: an address would make it public with the story.
    expect(parseRenditions(JSON.stringify({ original: a(1), '4:3': a(2), '1:1': a(3) }))).toBeNull();
    expect(parseRenditions(JSON.stringify({ '4:3': a(2), '1:1': a(3) }))).toEqual({ original: null, '4:3': a(2), '1:1': a(3) });
    expect(parseRenditions(JSON.stringify({ '4:3': 'javascript:alert(1)', '1:1': a(3) }))).toBeNull();
    expect(parseRenditions('{')).toBeNull();
    expect(parseRenditions(null)).toBeNull();
  });
});

describe('the images an article names for search engines (issue #29)', () => {
  const a = (n: number) => `/api/assets/0000000${n}-0000-4000-8000-000000000000`;
  it('16:9 at 1200, then 4:3 and 1:1 when kept, then the link-preview JPEG', () => {
    expect(articleImages(a(1), { original: null, '4:3': a(2), '1:1': a(3) })).toEqual([`${a(1)}?key=w1200h675`, `${a(2)}?key=w1200h900`, `${a(3)}?key=w1200h1200`, `${a(1)}?key=og1200h630`]);
    expect(articleImages(a(1), null)).toEqual([`${a(1)}?key=w1200h675`, `${a(1)}?key=og1200h630`]);
    expect(articleImages('https://outro.example/foto.jpg', null)).toEqual(['https://outro.example/foto.jpg']);
  });
});
