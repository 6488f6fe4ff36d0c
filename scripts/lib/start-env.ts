/** `npm start`'s environment: the ports it serves on, validated before anything starts. */
import { z } from 'zod';
import { readEnv } from '@portal/domain/env';

const port = (fallback: number) => z.coerce.number({ error: 'deve ser um número de porta' }).int().min(1).max(65535).default(fallback);

export const startEnvSchema = z
  .object({ PORT: port(4321), DIRECTUS_PORT: port(8055), BUILDER_PORT: port(4400), MAIL_SMTP_PORT: port(1025), MAIL_WEB_PORT: port(1080) })
  .refine((e) => new Set([e.PORT, e.DIRECTUS_PORT, e.BUILDER_PORT, e.MAIL_SMTP_PORT, e.MAIL_WEB_PORT]).size === 5, {
    message: 'PORT, DIRECTUS_PORT, BUILDER_PORT, MAIL_SMTP_PORT e MAIL_WEB_PORT precisam ser diferentes',
  });

export const startEnv = (env: Record<string, string | undefined> = process.env) => readEnv(startEnvSchema, env, 'npm start');
