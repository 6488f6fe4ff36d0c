import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { applyAll, checkDrift } from '../../directus/scripts/apply.ts';
import { admin } from './support.ts';

const env = () => ({ ADMIN_TOKEN: inject('adminToken') });
const counts = async () =>
  Object.fromEntries(
    await Promise.all(
      ['news', 'categories', 'municipalities', 'settings', 'profiles'].map(async (c) => [
        c,
        Number((await admin().get(`/items/${c}?aggregate[count]=*`)).data[0].count),
      ]),
    ),
  );

describe('schema and access as code', () => {
  it('the live instance matches directus/schema and directus/access', async () => {
    expect(await checkDrift(inject('directusUrl'), env())).toEqual([]);
  });

  it('applying again (a second start) changes nothing and keeps every row', async () => {
    const before = await counts();
    const original = (await admin().get('/items/settings/urgent_message')).data.value;
    const edited = await admin().patch('/items/settings/urgent_message', { value: 'Mensagem editada pela redação' });
    expect(edited.status).toBe(200);
    try {
      // Action: what every start runs.
      const logs: string[] = [];
      await applyAll({ url: inject('directusUrl'), env: { ...inject('dbEnv'), ADMIN_TOKEN: inject('adminToken') }, log: (s) => logs.push(s) });
      // Assert
      expect(logs).toEqual([]);
      expect(await counts()).toEqual(before);
      expect((await admin().get('/items/settings/urgent_message')).data.value).toBe('Mensagem editada pela redação');
    } finally {
      // Other files read the default message: leave the setting as found.
      await admin().patch('/items/settings/urgent_message', { value: original });
    }
  });

  it('the check fails when someone changes the live schema by hand', async () => {
    // Action: add a field nobody reviewed, then a permission.
    await admin().post('/fields/events', { field: 'rogue_field', type: 'string' });
    try {
      const drift = await checkDrift(inject('directusUrl'), env());
      // Assert
      expect(drift).toContain('campo a mais: events.rogue_field');
    } finally {
      await admin().del('/fields/events/rogue_field');
    }
    expect(await checkDrift(inject('directusUrl'), env())).toEqual([]);
  });
});

// The prefix indexes are PostgreSQL's (schema/collections.ts IndexDef.prefix): SQLite's LIKE would not use one.
describe.runIf(inject('dbEnv').DB_CLIENT === 'pg')('indexes (PostgreSQL)', () => {
  it('a new story’s free slug is read off an index, not by reading the archive (slugsLike)', async () => {
    const { rawDb } = await import('./support.ts');
    const { slugsLike } = await import('../../directus/extensions/portal-hooks/src/permalink-store.ts');
    const db = await rawDb();
    try {
      // One connection (rawDb's pool): the setting holds for each EXPLAIN. Without an index that serves
      // a prefix LIKE, the plan stays a scan of the table however costly the planner is told scans are.
      await db.raw('set enable_seqscan = off');
      for (const table of ['news', 'news_redirects'] as const) {
        const query = slugsLike(db, table, 'chuva-em-belem').select('slug').toString();
        const plan = ((await db.raw(`explain ${query}`)) as { rows: Array<{ 'QUERY PLAN': string }> }).rows.map((r) => r['QUERY PLAN']).join('\n');
        expect(plan, plan).toContain(`${table}_slug_prefix_idx`);
        expect(plan, plan).not.toMatch(/Seq Scan/);
      }
    } finally {
      await db.destroy();
    }
  });
});
