/**
 * domain/src/schema.generated.ts types every runtime's Directus client; it is
 * made from the collections (schema-types.ts), so the types cannot drift from
 * what Directus has. This fails while the file is stale, and pins the rules.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collections } from './collections.ts';
import { SCHEMA_TYPES_FILE, schemaTypesSource, TYPE_NAMES, UNTYPED } from './schema-types.ts';

/** One generated type's body, `field: type` per line. */
const typeOf = (source: string, name: string) => {
  const m = new RegExp(`export type ${name} = \\{\\n([\\s\\S]*?)\\n\\};`).exec(source);
  if (!m) throw new Error(`${name} não gerado`);
  return Object.fromEntries(
    m[1]!
      .split('\n')
      .filter((l) => !l.trim().startsWith('/**'))
      .map((l) => l.trim().replace(/;$/, '').split(/: (.*)/s).slice(0, 2)),
  ) as Record<string, string>;
};

describe('domain/src/schema.generated.ts', () => {
  const source = schemaTypesSource();

  it('is what the collections make now (else: npm run directus:types)', () => {
    expect(readFileSync(SCHEMA_TYPES_FILE, 'utf8')).toBe(source);
  });

  it('types every collection, with exactly its fields but the bookkeeping ones left out', () => {
    for (const c of collections) {
      const fields = c.fields.map((f) => f.field).filter((f) => !(UNTYPED[c.collection] ?? []).includes(f));
      expect(Object.keys(typeOf(source, TYPE_NAMES[c.collection]!)).sort(), c.collection).toEqual(fields.sort());
    }
  });

  it("a select is its choices; an m2o the key or the related row; a nullable column may be null, a creation date may not", () => {
    const news = typeOf(source, 'News');
    expect(news.status).toBe("'draft' | 'pending' | 'published' | 'archived'");
    expect(news.category_id).toBe('string | Category | null');
    // A relation to Directus's own users stays a key: the typed clients never expand it.
    expect(news.author_id).toBe('string | null');
    expect(news.summary).toBe('string | null');
    expect(news.title).toBe('string');
    expect(news.created_at).toBe('string');
    expect(news.updated_at).toBe('string | null');
    expect(news.view_count).toBe('number');
    expect(typeOf(source, 'NewsView').id).toBe('number');
    expect(typeOf(source, 'NewsLike').news_id).toBe('string | News');
  });

  it('a column narrower than its stored type gets the domain type', () => {
    expect(typeOf(source, 'NewsView').channel).toBe('Channel | null');
    expect(source).toContain("import type { Channel } from './channels.ts';");
    expect(typeOf(source, 'ImportRun').totals).toBe('{ warnings: number; skipped: number } | null');
  });

  it('refuses a collection it has no name for', () => {
    expect(() => schemaTypesSource([{ collection: 'nova', meta: {}, fields: [] }], [])).toThrow(/nova: coleção sem nome de tipo/);
  });
});
