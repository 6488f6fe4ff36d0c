import { describe, expect, it } from 'vitest';
import { everyRow } from './paged-read.ts';

type Row = { id: string; v: number };

describe('reading the archive in pages', () => {
  it('reads every row, a page at a time', async () => {
    const table: Row[] = Array.from({ length: 7 }, (_, i) => ({ id: `s${i}`, v: i }));
    const pages: number[] = [];
    const rows = await everyRow<Row>({
      page: async (offset, limit) => (pages.push(offset), table.slice(offset, offset + limit)),
      ids: async () => table.map((r) => r.id),
      byIds: async () => Promise.reject(new Error('nothing is missing')),
      pageSize: 3,
    });
    expect(rows).toEqual(table);
    expect(pages).toEqual([0, 3, 6]);
  });

  it('stories withdrawn while reading shift the pages: the one skipped is fetched, those gone are dropped, one published is added', async () => {
    let table: Row[] = Array.from({ length: 6 }, (_, i) => ({ id: `s${i}`, v: i }));
    const fetched: string[][] = [];
    const rows = await everyRow<Row>({
      page: async (offset, limit) => {
        const part = table.slice(offset, offset + limit);
        // After the first page: s1 and s2 are withdrawn and s9 published at the front, so s3 moves into the first page (skipped).
        if (offset === 0) table = [{ id: 's9', v: 9 }, ...table.filter((r) => r.id !== 's1' && r.id !== 's2')];
        return part;
      },
      ids: async () => table.map((r) => r.id),
      byIds: async (ids) => (fetched.push(ids), table.filter((r) => ids.includes(r.id))),
      pageSize: 3,
    });
    expect(fetched).toEqual([['s9', 's3']]);
    expect(rows.map((r) => r.id).sort()).toEqual(['s0', 's3', 's4', 's5', 's9']);
  });

  it('a story published while reading at the front repeats one row: kept once', async () => {
    let table: Row[] = Array.from({ length: 4 }, (_, i) => ({ id: `s${i}`, v: i }));
    const rows = await everyRow<Row>({
      page: async (offset, limit) => {
        const part = table.slice(offset, offset + limit);
        if (offset === 0) table = [{ id: 's9', v: 9 }, ...table];
        return part;
      },
      ids: async () => table.map((r) => r.id),
      byIds: async (ids) => table.filter((r) => ids.includes(r.id)),
      pageSize: 2,
    });
    expect(rows.map((r) => r.id).sort()).toEqual(['s0', 's1', 's2', 's3', 's9']);
  });
});
