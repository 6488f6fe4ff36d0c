import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPubliclyVisible } from '@portal/domain/news-access';
import { dbDate } from './db-date.ts';
import { wherePublicNews } from './visibility.ts';

// The SQL form run by SQLite (what Directus stores: epoch milliseconds) on the
// cases of domain/src/news-access.test.ts, against the predicate.
const now = new Date('2026-11-22T12:00:00Z');
const cases = [
  { id: 'a', status: 'published', published_at: '2026-11-22T11:00:00Z' },
  { id: 'b', status: 'published', published_at: '2026-11-22T13:00:00Z' },
  { id: 'c', status: 'published', published_at: null },
  { id: 'd', status: 'pending', published_at: '2026-11-22T11:00:00Z' },
  { id: 'e', status: 'archived', published_at: '2026-11-22T11:00:00Z' },
  { id: 'f', status: 'published', published_at: now.toISOString() },
];

let db: Knex;
beforeAll(async () => {
  db = knexFactory({ client: 'sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  await db.schema.createTable('news', (t) => {
    t.string('id');
    t.string('status');
    t.bigInteger('published_at').nullable();
  });
  await db('news').insert(cases.map((c) => ({ ...c, published_at: c.published_at ? dbDate(db, new Date(c.published_at)) : null })));
});
afterAll(() => db.destroy());

describe('wherePublicNews (SQL) agrees with isPubliclyVisible', () => {
  const expected = cases.filter((c) => isPubliclyVisible(c, now)).map((c) => c.id);
  it('on a plain query', async () => {
    const rows = await wherePublicNews(db('news'), db, now).select('id').orderBy('id');
    expect(rows.map((r) => r.id)).toEqual(expected);
  });
  it('with columns qualified by the table (joins)', async () => {
    const rows = await wherePublicNews(db('news').select('news.id'), db, now, 'news').orderBy('news.id');
    expect(rows.map((r) => r.id)).toEqual(expected);
  });
  it('is not vacuous: some cases are public and some are not', () => expect(expected).toEqual(['a', 'f']));
});
