/** The site build's environment (set by the builder, e2e and bench: builder/src/site-build.ts), validated once. */
import { z } from 'zod';
import { readEnv } from '@portal/domain/env';
import { perBuild } from '../build/per-build.ts';

export const siteEnvSchema = z.object({
  DIRECTUS_URL: z.url({ error: 'deve ser a URL do Directus (o site é gerado a partir dele)' }).transform((u) => u.replace(/\/$/, '')),
  // The site_reader account: the public's reads without the public's bounds (decision 032). Build time only.
  DIRECTUS_TOKEN: z.string({ error: 'é obrigatório: o token da conta do construtor do site' }).min(32, 'curto demais (mínimo de 32 caracteres)'),
  SITE_URL: z.url({ error: 'deve ser a URL pública do site' }).default('http://localhost:4321'),
  SITE_OUT_DIR: z.string().min(1).optional(),
});

const current = perBuild(() => readEnv(siteEnvSchema, process.env, 'geração do site'));
export function siteEnv(env: Record<string, string | undefined> = process.env) {
  return env === process.env ? current() : readEnv(siteEnvSchema, env, 'geração do site');
}
