import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESENCE_PURGE_MS, PRESENCE_TTL_MS } from '@portal/domain/presence';
import { beat, editorsOf, leave, purge } from './presence.ts';

// The table as Directus creates it on SQLite (timestamps as epoch milliseconds).
let db: Knex;
const now = new Date('2026-11-22T12:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);

beforeAll(async () => {
  db = knexFactory({ client: 'sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  await db.schema.createTable('news_presence', (t) => {
    t.string('id').primary();
    t.string('news_id');
    t.string('user_id');
    t.bigInteger('seen_at');
  });
  await db.schema.createTable('profiles', (t) => {
    t.string('user_id');
    t.string('full_name');
  });
  await db('profiles').insert([
    { user_id: 'ana', full_name: 'Ana Souza' },
    { user_id: 'rui', full_name: 'Rui Costa' },
  ]);
});
afterAll(() => db.destroy());

describe('news_presence', () => {
  it('a beat is an upsert: one row per story and person', async () => {
    await beat(db, 'n1', 'ana', now);
    await beat(db, 'n1', 'ana', at(15_000));
    expect(await db('news_presence').where('news_id', 'n1').count({ n: '*' }).first()).toEqual({ n: 1 });
  });

  it('lists the others with their names, never the one asking', async () => {
    await beat(db, 'n2', 'ana', now);
    await beat(db, 'n2', 'rui', now);
    await beat(db, 'n2', 'sem-perfil', now);
    expect(await editorsOf(db, 'n2', 'rui', now)).toEqual([
      { user_id: 'ana', name: 'Ana Souza' },
      { user_id: 'sem-perfil', name: null },
    ]);
    expect(await editorsOf(db, 'ninguem', 'rui', now)).toEqual([]);
  });

  it('a person whose beats stopped is gone after the TTL', async () => {
    await beat(db, 'n3', 'ana', now);
    expect(await editorsOf(db, 'n3', 'rui', at(PRESENCE_TTL_MS))).toHaveLength(1);
    expect(await editorsOf(db, 'n3', 'rui', at(PRESENCE_TTL_MS + 1))).toHaveLength(0);
  });

  it('leaving removes the row; the purge deletes old rows only', async () => {
    await beat(db, 'n4', 'ana', now);
    await leave(db, 'n4', 'ana');
    expect(await editorsOf(db, 'n4', 'rui', now)).toEqual([]);
    await beat(db, 'n5', 'ana', now);
    await beat(db, 'n5', 'rui', at(PRESENCE_PURGE_MS));
    await purge(db, at(PRESENCE_PURGE_MS + 1));
    expect((await db('news_presence').where('news_id', 'n5').select('user_id')).map((r) => r.user_id)).toEqual(['rui']);
  });
});
