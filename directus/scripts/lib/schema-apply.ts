/**
 * Applies directus/schema/collections.ts to a live Directus and reports drift.
 * Creates what is missing, updates field meta, never drops data.
 */
import {
  createCollection,
  createField,
  createRelation,
  readCollections,
  readFields,
  readRelations,
  updateField,
  type PortalClient,
} from './client.ts';
import { collections, indexes, relations, systemFields, type FieldDef } from '../../schema/collections.ts';
import type { Schema } from '@portal/domain/schema';

type LiveField = { collection: string; field: string; type: string; schema: Record<string, any> | null; meta: Record<string, any> | null };
type LiveRelation = { collection: string; field: string; related_collection: string | null; schema: { on_delete?: string } | null };

/** What --check compares: the parts that change behaviour, not cosmetics. */
function fieldShape(f: { type: string; schema?: Record<string, any> | null }) {
  const s = f.schema ?? {};
  return {
    type: f.type,
    is_primary_key: !!s.is_primary_key,
    is_nullable: s.is_nullable ?? true,
    is_unique: !!s.is_unique || !!s.is_primary_key,
    // Auto-increment defaults are vendor syntax (PostgreSQL reports nextval(...)).
    default_value: s.has_auto_increment ? null : normaliseDefault(s.default_value),
  };
}
function normaliseDefault(v: unknown) {
  if (v === undefined || v === null) return null;
  if (v === 'true' || v === 1 || v === '1') return true;
  if (v === 'false' || v === 0 || v === '0') return v === 0 || v === '0' ? 0 : false;
  return v;
}
const sameDefault = (want: unknown, have: unknown) =>
  JSON.stringify(normaliseDefault(want)) === JSON.stringify(normaliseDefault(have)) ||
  String(normaliseDefault(want)) === String(normaliseDefault(have)) ||
  (want === false && (have === 0 || have === false)) ||
  (want === true && (have === 1 || have === true));

export async function schemaDrift(client: PortalClient): Promise<string[]> {
  const live = (await client.request(readFields())) as unknown as LiveField[];
  const liveRel = (await client.request(readRelations())) as unknown as LiveRelation[];
  const drift: string[] = [];
  const byKey = new Map(live.map((f) => [`${f.collection}.${f.field}`, f]));
  for (const c of collections) {
    const liveFields = live.filter((f) => f.collection === c.collection);
    if (liveFields.length === 0) {
      drift.push(`coleção ausente: ${c.collection}`);
      continue;
    }
    const wanted = new Set(c.fields.map((f) => f.field));
    for (const f of liveFields) if (!wanted.has(f.field)) drift.push(`campo a mais: ${c.collection}.${f.field}`);
    for (const f of c.fields) {
      const have = byKey.get(`${c.collection}.${f.field}`);
      if (!have) {
        drift.push(`campo ausente: ${c.collection}.${f.field}`);
        continue;
      }
      const w = fieldShape(f);
      const h = fieldShape(have);
      // SQLite has no uuid column type: Directus reports those foreign keys as string.
      if (w.type === 'uuid' && h.type === 'string') h.type = 'uuid';
      for (const k of ['type', 'is_primary_key', 'is_nullable', 'is_unique'] as const) {
        if (w[k] !== h[k]) drift.push(`${c.collection}.${f.field}: ${k} esperado ${w[k]}, encontrado ${h[k]}`);
      }
      if (!sameDefault(w.default_value, h.default_value)) {
        drift.push(`${c.collection}.${f.field}: default esperado ${w.default_value}, encontrado ${h.default_value}`);
      }
    }
  }
  for (const { collection, field } of systemFields) if (!byKey.has(`${collection}.${field.field}`)) drift.push(`campo ausente: ${collection}.${field.field}`);
  for (const r of relations) {
    const have = liveRel.find((l) => l.collection === r.collection && l.field === r.field);
    if (!have) drift.push(`relação ausente: ${r.collection}.${r.field} → ${r.related_collection}`);
    else if (have.related_collection !== r.related_collection) drift.push(`relação ${r.collection}.${r.field} aponta para ${have.related_collection}`);
    else if ((have.schema?.on_delete ?? 'NO ACTION') !== r.on_delete) {
      drift.push(`relação ${r.collection}.${r.field}: on_delete esperado ${r.on_delete}, encontrado ${have.schema?.on_delete}`);
    }
  }
  return drift;
}

