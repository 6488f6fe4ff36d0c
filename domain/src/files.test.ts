import { describe, expect, it } from 'vitest';
import { fileRefs, sniffImage } from './files.ts';

describe('sniffImage: the type is what the bytes are', () => {
  it.each([
    [[0xff, 0xd8, 0xff, 0xdb], 'image/jpeg'],
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'image/png'],
    [[...Buffer.from('RIFF'), 1, 2, 3, 4, ...Buffer.from('WEBP')], 'image/webp'],
    [[0, 0, 0, 0x1c, ...Buffer.from('ftypavif')], 'image/avif'],
  ])('%j → %s', (bytes, type) => expect(sniffImage(Uint8Array.from(bytes))).toBe(type));

  it('text named .jpg, HTML, SVG and GIF are not accepted images', () => {
    for (const s of ['isto não é uma foto', '<!doctype html><form>', '<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>', 'GIF89a']) {
      expect(sniffImage(Buffer.from(s))).toBeNull();
    }
  });
});

describe('fileRefs', () => {
  it('finds every asset id in URLs and HTML, once', () => {
    const id = '0b7c1d2e-0000-4000-8000-000000000001';
    const other = '0b7c1d2e-0000-4000-8000-000000000002';
    expect(fileRefs(`/api/assets/${id}`, `<p><img src="/api/assets/${other}?key=card-400"><img src="/api/assets/${id}"></p>`, null)).toEqual([id, other]);
    expect(fileRefs('https://example.com/x.jpg')).toEqual([]);
  });
});
