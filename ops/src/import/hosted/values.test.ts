import { describe, expect, it } from 'vitest';
import { bodyImages, bucketPath, dayIn, fileRef, toBool, toInstant } from './values.ts';

describe('timestamps', () => {
  it('reads Postgres and ISO stamps as UTC instants', () => {
    expect(toInstant('2024-03-05 14:22:01.123456+00')).toBe('2024-03-05T14:22:01.123Z');
    expect(toInstant('2024-03-05 11:22:01-03')).toBe('2024-03-05T14:22:01.000Z');
    expect(toInstant('2024-03-05T14:22:01+05:30')).toBe('2024-03-05T08:52:01.000Z');
    expect(toInstant('2024-03-05T14:22:01Z')).toBe('2024-03-05T14:22:01.000Z');
    expect(toInstant('2024-03-05 14:22')).toBe('2024-03-05T14:22:00.000Z');
  });
  it('a bare date is midnight in the newsroom', () => {
    expect(toInstant('2024-03-05')).toBe('2024-03-05T03:00:00.000Z');
  });
  it('NULL and blank are null; nonsense is undefined', () => {
    expect(toInstant(null)).toBeNull();
    expect(toInstant('')).toBeNull();
    expect(toInstant('ontem')).toBeUndefined();
    expect(toInstant('2024-13-45 10:00:00')).toBeUndefined();
  });
});

describe('booleans', () => {
  it('reads t/f and true/false', () => {
    expect([toBool('t'), toBool('f'), toBool('true'), toBool('FALSE'), toBool(null), toBool('talvez')]).toEqual([true, false, true, false, null, undefined]);
  });
});

describe('bucket files', () => {
  it('places a bucket URL in its folder, percent-decoded, without query', () => {
    expect(bucketPath('https://x.supabase.co/storage/v1/object/public/news-images/2024/foto%201.jpg?t=1')).toBe('news-images/2024/foto 1.jpg');
    expect(bucketPath('https://x.supabase.co/storage/v1/object/public/avatars/a.png')).toBe('avatars/a.png');
    expect(bucketPath('https://example.org/img.png')).toBeNull();
  });
  it('an address outside the buckets is a file the export does not hold', () => {
    expect(fileRef('https://example.org/a.png')).toEqual({ url: 'https://example.org/a.png', path: null });
    expect(fileRef('  ')).toBeNull();
  });
  it('lists the bucket images of a body once each, leaving external ones out', () => {
    const a = 'https://x.supabase.co/storage/v1/object/public/news-images/a%C3%A7a%C3%AD.jpg?width=800&amp;q=1';
    const html = `<p>x</p><img alt="1" src="${a}"><IMG SRC='${a}'><img src=https://example.org/b.png>`;
    expect(bodyImages(html)).toEqual([{ url: a, path: 'news-images/açaí.jpg' }]);
  });
});

describe('days', () => {
  it('is the calendar day in the newsroom zone', () => {
    const day = dayIn('America/Belem');
    expect(day('2024-03-06T02:00:00Z')).toBe('2024-03-05');
    expect(day('2024-03-06T03:00:00Z')).toBe('2024-03-06');
    expect(dayIn('UTC')('2024-03-06T02:00:00Z')).toBe('2024-03-06');
  });
});
