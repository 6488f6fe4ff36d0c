import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks; empty for null', () => {
    expect(toCsv(['a', 'b', 'c'], [['x,y', 'diz "oi"', 'linha\nnova'], [null, 3, undefined]])).toBe('a,b,c\r\n"x,y","diz ""oi""","linha\nnova"\r\n,3,\r\n');
  });
  it('never lets a cell become a spreadsheet formula', () => {
    for (const f of ['=HYPERLINK("http://x")', '+1', '-2+3', '@SUM(A1)']) expect(toCsv(['e'], [[f]]).split('\r\n')[1]!.replace(/^"/, '')).toMatch(/^'/);
    expect(toCsv(['n'], [[-2]])).toBe('n\r\n-2\r\n');
  });
});
