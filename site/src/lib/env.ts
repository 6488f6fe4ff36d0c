/** The site build's environment (set by the builder, e2e and bench: scripts/lib/builder/site-build.ts), validated once. */
import { z } from 'zod';
import { readEnv } from '@portal/domain/env';

export const siteEnvSchema = z.object({
  DIRECTUS_URL: z.url({ error: 'deve ser a URL do Directus (o site é gerado a partir dele)' }).transform((u) => u.replace(/\/$/, '')),
  SITE_URL: z.url({ error: 'deve ser a URL pública do site' }).default('http://localhost:4321'),
  SITE_OUT_DIR: z.string().min(1).optional(),
});

let cached: z.infer<typeof siteEnvSchema> | undefined;
export function siteEnv(env: Record<string, string | undefined> = process.env) {
  if (env !== process.env) return readEnv(siteEnvSchema, env, 'geração do site');
  cached ??= readEnv(siteEnvSchema, env, 'geração do site');
  return cached;
}
