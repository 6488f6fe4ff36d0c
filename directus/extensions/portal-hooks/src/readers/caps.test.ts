import { describe, expect, it } from 'vitest';
import { readerCaps } from './caps.ts';

const at = new Date('2026-11-23T10:00:05Z');

describe('readerCaps', () => {
  it('without Redis counts in the process, per key and per clock minute', async () => {
    const caps = readerCaps(undefined);
    const taken = [];
    for (let i = 0; i < 4; i++) taken.push(await caps.take('v|h|1', 3, at));
    expect(taken).toEqual([true, true, true, false]);
    expect(await caps.take('v|h|2', 3, at)).toBe(true);
    expect(await caps.take('v|h|1', 3, new Date(at.getTime() + 60_000))).toBe(true);
  });

  it('with Redis unreachable still caps, in the process, and never throws', async () => {
    const caps = readerCaps('redis://127.0.0.1:1');
    try {
      const taken = [];
      for (let i = 0; i < 3; i++) taken.push(await caps.take('l|h|1', 2, at));
      expect(taken).toEqual([true, true, false]);
    } finally {
      caps.close();
    }
  });
});
