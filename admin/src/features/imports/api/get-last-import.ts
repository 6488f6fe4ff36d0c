/**
 * The last real import of a portal (issue #27): the newest import_runs row
 * that is not a dry run. Only super_admin reads import_runs (admin access).
 * The JSON columns are checked here, so the screen trusts their shape.
 */
import { z } from 'zod';
import { directus, readItems } from '../../../lib/directus.ts';

const countsSchema = z.object({
  created: z.number().int().nonnegative().default(0),
  updated: z.number().int().nonnegative().default(0),
  unchanged: z.number().int().nonnegative().default(0),
  skipped: z.number().int().nonnegative().default(0),
});

/** A report column the importer left null (an early failure) reads as empty. */
const orEmpty = <T extends z.ZodType>(schema: T, empty: z.infer<T>) => schema.nullish().transform((v) => v ?? empty);

export const importRunSchema = z.object({
  id: z.string(),
  source: z.enum(['hosted', 'wordpress']),
  input: z.string().nullish().transform((v) => v ?? null),
  status: z.enum(['running', 'done', 'failed']),
  started_at: z.string(),
  finished_at: z.string().nullish().transform((v) => v ?? null),
  counts: orEmpty(z.record(z.string(), countsSchema), {}),
  warnings: orEmpty(z.array(z.object({ collection: z.string(), key: z.string(), title: z.string(), message: z.string() })), []),
  skipped: orEmpty(z.array(z.object({ collection: z.string(), key: z.string(), title: z.string(), reason: z.string() })), []),
  totals: z
    .object({ warnings: z.number().int().nonnegative(), skipped: z.number().int().nonnegative() })
    .nullish()
    .transform((v) => v ?? null),
  error: z.string().nullish().transform((v) => v ?? null),
});

export type ImportRunReport = z.infer<typeof importRunSchema>;
export type ImportCounts = z.infer<typeof countsSchema>;

export const IMPORT_RUN_FIELDS = ['id', 'source', 'input', 'status', 'started_at', 'finished_at', 'counts', 'warnings', 'skipped', 'totals', 'error'] as const;

/** The report, or null when no real import ever ran. */
export async function getLastImport(): Promise<ImportRunReport | null> {
  const rows = await directus.request(
    readItems('import_runs', { filter: { dry_run: { _eq: false } }, sort: ['-started_at'], limit: 1, fields: [...IMPORT_RUN_FIELDS] }),
  );
  return rows[0] ? importRunSchema.parse(rows[0]) : null;
}
