import { describe, expect, it } from 'vitest';
import { asUtc } from './timestamps.ts';

describe('asUtc', () => {
  it('reads a zone-less Directus stamp as UTC', () => {
    expect(new Date(asUtc('2026-11-22T02:47:21')).toISOString()).toBe('2026-11-22T02:47:21.000Z');
    expect(asUtc('2026-11-22T02:47')).toBe('2026-11-22T02:47Z');
  });

  it('reads a raw database stamp (date and time joined by a space) as UTC', () => {
    expect(new Date(asUtc('2026-11-22 02:47:21')).toISOString()).toBe('2026-11-22T02:47:21.000Z');
    expect(asUtc('2026-11-22 02:47:21.5')).toBe('2026-11-22T02:47:21.5Z');
  });

  it('keeps stamps that carry a zone, and empty values', () => {
    expect(asUtc('2026-11-22T02:47:21.343Z')).toBe('2026-11-22T02:47:21.343Z');
    expect(asUtc('2026-11-22T02:47:21-03:00')).toBe('2026-11-22T02:47:21-03:00');
    expect(asUtc(null)).toBeNull();
    expect(asUtc('')).toBeNull();
  });
});
