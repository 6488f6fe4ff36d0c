/**
 * A consistent copy of the database while the portal keeps writing, and what
 * the backup needs to know from that same instant (the files it points at, the
 * rows per table).
 *
 * - SQLite: the online backup API in one step (one read transaction) on a
 *   database in WAL mode, so Directus's writes go on meanwhile and the copy is
 *   one instant of it.
 * - PostgreSQL: a REPEATABLE READ transaction exports its snapshot; `pg_dump
 *   -Fc --snapshot` dumps exactly that instant, and the listing is read in it.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import knexFactory, { type Knex } from 'knex';
import sqlite3 from 'sqlite3';

const run = promisify(execFile);

export type PgConnection = { host: string; port: number; database: string; user: string; password: string };
export type DatabaseSpec = { kind: 'sqlite'; file: string } | { kind: 'postgres'; connection: PgConnection };

/** A row of directus_files: the upload the database points at. */
export type StoredFile = { id: string; filename_disk: string; filesize: number | null };

export type DatabaseSnapshot = {
  /** The copy, on disk (SQLite file or pg_dump custom archive). */
  file: string;
  files: StoredFile[];
  counts: Record<string, number>;
  /** Directus's last applied migration: the schema version of the system tables. */
  migration: string | null;
  /** Ends what the snapshot holds open (the PostgreSQL transaction). */
  close: () => Promise<void>;
};

type SqliteBackup = { step: (pages: number, cb: (e: Error | null) => void) => void; finish: (cb?: () => void) => void; completed: boolean; failed: boolean };

const openSqlite = (file: string, mode: number) =>
  new Promise<sqlite3.Database>((resolve, reject) => {
    const db: sqlite3.Database = new sqlite3.Database(file, mode, (e) => (e ? reject(e) : resolve(db)));
  });
const closeSqlite = (db: sqlite3.Database) => new Promise<void>((r) => db.close(() => r()));
const execSqlite = (db: sqlite3.Database, sql: string) => new Promise<void>((resolve, reject) => db.exec(sql, (e) => (e ? reject(e) : resolve())));

/**
 * WAL lets readers (a backup, the builder's reads) go on while Directus writes,
 * and writes go on while a backup reads. The mode is stored in the file: once is enough.
 */
export async function useWal(file: string): Promise<void> {
  const db = await openSqlite(file, sqlite3.OPEN_READWRITE);
  try {
    db.configure('busyTimeout', 30_000);
    await execSqlite(db, 'PRAGMA journal_mode=WAL');
  } finally {
    await closeSqlite(db);
  }
}

async function sqliteCopy(source: string, target: string): Promise<void> {
  await useWal(source).catch(() => {}); // a database busy right now is still copied (only writers may wait)
  const db = await openSqlite(source, sqlite3.OPEN_READWRITE);
  try {
    db.configure('busyTimeout', 30_000);
    await new Promise<void>((resolve, reject) => {
      const backup = (db as unknown as { backup: (f: string, cb: (e: Error | null) => void) => SqliteBackup }).backup(target, (e) => {
        if (e) return reject(e);
        // -1: every page in one step, inside one read transaction — one instant of the database.
        backup.step(-1, (err) => {
          if (err) return backup.finish(() => reject(err));
          if (!backup.completed) return backup.finish(() => reject(new Error('cópia do SQLite incompleta')));
          backup.finish(() => resolve());
        });
      });
    });
  } finally {
    await closeSqlite(db);
  }
}

/** Rows per table, the uploads and the migration, read from one consistent view. */
async function describe(k: Knex | Knex.Transaction, tables: string[]): Promise<Omit<DatabaseSnapshot, 'file' | 'close'>> {
  const counts: Record<string, number> = {};
  for (const t of tables.sort()) counts[t] = Number(((await k(t).count({ n: '*' }).first()) as { n: number | string }).n);
  const files = (await k('directus_files').select('id', 'filename_disk', 'filesize').orderBy('id')) as StoredFile[];
  const last = (await k('directus_migrations').orderBy('version', 'desc').first('version')) as { version: string } | undefined;
  return { counts, files: files.filter((f) => f.filename_disk), migration: last?.version ?? null };
}

