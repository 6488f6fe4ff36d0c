import { describe, expect, it } from 'vitest';
import { fillDays, reportDays } from './reports.ts';

describe('reportDays', () => {
  it('counts Belém days back from today, oldest first', () => {
    // 02:00 UTC on the 23rd is still the 22nd in Belém.
    expect(reportDays(2, new Date('2026-11-23T02:00:00Z'))).toEqual(['2026-11-21', '2026-11-22']);
    expect(reportDays(30, new Date('2026-11-23T12:00:00Z'))).toHaveLength(30);
    expect(reportDays(30, new Date('2026-11-23T12:00:00Z'))[0]).toBe('2026-10-25');
  });
});

describe('fillDays', () => {
  it('one row per day with zeros where nothing happened; numbers from strings (PostgreSQL sums)', () => {
    expect(fillDays(['2026-11-21', '2026-11-22'], [{ day: '2026-11-22', views: '7' as unknown as number, likes: 2 }], [{ day: '2026-11-21', n: 3 }])).toEqual([
      { day: '2026-11-21', views: 0, likes: 0, published: 3 },
      { day: '2026-11-22', views: 7, likes: 2, published: 0 },
    ]);
  });
});
