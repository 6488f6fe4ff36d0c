/**
 * Upgrades keep every record (issue #28, item 3). Before `directus bootstrap`
 * migrates the system tables and before apply.ts writes a single field, this
 * looks at the database as it is and stops, with the reason in pt-BR, on what
 * cannot be applied without losing or refusing data:
 * - a database migrated by a newer Directus than this code's (a downgrade);
 * - a new required field with no default, on a table that has rows;
 * - a new unique field with a default, on a table with more than one row;
 * - a field whose type the code changed (that needs a written migration step).
 * Nothing is written when it stops.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { collections, systemFields, type CollectionDef, type FieldDef } from '../../schema/collections.ts';
import { ROOT } from './paths.ts';

export class UnsafeUpgradeError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`A atualização foi interrompida antes de escrever qualquer coisa no banco:\n- ${problems.join('\n- ')}\nFaça um backup (npm run backup), ajuste os dados ou escreva o passo de migração e rode de novo.`);
    this.problems = problems;
  }
}

export type LiveField = { collection: string; field: string; type: string };
/** What the plan needs to know about the live database. */
export type LiveState = { fields: LiveField[]; rows: Record<string, number> };

/** SQLite has no uuid column type: Directus reports uuid keys as string there. */
const sameType = (want: string, have: string) => want === have || (want === 'uuid' && have === 'string') || (want === 'timestamp' && have === 'dateTime');

/**
 * The problems of applying `defs` over `live` (empty: safe).
 * @example unsafeChanges([{ collection: 'news', meta: {}, fields: [{ field: 'x', type: 'string', schema: { is_nullable: false } }] }], [], { fields: [{ collection: 'news', field: 'id', type: 'uuid' }], rows: { news: 3 } })
 * // ['news.x: campo obrigatório novo sem valor padrão, e a tabela já tem 3 linha(s)']
 */
export function unsafeChanges(defs: CollectionDef[], extra: Array<{ collection: string; field: FieldDef }>, live: LiveState): string[] {
  const problems: string[] = [];
  const have = new Map(live.fields.map((f) => [`${f.collection}.${f.field}`, f]));
  const existing = new Set(live.fields.map((f) => f.collection));
  const check = (collection: string, f: FieldDef) => {
    const key = `${collection}.${f.field}`;
    const cur = have.get(key);
    const rows = live.rows[collection] ?? 0;
    if (cur) {
      if (!sameType(f.type, cur.type)) problems.push(`${key}: o tipo mudou de ${cur.type} para ${f.type} (precisa de um passo de migração escrito, que converta as ${rows} linha(s))`);
      return;
    }
    if (!existing.has(collection) || rows === 0) return;
    const s = f.schema ?? {};
    const hasDefault = s.default_value !== undefined && s.default_value !== null;
    if (s.is_nullable === false && !hasDefault && !s.has_auto_increment) problems.push(`${key}: campo obrigatório novo sem valor padrão, e a tabela já tem ${rows} linha(s)`);
    if ((s.is_unique || s.is_primary_key) && hasDefault && rows > 1) problems.push(`${key}: campo único novo com valor padrão repetiria o valor em ${rows} linhas`);
  };
  for (const c of defs) for (const f of c.fields) check(c.collection, f);
  for (const { collection, field } of extra) check(collection, field);
  return problems;
}

async function liveState(k: Knex): Promise<LiveState> {
  const tables = new Set(((await k('directus_collections').select('collection')) as Array<{ collection: string }>).map((c) => c.collection));
  const fields: LiveField[] = [];
  const rows: Record<string, number> = {};
  const info = async (table: string) => (await k(table).columnInfo()) as Record<string, { type: string }>;
  for (const c of [...collections.map((c) => c.collection), ...systemFields.map((s) => s.collection)]) {
    if (!tables.has(c) && !c.startsWith('directus_')) continue;
    if (!(await k.schema.hasTable(c))) continue;
    rows[c] = Number(((await k(c).count({ n: '*' }).first()) as { n: number | string }).n);
    const meta = new Map(((await k('directus_fields').where('collection', c).select('field', 'special')) as Array<{ field: string; special: string | null }>).map((f) => [f.field, f.special]));
    for (const [field, col] of Object.entries(await info(c))) fields.push({ collection: c, field, type: directusType(col.type, meta.get(field) ?? null) });
  }
  return { fields, rows };
}

/** The Directus field type a column stands for (close enough to compare with the code's). */
function directusType(dbType: string, special: string | null): string {
  const t = dbType.toLowerCase();
  if (special?.includes('uuid') || t === 'uuid' || t === 'char(36)') return 'uuid';
  if (special?.includes('cast-boolean') || t === 'boolean') return 'boolean';
  if (t.startsWith('timestamp') || t === 'datetime') return 'timestamp';
  if (t === 'date') return 'date';
  if (t === 'integer' || t === 'int' || t === 'bigint' || t === 'int4' || t === 'int8') return 'integer';
  if (t === 'text') return 'text';
  if (t.startsWith('varchar') || t === 'character varying' || t.startsWith('char')) return 'string';
  if (t === 'json' || t === 'jsonb') return 'json';
  return t;
}

/** The Directus migrations this code knows (its own files). */
function knownMigrations(): Set<string> {
  const dir = path.join(ROOT, 'node_modules/@directus/api/dist/database/migrations');
  return new Set(readdirSync(dir).flatMap((n) => (/^\d{8}[A-Z]-/.test(n) ? [n.split('-')[0]!] : [])));
}

/**
 * Stops before `directus bootstrap` when the database was migrated by a newer
 * Directus (this one would run against tables it does not know).
 */
export async function checkDirectusVersion(k: Knex): Promise<void> {
  if (!(await k.schema.hasTable('directus_migrations'))) return; // a new database
  const known = knownMigrations();
  const unknown = ((await k('directus_migrations').select('version')) as Array<{ version: string }>).map((m) => m.version).filter((v) => !known.has(v));
  if (unknown.length) {
    throw new UnsafeUpgradeError([`o banco foi migrado por um Directus mais novo que o deste código (migrações desconhecidas: ${unknown.slice(0, 3).join(', ')}): atualize o código, não o contrário`]);
  }
}

/** Stops before apply.ts writes, when a schema change would lose or refuse data. */
export async function checkSchemaUpgrade(k: Knex, defs: CollectionDef[] = collections): Promise<void> {
  if (!(await k.schema.hasTable('directus_collections'))) return;
  const problems = unsafeChanges(defs, systemFields, await liveState(k));
  if (problems.length) throw new UnsafeUpgradeError(problems);
}
