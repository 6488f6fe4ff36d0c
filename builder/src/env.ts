/** The builder process's environment (builder/src/main.ts, docker-compose), validated at start. */
import { z } from 'zod';
import { isLoopback, readEnv } from '@portal/domain/env';

const port = (fallback: number) => z.coerce.number({ error: 'deve ser um número de porta' }).int().min(1).max(65535).default(fallback);
const url = (fallback: string) => z.url({ error: 'deve ser uma URL (http://…)' }).default(fallback);

export const builderEnvSchema = z
  .object({
    BUILDER_PORT: port(4400),
    BUILDER_HOST: z.string().min(1).default('0.0.0.0'),
    BUILDER_TOKEN: z.string().default(''),
    SITE_RELEASES_DIR: z.string().min(1).default('dist/site-releases'),
    DIRECTUS_URL: url('http://127.0.0.1:8055'),
    /** The site_reader account's static token (PORTAL_SITE_READER_TOKEN on Directus; decision 032). */
    DIRECTUS_TOKEN: z.string({ error: 'é obrigatório: o token da conta do construtor (PORTAL_SITE_READER_TOKEN do Directus)' }).min(32, 'curto demais (mínimo de 32 caracteres)'),
    SITE_URL: url('http://localhost:4321'),
    BUILDER_INITIAL_BUILD: z.enum(['0', '1'], { error: "deve ser '0' ou '1'" }).default('1'),
    /** Minutes a full build may run (its pauses not counted) before it is stopped and reported; service.ts has the default. */
    BUILDER_FULL_BUILD_LIMIT_MIN: z.coerce.number({ error: 'deve ser um número de minutos' }).int().min(1).optional(),
  })
  // Anyone who can reach the builder could make it rebuild in a loop.
  .refine((e) => e.BUILDER_TOKEN !== '' || isLoopback(e.BUILDER_HOST), {
    path: ['BUILDER_TOKEN'],
    message: 'vazio: o construtor não escuta fora do localhost sem token (defina BUILDER_TOKEN ou BUILDER_HOST=127.0.0.1)',
  })
  .refine((e) => e.BUILDER_TOKEN === '' || e.BUILDER_TOKEN.length >= 16, { path: ['BUILDER_TOKEN'], message: 'curto demais (mínimo de 16 caracteres)' });

export type BuilderEnv = z.infer<typeof builderEnvSchema>;

export const builderEnv = (env: Record<string, string | undefined> = process.env): BuilderEnv => readEnv(builderEnvSchema, env, 'construtor do site');
