/**
 * Upgrades keep every record (issue #28, item 3): the database made by the
 * previous landed release (tests/fixtures/upgrade, made by
 * scripts/upgrade-fixture.ts on that commit: demo content, views, TOPs,
 * corrections, renames, a 2FA account) is upgraded in place by this release —
 * `directus bootstrap` and apply.ts, as `npm start` and production run them —
 * and compared row by row. A change that cannot be applied safely stops first.
 * SQLite here; PostgreSQL (its pg_dump) with TEST_DB=postgres.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zstdDecompressSync } from 'node:zlib';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { collections } from '../../directus/schema/collections.ts';
import { checkDrift, knexFromEnv } from '../../directus/scripts/apply.ts';
import { ROOT } from '../../directus/scripts/lib/paths.ts';
import { checkSchemaUpgrade, UnsafeUpgradeError, unsafeChanges } from '../../directus/scripts/lib/preflight.ts';
import { startDirectusInstance, type DirectusInstance } from '../../scripts/lib/stack.ts';
import { freshTotp } from '../support/totp.ts';
import { signIn } from '../support/backup-drill.ts';

const RELEASE = '813c45e';
const pg = inject('dbKind') === 'postgres';
const fixtures = path.join(ROOT, 'tests/fixtures/upgrade');
const meta = JSON.parse(readFileSync(path.join(fixtures, `release-${RELEASE}.${pg ? 'postgres' : 'sqlite'}.json`), 'utf8')) as {
  adminToken: string;
  tfa: { email: string; secret: string };
};
const port = Number(new URL(inject('directusUrl')).port) + 630;
const pgDatabase = `${inject('dbEnv').DB_DATABASE}_upgrade`;
const PG = { host: process.env.PGHOST ?? '127.0.0.1', user: process.env.PGUSER ?? 'postgres' };

/** Tables the apply script owns as code (access, field meta, settings): rewritten on purpose, not data. */
const AS_CODE = new Set(['directus_permissions', 'directus_policies', 'directus_access', 'directus_fields', 'directus_collections', 'directus_relations', 'directus_settings', 'directus_presets', 'directus_extensions']);
/** Logs that only grow, and sessions that expire by themselves. */
const GROWING = new Set(['directus_activity', 'directus_revisions', 'directus_migrations', 'directus_sessions']);

type Snapshot = Map<string, Map<string, Record<string, unknown>>>;

async function tables(k: Knex): Promise<string[]> {
  return pg
    ? ((await k('pg_tables').where('schemaname', 'public').pluck('tablename')) as string[])
    : ((await k.raw(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)) as Array<{ name: string }>).map((r) => r.name);
}

/** Every row of every table, by its key (all columns when a table has no single key). */
async function snapshot(k: Knex): Promise<Snapshot> {
  const all: Snapshot = new Map();
  for (const t of await tables(k)) {
    const rows = ((await k(t)) as Array<Record<string, unknown>>).map((r) => JSON.parse(JSON.stringify(r)) as Record<string, unknown>);
    const key = (r: Record<string, unknown>) => String(r.id ?? r.key ?? r.slug ?? r.version ?? JSON.stringify(r));
    all.set(t, new Map(rows.map((r) => [key(r), r])));
  }
  return all;
}

let dataDir: string;
let env: Record<string, string>;
let instance: DirectusInstance;
let before: Snapshot;
let after: Snapshot;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-upgrade-'));
  // The old release's static admin token, kept where directusEnv() reads it.
  writeFileSync(path.join(dataDir, 'admin-token'), meta.adminToken);
  if (pg) {
    execFileSync('psql', ['-h', PG.host, '-U', PG.user, '-d', 'postgres', '-qc', `DROP DATABASE IF EXISTS "${pgDatabase}" WITH (FORCE)`, '-c', `CREATE DATABASE "${pgDatabase}"`]);
    execFileSync('pg_restore', ['--no-owner', '-h', PG.host, '-U', PG.user, '-d', pgDatabase, path.join(fixtures, `release-${RELEASE}.pgdump`)]);
  } else {
    writeFileSync(path.join(dataDir, 'portal.db'), zstdDecompressSync(readFileSync(path.join(fixtures, `release-${RELEASE}.sqlite.zst`))));
  }
  const db = (): Knex =>
    pg ? knexFactory({ client: 'pg', connection: { ...PG, database: pgDatabase }, pool: { min: 0, max: 1 } }) : knexFactory({ client: 'sqlite3', connection: { filename: path.join(dataDir, 'portal.db') }, useNullAsDefault: true });
  let k = db();
  before = await snapshot(k);
  await k.destroy();
  // Action: the upgrade, as npm start and production run it (bootstrap's migrations, then apply).
  instance = await startDirectusInstance({ dataDir, port, db: pg ? 'postgres' : 'sqlite', pgDatabase });
  env = instance.env;
  k = db();
  after = await snapshot(k);
  await k.destroy();
}, 240_000);

