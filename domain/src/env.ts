/**
 * One validated environment per process (issue #14): each entry point reads
 * its variables through a zod schema once, at start, and stops with every
 * problem listed in pt-BR instead of failing later on a half-read value.
 */
import type { z } from 'zod';

export class EnvError extends Error {}

/**
 * @example readEnv(z.object({ PORT: z.coerce.number().int() }), process.env, 'construtor')
 */
export function readEnv<S extends z.ZodType>(schema: S, env: Record<string, string | undefined>, who: string): z.infer<S> {
  const r = schema.safeParse(env);
  if (r.success) return r.data;
  const lines = r.error.issues.map((i) => `  - ${i.path.join('.') || '(geral)'}: ${i.message}`);
  throw new EnvError(`Configuração inválida (${who}):\n${lines.join('\n')}`);
}

const LOOPBACK = ['127.0.0.1', 'localhost', '::1'];
export const isLoopback = (host: string) => LOOPBACK.includes(host);

/**
 * A process's validated environment, or its pt-BR problems printed and the
 * process gone with code 1 before it starts anything. The one impure helper
 * here: every entry point (builder, edge, start, ops) stops the same way.
 */
export function envOrExit<T>(read: () => T, prefix: string): T {
  try {
    return read();
  } catch (e) {
    if (!(e instanceof EnvError)) throw e;
    console.error(`${prefix} ${e.message}`);
    process.exit(1);
  }
}
