/**
 * Directus stores `timestamp` fields as epoch milliseconds on SQLite and as
 * timestamptz on PostgreSQL. Raw knex queries must speak the same format.
 */
export function dbDate(db: any, d: Date): number | Date {
  return isSqlite(db) ? d.getTime() : d;
}

/** Whether a knex instance (or transaction) speaks SQLite. */
export const isSqlite = (db: any): boolean => String(db?.client?.config?.client ?? '').includes('sqlite');

/** A timestamp read through knex, whatever the dialect, as ISO text. */
export function isoFromDb(value: unknown): string | null {
  if (value == null || value === '') return null;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  const d = new Date(n as string | number | Date);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