/**
 * Directus adds vendor flags to `special` (cast-timestamp on SQLite, cast-json…);
 * dropping them on a meta update would change the field's type. Keep them.
 */
function withVendorFlags(want: Record<string, unknown>, have: Record<string, any> | null) {
  const flags = ((have?.special as string[] | null) ?? []).filter((s) => s.startsWith('cast-'));
  if (!flags.length) return want;
  const special = [...new Set([...((want.special as string[] | undefined) ?? []), ...flags])];
  return { ...want, special };
}

const toApi = (f: FieldDef) => ({ field: f.field, type: f.type, meta: f.meta ?? {}, schema: f.schema ?? {} });

export async function applySchema(client: PortalClient, log: (s: string) => void) {
  const existing = new Set(((await client.request(readCollections())) as Array<{ collection: string }>).map((c) => c.collection));
  for (const c of collections) {
    if (!existing.has(c.collection)) {
      await client.request(createCollection({ collection: c.collection, meta: c.meta, schema: {}, fields: c.fields.map(toApi) } as any));
      log(`coleção criada: ${c.collection}`);
      continue;
    }
    const live = (await client.request(readFields())) as unknown as LiveField[];
    for (const f of c.fields) {
      const have = live.find((l) => l.collection === c.collection && l.field === f.field);
      if (!have) {
        await client.request(createField(c.collection as keyof Schema, toApi(f) as any));
        log(`campo criado: ${c.collection}.${f.field}`);
      } else if (f.meta) {
        let meta = withVendorFlags(f.meta, have.meta);
        // Repairs a SQLite timestamp whose cast flag an older apply dropped.
        if (f.type === 'timestamp' && have.type === 'dateTime') {
          meta = { ...meta, special: [...new Set([...((meta.special as string[] | undefined) ?? []), 'cast-timestamp'])] };
        }
        if (Object.entries(meta).some(([k, v]) => JSON.stringify(have.meta?.[k] ?? null) !== JSON.stringify(v ?? null))) {
          await client.request(updateField(c.collection, f.field, { meta } as any));
        }
      }
    }
  }
  const liveSystem = (await client.request(readFields())) as unknown as LiveField[];
  for (const { collection, field } of systemFields) {
    if (liveSystem.some((l) => l.collection === collection && l.field === field.field)) continue;
    await client.request(createField(collection as keyof Schema, toApi(field) as any));
    log(`campo criado: ${collection}.${field.field}`);
  }
  const liveRel = (await client.request(readRelations())) as unknown as LiveRelation[];
  for (const r of relations) {
    if (liveRel.some((l) => l.collection === r.collection && l.field === r.field)) continue;
    await client.request(
      createRelation({
        collection: r.collection,
        field: r.field,
        related_collection: r.related_collection,
        schema: { on_delete: r.on_delete },
        meta: { sort_field: null },
      } as any),
    );
    log(`relação criada: ${r.collection}.${r.field} → ${r.related_collection}`);
  }
}

/** Composite indexes, idempotent on SQLite and PostgreSQL alike (prefix ones on PostgreSQL only). */
export async function applyIndexes(knex: any) {
  const pg = String(knex.client?.config?.client ?? '') === 'pg';
  for (const ix of indexes) {
    if (ix.prefix && !pg) continue;
    const cols = ix.columns.map((c) => `"${c}"${ix.prefix ? ' text_pattern_ops' : ''}`).join(', ');
    await knex.raw(`CREATE INDEX IF NOT EXISTS "${ix.name}" ON "${ix.collection}" (${cols})`);
  }
}
