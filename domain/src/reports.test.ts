import { describe, expect, it } from 'vitest';
import { channelRows, fillDays, reportDays } from './reports.ts';

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

describe('channelRows (issue #29)', () => {
  it('every channel once, most visits first, with its share; old views without a channel last', () => {
    const rows = channelRows([
      { channel: 'google', views: '2' },
      { channel: 'whatsapp', views: 5 },
      { channel: null, views: 1 },
      { channel: 'whatsapp', views: 2 },
      { channel: 'lixo', views: 0 },
    ]);
    expect(rows.map((r) => r.key)).toEqual(['whatsapp', 'google', 'discover', 'social', 'push', 'newsletter', 'shared', 'internal', 'other', 'direct', '']);
    expect(rows[0]).toEqual({ key: 'whatsapp', label: 'WhatsApp', views: 7, share: 70 });
    expect(rows[1]).toMatchObject({ label: 'Busca do Google', views: 2, share: 20 });
    expect(rows.at(-1)).toEqual({ key: '', label: 'Sem informação', views: 1, share: 10 });
  });

  it('no views: every channel at zero and no "Sem informação" row', () => {
    const rows = channelRows([]);
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.views === 0 && r.share === 0)).toBe(true);
    expect(rows[0]!.key).toBe('whatsapp');
  });
});
