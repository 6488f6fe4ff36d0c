import { describe, expect, it } from 'vitest';
import { fromLocal, localTime, nextAt, stamp } from './clock.ts';

describe('the newsroom clock (Belém)', () => {
  it('names an archive by the local wall clock', () => {
    expect(stamp(new Date('2026-11-26T02:05:09Z'))).toBe('20261125-230509');
  });
  it('round-trips a local time', () => {
    const t = { year: 2026, month: 3, day: 8, hour: 3, minute: 0, second: 0 };
    expect(localTime(fromLocal(t))).toEqual(t);
    // A zone with daylight saving time too.
    expect(localTime(fromLocal(t, 'America/Sao_Paulo'), 'America/Sao_Paulo')).toEqual(t);
  });
  it('the next backup hour: today when it is still ahead, else tomorrow', () => {
    expect(nextAt(new Date('2026-11-26T05:59:00Z'), 3).toISOString()).toBe('2026-11-26T06:00:00.000Z');
    expect(nextAt(new Date('2026-11-26T06:00:00Z'), 3).toISOString()).toBe('2026-11-27T06:00:00.000Z');
    expect(nextAt(new Date('2026-11-26T23:30:00Z'), 22).toISOString()).toBe('2026-11-27T01:00:00.000Z');
    expect(nextAt(new Date('2026-11-27T01:30:00Z'), 22).toISOString()).toBe('2026-11-28T01:00:00.000Z');
  });
});
