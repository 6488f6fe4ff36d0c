import { EnvError } from '@portal/domain/env';

/**
 * A process's validated environment, or its pt-BR problems printed and the
 * process gone with code 1 before it starts anything (one env schema per process).
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
