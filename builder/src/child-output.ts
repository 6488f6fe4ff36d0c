/**
 * What a build's child process printed, for the error of a build it failed
 * (issue #32: a failure reported as "astro build falhou (código 1):" and
 * nothing else). Its stderr is kept apart from its stdout (the reason is on
 * stderr; progress on stdout must not push it out of the tail), and it is
 * read to the end: a process's 'exit' can come before the last of its output
 * (the error itself), so `ended` waits for its pipes to close — for a short
 * grace only, since a grandchild that inherited them (esbuild's service
 * inherits Astro's stderr) may hold them open after it.
 */
import type { ChildProcess } from 'node:child_process';

export type ChildEnd = { code: number | null; signal: NodeJS.Signals | null };

export type ChildOutput = {
  /** Resolves once the process exited and its output was read (or `graceMs` after its exit). */
  ended: Promise<ChildEnd>;
  /** The last of its stderr; its stdout when it wrote nothing there; a note when it wrote nothing at all. */
  tail: (chars?: number) => string;
  /** The last `keep` characters of its stdout. */
  stdout: () => string;
};

export function captureOutput(child: ChildProcess, o: { keep?: number; graceMs?: number } = {}): ChildOutput {
  const keep = o.keep ?? 8000;
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => (out = (out + d).slice(-keep)));
  child.stderr?.on('data', (d: Buffer) => (err = (err + d).slice(-keep)));
  const ended = new Promise<ChildEnd>((resolve) => {
    child.once('close', (code, signal) => resolve({ code, signal }));
    child.once('exit', (code, signal) => setTimeout(() => resolve({ code, signal }), o.graceMs ?? 1000).unref());
  });
  const tail = (chars = 3000) => {
    const text = err.trim() ? err : out;
    return text.trim() ? text.slice(-chars) : '(o processo não escreveu nada)';
  };
  return { ended, tail, stdout: () => out };
}

/** How a process ended, in the words of an error: its exit code, or the signal that ended it. */
export const howItEnded = (e: ChildEnd) => (e.signal ? `sinal ${e.signal}` : `código ${e.code}`);
