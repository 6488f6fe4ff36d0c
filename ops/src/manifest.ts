/**
 * The archive's manifest: what made it (product commit, Directus version,
 * schema), what it holds (rows per table, every file with its size and
 * SHA-256, which ones are secret). Restore trusts nothing the manifest does not vouch for.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';

export const MANIFEST = 'manifest.json';
export const FORMAT = 'portal-backup/2';

/** Folders inside the archive; nothing else is accepted on restore. */
export const PARTS = { database: 'database/', uploads: 'uploads/', site: 'site/', secrets: 'secrets/' } as const;

/** The live site's one entry: a tar.zst of the release folder (site-pack.ts). */
export const SITE_PACK = `${PARTS.site}release.tar.zst`;

const fileSchema = z.object({ path: z.string(), size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/), secret: z.literal(true).optional() });

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  createdAt: z.string(),
  product: z.object({ commit: z.string().nullable(), directus: z.string(), node: z.string() }),
  schema: z.object({ portal: z.string(), directusMigration: z.string().nullable() }),
  database: z.object({ kind: z.enum(['sqlite', 'postgres']), path: z.string() }),
  uploads: z.object({ driver: z.enum(['local', 's3']), count: z.number().int(), missing: z.array(z.string()) }),
  site: z.object({ release: z.string(), files: z.number().int() }).nullable(),
  secrets: z.enum(['files', 'env']),
  counts: z.record(z.string(), z.number().int()),
  files: z.array(fileSchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** A fingerprint of the portal's schema-as-code: two archives with the same one have the same collections and fields. */
export const schemaFingerprint = (definition: unknown) => createHash('sha256').update(JSON.stringify(definition)).digest('hex').slice(0, 16);

/** Safe relative paths only: an archive cannot write outside the folder it is restored into. */
export function safeEntryPath(name: string): boolean {
  if (!name || name.startsWith('/') || name.includes('\\') || name.includes('\0')) return false;
  return name.split('/').every((part) => part !== '..' && part !== '.' && part !== '');
}
