import { describe, expect, it } from 'vitest';
import { applyPublishRule, isPubliclyVisible, statusOptionsFor } from './news-status.ts';

const now = new Date('2026-11-22T12:00:00.000Z');

describe('publish rule (spec §4)', () => {
  it('published without schedule → now', () => {
    expect(applyPublishRule({ status: 'published', scheduled_at: null, previous: null, now })).toEqual({ published_at: now.toISOString() });
  });
  it('published with schedule → the scheduled date', () => {
    expect(applyPublishRule({ status: 'published', scheduled_at: '2026-12-01T10:00:00.000Z', previous: null, now })).toEqual({
      published_at: '2026-12-01T10:00:00.000Z',
    });
  });
  it('any other status clears published_at', () => {
    for (const status of ['draft', 'pending', 'archived'] as const) {
      expect(applyPublishRule({ status, scheduled_at: '2026-12-01T10:00:00.000Z', previous: { status: 'published', published_at: now }, now })).toEqual({
        published_at: null,
      });
    }
  });
  it('an already published news keeps its date when re-saved without schedule', () => {
    const previous = { status: 'published' as const, published_at: '2026-11-01T08:00:00.000Z' };
    expect(applyPublishRule({ status: 'published', scheduled_at: null, previous, now })).toEqual({ published_at: '2026-11-01T08:00:00.000Z' });
  });
});

describe('visibility', () => {
  it('only published news whose time has come are public', () => {
    expect(isPubliclyVisible({ status: 'published', published_at: '2026-11-22T11:00:00Z' }, now)).toBe(true);
    expect(isPubliclyVisible({ status: 'published', published_at: '2026-11-22T13:00:00Z' }, now)).toBe(false);
    expect(isPubliclyVisible({ status: 'pending', published_at: '2026-11-22T11:00:00Z' }, now)).toBe(false);
    expect(isPubliclyVisible({ status: 'published', published_at: null }, now)).toBe(false);
  });
  it('"Publicado" is offered only to editor-level users', () => {
    expect(statusOptionsFor('producer')).toEqual(['draft', 'pending']);
    expect(statusOptionsFor('editor')).toContain('published');
    expect(statusOptionsFor('super_admin')).toContain('published');
  });
});
