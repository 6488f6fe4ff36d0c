/**
 * The archive's manifest: what made it (product commit, Directus version,
 * schema), what it holds (rows per table, every file with its size and
 * SHA-256, which ones are secret). Restore trusts nothing the manifest does not vouch for.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';

export const MANIFEST = 'manifest.json';
export const FORMAT = 'portal-backup/3';
/** Formats restore still reads: /2 had the whole site in SITE_PACK. */
const FORMATS = ['portal-backup/2', FORMAT] as const;

/** Folders inside the archive; nothing else is accepted on restore. */
export const PARTS = { database: 'database/', uploads: 'uploads/', site: 'site/', secrets: 'secrets/' } as const;

/** The live site in two entries (site-pack.ts): what readers meet first, then the rest (the whole site in /2). */
export const SITE_FIRST = `${PARTS.site}first.tar.zst`;
export const SITE_PACK = `${PARTS.site}release.tar.zst`;

const fileSchema = z.object({ path: z.string(), size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/), secret: z.literal(true).optional() });

export const manifestSchema = z.object({
  format: z.enum(FORMATS),
  createdAt: z.string(),
  product: z.object({ commit: z.string().nullable(), directus: z.string(), node: z.string() }),
  schema: z.object({ portal: z.string(), directusMigration: z.string().nullable() }),
  database: z.object({ kind: z.enum(['sqlite', 'postgres']), path: z.string() }),
  uploads: z.object({ driver: z.enum(['local', 's3']), count: z.number().int(), missing: z.array(z.string()) }),
  site: z.object({ release: z.string(), files: z.number().int(), first: z.number().int().optional() }).nullable(),
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