afterAll(async () => {
  await instance?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`upgrade from release ${RELEASE}`, () => {
  it('the old database holds real content (the fixture is not empty)', () => {
    expect(before.get('news')!.size).toBeGreaterThan(40);
    expect(before.get('news_views')!.size).toBeGreaterThan(50);
    expect(before.get('news_likes')!.size).toBeGreaterThan(10);
    expect(before.get('news_corrections')!.size).toBe(2);
    expect(before.get('news_redirects')!.size).toBeGreaterThan(0);
    expect(before.get('directus_files')!.size).toBe(16);
  });

  it('every row of every data table is still there, unchanged, column by column', () => {
    const lost: string[] = [];
    for (const [table, rows] of before) {
      if (AS_CODE.has(table)) continue;
      const now = after.get(table);
      if (!now) {
        lost.push(`tabela ${table} sumiu`);
        continue;
      }
      for (const [key, row] of rows) {
        const got = now.get(key);
        if (!got) {
          if (table !== 'directus_sessions') lost.push(`${table} ${key} sumiu`);
          continue;
        }
        if (GROWING.has(table)) continue;
        for (const [col, value] of Object.entries(row)) if (JSON.stringify(got[col]) !== JSON.stringify(value)) lost.push(`${table} ${key}.${col}: ${JSON.stringify(value)} → ${JSON.stringify(got[col])}`);
      }
    }
    expect(lost).toEqual([]);
  });

  it('roles keep their ids (users point at them)', () => {
    expect([...after.get('directus_roles')!.keys()]).toEqual(expect.arrayContaining([...before.get('directus_roles')!.keys()]));
  });

  it('the upgraded database matches this release\'s schema and access (no drift)', async () => {
    expect(await checkDrift(instance.url, env)).toEqual([]);
  });

  it('old accounts still sign in: password hashes and 2FA came through', async () => {
    expect((await signIn(instance.url, meta.tfa.email)).code).toBe('INVALID_OTP');
    expect((await signIn(instance.url, meta.tfa.email, await freshTotp(meta.tfa.secret))).status).toBe(200);
    expect((await signIn(instance.url, 'editor@portal.test')).status).toBe(200);
  });
});

describe('an upgrade that cannot be applied safely stops before writing', () => {
  it('a new required field without a default on a table with rows (and a changed type) is refused with the reason', async () => {
    const k = knexFromEnv(env);
    try {
      const news = collections.find((c) => c.collection === 'news')!;
      const changed = [
        ...collections.filter((c) => c !== news),
        {
          ...news,
          fields: [...news.fields.map((f) => (f.field === 'is_featured' ? { ...f, type: 'string' } : f)), { field: 'editoria_obrigatoria', type: 'string', schema: { is_nullable: false } }],
        },
      ];
      const err = await checkSchemaUpgrade(k, changed).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UnsafeUpgradeError);
      expect((err as Error).message).toContain('news.editoria_obrigatoria: campo obrigatório novo sem valor padrão, e a tabela já tem');
      expect((err as Error).message).toContain('news.is_featured: o tipo mudou de boolean para string');
      expect((err as Error).message).toContain('antes de escrever qualquer coisa');
      // This release's own schema passes.
      await expect(checkSchemaUpgrade(k)).resolves.toBeUndefined();
    } finally {
      await k.destroy();
    }
  });

  it('a database migrated by a newer Directus is not started, and not touched', async () => {
    const k = knexFromEnv(env);
    await instance.stop();
    try {
      await k('directus_migrations').insert({ version: '20990101A', name: 'From The Future', timestamp: new Date() });
      const migrations = await k('directus_migrations').count({ n: '*' }).first();
      const err = await startDirectusInstance({ dataDir, port, db: pg ? 'postgres' : 'sqlite', pgDatabase }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UnsafeUpgradeError);
      expect((err as Error).message).toContain('Directus mais novo');
      expect(await k('directus_migrations').count({ n: '*' }).first()).toEqual(migrations);
    } finally {
      await k.destroy();
    }
  });

  it('the plan rules, row counts aside', () => {
    const live = { fields: [{ collection: 'ads', field: 'id', type: 'uuid' }], rows: { ads: 0 } };
    const field = { field: 'x', type: 'string', schema: { is_nullable: false } };
    expect(unsafeChanges([{ collection: 'ads', meta: {}, fields: [field] }], [], live)).toEqual([]);
    expect(unsafeChanges([{ collection: 'ads', meta: {}, fields: [{ ...field, schema: { is_nullable: false, default_value: 'a' } }] }], [], { ...live, rows: { ads: 5 } })).toEqual([]);
    expect(unsafeChanges([{ collection: 'ads', meta: {}, fields: [{ ...field, schema: { is_unique: true, default_value: 'a' } }] }], [], { ...live, rows: { ads: 5 } })).toHaveLength(1);
  });
});
