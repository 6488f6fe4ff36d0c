/**
 * Puts a freshly built folder in place of another whole: readers of the old
 * one never see it half-emptied, and two builds of the same thing at once
 * (a second `npm start` beside the first, as the shutdown test runs one beside
 * the API suite's) do not empty each other's output mid-write.
 */
import { renameSync, rmSync } from 'node:fs';

const code = (e: unknown) => (e as NodeJS.ErrnoException).code;

/** Moves `fresh` to `target`, replacing what was there (see placeDir for a build that lands in between). */
export function swapDir(fresh: string, target: string): void {
  const old = `${target}.old-${process.pid}-${Date.now()}`;
  try {
    renameSync(target, old);
  } catch (e) {
    if (code(e) !== 'ENOENT') throw e;
  }
  placeDir(fresh, target);
  rmSync(old, { recursive: true, force: true });
}

/**
 * Moves `fresh` to a `target` that should be gone; if another build's output
 * is there (it landed after this one moved the old folder away), that one
 * stays — built from the same sources, it is as good — and `fresh` is removed.
 */
export function placeDir(fresh: string, target: string): void {
  try {
    renameSync(fresh, target);
  } catch (e) {
    if (code(e) !== 'ENOTEMPTY' && code(e) !== 'EEXIST') throw e;
    rmSync(fresh, { recursive: true, force: true });
  }
}
