import { describe, expect, it } from 'vitest';
import { everyRow, type Cursor } from './paged-read.ts';

type Row = { id: string; at: string };

/** A table read as Directus reads it: newest first, then by id, from a cursor. */
function source(get: () => Row[], o: { pageSize: number; onPage?: (n: number) => void }) {
  const order = (a: Row, b: Row) => (a.at === b.at ? (a.id < b.id ? -1 : 1) : a.at < b.at ? 1 : -1);
  const below = (c: Cursor) => (r: Row) => !c || (c.strict ? r.at < c.key : r.at < c.key || (r.at === c.key && !c.skip.includes(r.id)));
  const cursors: Cursor[] = [];
  const fetched: string[][] = [];
  let pages = 0;
  return {
    cursors,
    fetched,
    read: {
      page: async (c: Cursor, limit: number) => {
        cursors.push(c);
        const part = get().filter(below(c)).sort(order).slice(0, limit);
        o.onPage?.(pages++);
        return part;
      },
      at: async (key: string) => get().filter((r) => r.at === key),
      key: (r: Row) => r.at,
      ids: async () => get().map((r) => r.id),
      byIds: async (ids: string[]) => (fetched.push(ids), get().filter((r) => ids.includes(r.id))),
      pageSize: o.pageSize,
    },
  };
}
const day = (n: number) => `2026-01-${String(n).padStart(2, '0')}`;

describe('reading the archive in pages', () => {
  it('reads every row, each page from where the last stopped, rows sharing the edge key carried over', async () => {
    // Two stories at day 5: the first page stops between them.
    const table: Row[] = [9, 8, 7, 5, 5, 4, 3].map((d, i) => ({
      id: `s${i}`,
      at: day(d),
    }));
    const s = source(() => table, { pageSize: 4 });
    const rows = await everyRow<Row>(s.read);
    expect(rows.map((r) => r.id).sort()).toEqual(table.map((r) => r.id).sort());
    expect(s.cursors).toEqual([null, { key: day(5), strict: false, skip: ['s3'] }]);
    expect(s.fetched).toEqual([]);
  });

  it('more rows with one key than a page holds: read in one request of their own, then below it', async () => {
    const table: Row[] = Array.from({ length: 500 }, (_, i) => ({
      id: `t${String(i).padStart(3, '0')}`,
      at: day(2),
    }));
    table.push({ id: 'new', at: day(3) }, { id: 'old', at: day(1) });
    const s = source(() => table, { pageSize: 300 });
    const rows = await everyRow<Row>(s.read);
    expect(rows).toHaveLength(502);
    expect(s.cursors.at(-1)).toEqual({ key: day(2), strict: true, skip: [] });
  });

  it('stories published or withdrawn while reading: the one published behind the pages is fetched, the one gone dropped', async () => {
    let table: Row[] = [9, 8, 7, 6, 5, 4].map((d, i) => ({
      id: `s${i}`,
      at: day(d),
    }));
    const s = source(() => table, {
      pageSize: 3,
      // After the first page: a story is published at the top, one already read is withdrawn.
      onPage: (n) => {
        if (n === 0) table = [{ id: 'fresh', at: day(20) }, ...table.filter((r) => r.id !== 's1')];
      },
    });
    const rows = await everyRow<Row>(s.read);
    expect(s.fetched).toEqual([['fresh']]);
    expect(rows.map((r) => r.id).sort()).toEqual(['fresh', 's0', 's2', 's3', 's4', 's5']);
  });
});
