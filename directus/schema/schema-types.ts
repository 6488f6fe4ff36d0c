/**
 * The row types of domain/src/schema.generated.ts, made from the collections
 * (issue #31, item 5): the types every runtime's Directus client uses follow
 * the schema instead of a hand-kept copy. `npm run directus:types` writes the
 * file; a unit test fails while it differs from what this makes.
 *
 * Rules: a select's choices become a union of its values; an m2o is the key or
 * the related row; a nullable column may be null, except the dates Directus
 * itself sets on create. Where the column's type says less than the portal
 * knows (a JSON column, a channel key), NARROWED gives the type.
 */
import { collections, relations, type CollectionDef, type FieldDef, type RelationDef } from './collections.ts';

/** Each collection's type name (the names the code already used). */
export const TYPE_NAMES: Record<string, string> = {
  news: 'News',
  categories: 'Category',
  municipalities: 'Municipality',
  events: 'PortalEvent',
  ads: 'Ad',
  settings: 'Setting',
  profiles: 'Profile',
  news_likes: 'NewsLike',
  news_views: 'NewsView',
  news_redirects: 'NewsRedirect',
  list_redirects: 'ListRedirect',
  news_corrections: 'NewsCorrection',
  news_live_entries: 'NewsLiveEntry',
  news_daily: 'NewsDaily',
  newsletter_subscribers: 'NewsletterSubscriber',
  news_presence: 'NewsPresence',
  legacy_paths: 'LegacyPath',
  import_runs: 'ImportRun',
  import_records: 'ImportRecordRow',
  push_subscriptions: 'PushSubscriptionRow',
  push_alerts: 'PushAlert',
};

/** Columns whose stored type is wider than what the portal writes there, with the domain type it is. */
const NARROWED: Record<string, { type: string; from?: [string, string] }> = {
  'news_views.channel': { type: 'Channel', from: ['Channel', './channels.ts'] },
  'import_runs.counts': { type: 'Record<string, { created: number; updated: number; unchanged: number; skipped: number }>' },
  'import_runs.warnings': { type: 'Array<{ collection: string; key: string; title: string; message: string }>' },
  'import_runs.skipped': { type: 'Array<{ collection: string; key: string; title: string; reason: string }>' },
  'import_runs.totals': { type: '{ warnings: number; skipped: number }' },
};

/** Bookkeeping columns no client reads, left out of the types. */
export const UNTYPED: Record<string, string[]> = { events: ['created_at'], profiles: ['created_at'] };

const SCALAR: Record<string, string> = {
  uuid: 'string',
  string: 'string',
  text: 'string',
  timestamp: 'string',
  dateTime: 'string',
  date: 'string',
  integer: 'number',
  bigInteger: 'number',
  float: 'number',
  decimal: 'number',
  boolean: 'boolean',
  json: 'unknown',
};

const special = (f: FieldDef) => ((f.meta?.special as string[] | undefined) ?? []);

function fieldType(c: CollectionDef, f: FieldDef, rel: RelationDef | undefined): string {
  const narrowed = NARROWED[`${c.collection}.${f.field}`];
  const choices = (f.meta?.options as { choices?: Array<{ value: string }> } | undefined)?.choices;
  let t = narrowed?.type ?? (choices ? choices.map((x) => `'${x.value}'`).join(' | ') : SCALAR[f.type]);
  if (!t) throw new Error(`${c.collection}.${f.field}: tipo ${f.type} sem tipo TypeScript`);
  const related = rel && TYPE_NAMES[rel.related_collection];
  if (related) t = `${t} | ${related}`;
  const nullable = !!f.schema?.is_nullable && !special(f).includes('date-created') && !f.schema?.is_primary_key;
  return nullable ? `${t} | null` : t;
}

const doc = (f: FieldDef) => (typeof f.meta?.note === 'string' && f.meta.note ? `  /** ${f.meta.note} */\n` : '');

/** The generated module's text. */
export function schemaTypesSource(cs: CollectionDef[] = collections, rs: RelationDef[] = relations): string {
  const imports = new Map<string, Set<string>>();
  for (const n of Object.values(NARROWED)) if (n.from) (imports.get(n.from[1]) ?? imports.set(n.from[1], new Set()).get(n.from[1])!).add(n.from[0]);
  const out = [
    '// Made by directus/schema/schema-types.ts from directus/schema/collections.ts (npm run directus:types). Do not edit.',
    ...[...imports].map(([from, names]) => `import type { ${[...names].sort().join(', ')} } from '${from}';`),
    '',
  ];
  for (const c of cs) {
    const name = TYPE_NAMES[c.collection];
    if (!name) throw new Error(`${c.collection}: coleção sem nome de tipo (TYPE_NAMES)`);
    const fields = c.fields.filter((f) => !(UNTYPED[c.collection] ?? []).includes(f.field));
    const rel = (f: FieldDef) => rs.find((r) => r.collection === c.collection && r.field === f.field);
    out.push(`export type ${name} = {`, ...fields.map((f) => `${doc(f)}  ${f.field}: ${fieldType(c, f, rel(f))};`), '};', '');
  }
  out.push('export type Schema = {', ...cs.map((c) => `  ${c.collection}: ${TYPE_NAMES[c.collection]}[];`), '};', '');
  return out.join('\n');
}

export const SCHEMA_TYPES_FILE = new URL('../../domain/src/schema.generated.ts', import.meta.url);