export function sqliteKnex(file: string): Knex {
  return knexFactory({
    client: 'sqlite3',
    connection: { filename: file },
    useNullAsDefault: true,
    // Directus writes to the same file meanwhile (an import while `npm start` runs): wait for its lock rather than fail.
    pool: { min: 0, max: 1, afterCreate: (conn: sqlite3.Database, done: (e: Error | null, c: unknown) => void) => conn.run('PRAGMA busy_timeout = 30000', (e) => done(e, conn)) },
  });
}

export function pgKnex(c: PgConnection, database = c.database): Knex {
  return knexFactory({ client: 'pg', connection: { ...c, database }, pool: { min: 0, max: 2 } });
}

const pgEnv = (c: PgConnection) => ({ ...process.env, PGHOST: c.host, PGPORT: String(c.port), PGUSER: c.user, PGPASSWORD: c.password });

export async function snapshotDatabase(spec: DatabaseSpec, target: string): Promise<DatabaseSnapshot> {
  if (spec.kind === 'sqlite') {
    await sqliteCopy(spec.file, target);
    const k = sqliteKnex(target);
    try {
      const tables = ((await k.raw(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)) as Array<{ name: string }>).map((r) => r.name);
      return { file: target, ...(await describe(k, tables)), close: async () => {} };
    } finally {
      await k.destroy();
    }
  }
  const k = pgKnex(spec.connection);
  const trx = await k.transaction();
  const end = async () => {
    await trx.commit().catch(() => {});
    await k.destroy();
  };
  try {
    await trx.raw('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const { rows } = (await trx.raw('SELECT pg_export_snapshot() AS id')) as { rows: Array<{ id: string }> };
    // The dump reads the very instant this transaction sees, while it stays open.
    await run('pg_dump', ['-Fc', '-Z', '6', `--snapshot=${rows[0]!.id}`, '--no-owner', '-f', target, spec.connection.database], {
      env: pgEnv(spec.connection),
      maxBuffer: 16 * 1024 * 1024,
    });
    const tables = ((await trx('pg_tables').where('schemaname', 'public').select('tablename')) as Array<{ tablename: string }>).map((r) => r.tablename);
    const seen = await describe(trx, tables);
    return { file: target, ...seen, files: seen.files.map((f) => ({ ...f, filesize: f.filesize === null ? null : Number(f.filesize) })), close: end };
  } catch (e) {
    await end();
    throw e;
  }
}

/** Is there a portal in this database already (restore asks for --replace then)? */
export async function hasPortalData(spec: DatabaseSpec): Promise<boolean> {
  if (spec.kind === 'sqlite') {
    const { existsSync, statSync } = await import('node:fs');
    return existsSync(spec.file) && statSync(spec.file).size > 0;
  }
  const admin = pgKnex(spec.connection, 'postgres');
  try {
    const exists = await admin('pg_database').where('datname', spec.connection.database).first('datname');
    if (!exists) return false;
  } finally {
    await admin.destroy();
  }
  const k = pgKnex(spec.connection);
  try {
    return !!(await k('pg_tables').where({ schemaname: 'public', tablename: 'directus_users' }).first('tablename'));
  } finally {
    await k.destroy();
  }
}

/** Puts a pg_dump custom archive into a fresh database of that name (dropped first: the caller kept a backup). */
export async function restorePostgres(c: PgConnection, dump: string): Promise<void> {
  const admin = pgKnex(c, 'postgres');
  try {
    await admin.raw(`DROP DATABASE IF EXISTS "${c.database}" WITH (FORCE)`);
    await admin.raw(`CREATE DATABASE "${c.database}"`);
  } finally {
    await admin.destroy();
  }
  await run('pg_restore', ['--no-owner', '--exit-on-error', '-d', c.database, dump], { env: pgEnv(c), maxBuffer: 16 * 1024 * 1024 });
}

/** The same table counts, read from a live database (the drill compares them). */
export async function countRows(spec: DatabaseSpec): Promise<Record<string, number>> {
  const k = spec.kind === 'sqlite' ? sqliteKnex(spec.file) : pgKnex(spec.connection);
  try {
    const tables =
      spec.kind === 'sqlite'
        ? ((await k.raw(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)) as Array<{ name: string }>).map((r) => r.name)
        : ((await k('pg_tables').where('schemaname', 'public').select('tablename')) as Array<{ tablename: string }>).map((r) => r.tablename);
    return (await describe(k, tables)).counts;
  } finally {
    await k.destroy();
  }
}
