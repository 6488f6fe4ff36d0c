/**
 * A value made once per build. A build is told apart by its output folder
 * (SITE_OUT_DIR): the live lane's warm process renders many builds with the
 * same loaded modules (builder/src/astro-worker.ts), and nothing one
 * build read may leak into the next.
 */
export function perBuild<T>(make: () => T): () => T {
  let key: string | undefined;
  let value: T | undefined;
  onNextBuild(() => {
    key = value = undefined;
  });
  return () => {
    const k = process.env.SITE_OUT_DIR ?? '';
    if (key !== k) {
      value = make();
      key = k;
    }
    return value as T;
  };
}

// On globalThis: the warm process holds the site's modules twice (its bundle and its own imports).
const DROPS = Symbol.for('portal.perBuild.drops');
const drops = ((globalThis as { [DROPS]?: Set<() => void> })[DROPS] ??= new Set());

/** `drop` lets go of what a build kept, when forgetBuilds is called. For module-level values only (registered once). */
export function onNextBuild(drop: () => void): void {
  drops.add(drop);
}

/**
 * Lets go of every value the builds before made (issue #33): the warm process
 * calls it before a build reads anything, so the previous build's content (at
 * 100,000 stories, hundreds of MB) can be collected before the next is loaded,
 * rather than both being held while the new rows are read.
 */
export function forgetBuilds(): void {
  for (const drop of drops) drop();
}

// The same for what a process keeps across builds because it is made from the rows of one base (a full build's):
// the rows themselves (news-snapshot.ts) and what was derived from them (derive.ts).
const ROW_DROPS = Symbol.for('portal.rows.drops');
const rowDrops = ((globalThis as { [ROW_DROPS]?: Set<() => void> })[ROW_DROPS] ??= new Set());

/** `drop` lets go of what was kept from the rows of one base, when forgetRows is called. Module-level values only. */
export function onOtherRows(drop: () => void): void {
  rowDrops.add(drop);
}

/**
 * Lets go of everything kept from the last base's rows (issue #33): called when
 * another base is about to be read (a full build went live), so at 100,000
 * stories the old rows and their derivation are not held while the new ones
 * are read and derived (the warm process went from 700 to 1,228 MB there).
 */
export function forgetRows(): void {
  for (const drop of rowDrops) drop();
  // Collected now where the process allows it (the warm process runs with --expose-gc): left to itself, V8
  // grows the heap by the new rows before it collects the old ones (measured: 720 → 1,086 MB at an adoption).
  (globalThis as { gc?: () => void }).gc?.();
}
