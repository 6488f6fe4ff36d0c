/**
 * The process table, for tests that what a part started is gone. Read from
 * /proc; every process a build or `npm start` starts inherits its environment,
 * so a variable in it finds them all, re-parented or not. A zombie (dead,
 * waiting for init to reap it — late on some machines) does not run.
 */
import { readdirSync, readFileSync } from 'node:fs';

const state = (pid: number | string) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0]!;

/** Whether `pid` runs: in the process table, and not a zombie. */
export function running(pid: number): boolean {
  try {
    return state(pid) !== 'Z';
  } catch {
    return false;
  }
}

/** The running processes whose environment (KEY=value entries) `match` accepts, as "pid state command" (readable in a failed assertion). */
export function processesWithEnv(match: (env: string[]) => boolean): string[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((pid) => {
      try {
        if (!match(readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0'))) return [];
        const s = state(pid);
        return s === 'Z' ? [] : [`${pid} ${s} ${readFileSync(`/proc/${pid}/cmdline`, 'latin1').replace(/\0/g, ' ').slice(0, 120)}`];
      } catch {
        return []; // gone meanwhile, or not ours to read
      }
    });
}
