import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthKey } from '@portal/domain/archive';
import { bulkNewsRow, seedBulkNews, seedNewsId, type BulkContext } from './bulk-news.ts';

const categories = ['Política', 'Economia', 'Cultura', 'Esportes', 'Saúde', 'Educação', 'Meio Ambiente', 'Tecnologia'].map((name, i) => ({ id: `c${i}`, name }));
const municipalities = ['Belém', 'Santarém', 'Marabá', 'Óbidos'].map((name, i) => ({ id: `m${i}`, name }));
const ctx: BulkContext = { categories, municipalities, authorIds: ['a1', 'a2', 'a3'], images: ['/api/assets/x', '/api/assets/y'], now: new Date('2026-11-22T12:00:00Z'), spread: { years: 5 } };

describe('bulk seed stories', () => {
  it('story n is always the same row (deterministic id, slug and date)', () => {
    expect(bulkNewsRow(42, ctx)).toEqual(bulkNewsRow(42, ctx));
    expect(seedNewsId(42)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(seedNewsId(42)).not.toBe(seedNewsId(43));
  });

  it('spreads 2,000 stories over every category, many municipalities, authors and 5 years of months, with pt-BR text and some images', () => {
    const rows = Array.from({ length: 2000 }, (_, i) => bulkNewsRow(i + 1, ctx));
    expect(new Set(rows.map((r) => r.slug)).size).toBe(2000);
    expect(new Set(rows.map((r) => r.category_id))).toEqual(new Set(categories.map((c) => c.id)));
    expect(new Set(rows.map((r) => r.municipality_id)).size).toBe(municipalities.length);
    expect(new Set(rows.map((r) => r.author_id)).size).toBe(3);
    const months = new Set(rows.map((r) => monthKey(r.published_at as string)));
    expect(months.size).toBeGreaterThan(55);
    expect(rows.every((r) => (r.published_at as string) < ctx.now.toISOString() && (r.published_at as string) > '2021-11-01')).toBe(true);
    const withImage = rows.filter((r) => r.featured_image).length / rows.length;
    expect(withImage).toBeGreaterThan(0.8);
    expect(withImage).toBeLessThan(0.9);
    expect(rows.every((r) => r.status === 'published' && r.first_published_at === r.published_at)).toBe(true);
    expect(String(rows[0]!.title)).toMatch(/[áéíóúãõç]|Belém|Santarém|Marabá|Óbidos/);
  });
});

describe('seedBulkNews', () => {
  const knex = knexFactory({ client: 'sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true, pool: { min: 1, max: 1 } });
  beforeAll(async () => {
    await knex.schema.createTable('categories', (t) => (t.string('id'), t.string('name')));
    await knex.schema.createTable('municipalities', (t) => (t.string('id'), t.string('name')));
    await knex.schema.createTable('news', (t) => {
      t.string('id').primary();
      for (const c of ['title', 'summary', 'content', 'slug', 'status', 'featured_image', 'featured_image_caption', 'category_id', 'municipality_id', 'author_id']) t.string(c);
      t.boolean('is_featured');
      for (const c of ['published_at', 'first_published_at', 'created_at', 'view_count', 'like_count']) t.bigInteger(c);
    });
    await knex('categories').insert(categories);
    await knex('municipalities').insert(municipalities);
  });
  afterAll(() => knex.destroy());

  it('adds N; the same N again adds nothing; a larger N adds the difference', async () => {
    const o = { images: [], authorIds: ['a1'], now: ctx.now };
    expect(await seedBulkNews(knex, 120, o)).toBe(120);
    expect(await seedBulkNews(knex, 120, o)).toBe(0);
    expect(await seedBulkNews(knex, 1100, o)).toBe(980);
    expect(Number((await knex('news').count({ n: '*' }).first())!.n)).toBe(1100);
    // SQLite stores Directus timestamps as epoch milliseconds.
    expect(typeof (await knex('news').first('published_at'))!.published_at).toBe('number');
  });
});
