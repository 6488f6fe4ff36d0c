/**
 * Filter hooks that hold the admin forms' validation (domain/validation) for
 * every client: a create is checked as sent, an update as each row will be
 * after it (the stored columns the validator reads, merged with the payload).
 */
import { firstError, SERVER_VALIDATORS, type ValidatedCollection } from '@portal/domain/validation';
import { invalid } from '../../shared/portal-error.ts';

type Row = Record<string, unknown>;
type Keys = Array<string | number>;
type Db = (table: string) => { whereIn(column: string, keys: Keys): { select(...columns: string[]): Promise<Row[]> } };

/** Settings are keyed by their `key`; every other validated collection by `id`. */
const PRIMARY_KEY: Partial<Record<ValidatedCollection, string>> = { settings: 'key' };

/**
 * The first pt-BR message refusing the write, or null: `rows` are the stored
 * rows of an update (none for a create); of each, the columns the validator
 * reads are merged with the payload (a hook may hand it wider rows).
 * @example refusal('ads', [{ title: 'A', ad_type: 'banner', content: 'x' }], { link_url: 'x' }) // 'URL inválida'
 */
export function refusal(collection: ValidatedCollection, rows: Row[] | null, payload: Row): string | null {
  const { validate, columns } = SERVER_VALIDATORS[collection] as { validate: (row: Row) => Record<string, string | undefined>; columns: readonly string[] };
  if (!rows) return firstError(validate(payload));
  for (const row of rows) {
    const stored = Object.fromEntries(columns.filter((c) => c in row).map((c) => [c, row[c]]));
    const error = firstError(validate({ ...stored, ...payload }));
    if (error) return error;
  }
  return null;
}

/** [event, handler] pairs for Directus's `filter()`; `except`: collections whose own hooks validate (news-hooks.ts). */
export function validationFilters(o: { except?: readonly ValidatedCollection[] } = {}) {
  const out: Array<[string, (payload: unknown, meta: unknown, ctx: { database: unknown }) => Promise<unknown>]> = [];
  for (const collection of Object.keys(SERVER_VALIDATORS) as ValidatedCollection[]) {
    if (o.except?.includes(collection)) continue;
    const columns: readonly string[] = SERVER_VALIDATORS[collection].columns;
    out.push([
      `${collection}.items.create`,
      async (payload) => {
        const error = refusal(collection, null, payload as Row);
        if (error) throw invalid(error);
        return payload;
      },
    ]);
    out.push([
      `${collection}.items.update`,
      async (payload, meta, { database }) => {
        const keys = (meta as { keys?: Keys }).keys ?? [];
        const rows = columns.length && keys.length ? await (database as Db)(collection).whereIn(PRIMARY_KEY[collection] ?? 'id', keys).select(...columns) : [{}];
        const error = refusal(collection, rows, payload as Row);
        if (error) throw invalid(error);
        return payload;
      },
    ]);
  }
  return out;
}
