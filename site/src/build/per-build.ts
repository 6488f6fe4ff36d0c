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

/**
 * A set of drops kept on globalThis (the warm process holds the site's modules
 * twice: its bundle and its own imports), added to by module-level values only.
 */
function dropSet(name: string): { add: (drop: () => void) => void; run: () => void } {
  const key = Symbol.for(name);
  const drops = ((globalThis as { [k: symbol]: Set<() => void> | undefined })[key] ??= new Set());
  return { add: (drop) => void drops.add(drop), run: () => drops.forEach((drop) => drop()) };
}

const builds = dropSet('portal.perBuild.drops');
// What a process keeps across builds because it is made from the rows of one base (a full build's):
// the rows themselves (news-snapshot.ts) and what was derived from them (derive.ts).
const rows = dropSet('portal.rows.drops');

/** `drop` lets go of what a build kept, when forgetBuilds is called. */
export const onNextBuild = builds.add;

/**
 * Lets go of every value the builds before made (issue #33): the warm process
 * calls it before a build reads anything, so the previous build's content (at
 * 100,000 stories, hundreds of MB) can be collected before the next is loaded,
 * rather than both being held while the new rows are read.
 */
export const forgetBuilds = builds.run;

/** `drop` lets go of what was kept from the rows of one base, when forgetRows is called. */
export const onOtherRows = rows.add;

/**
 * Lets go of everything kept from the last base's rows (issue #33): called when
 * another base is about to be read (a full build went live), so at 100,000
 * stories the old rows and their derivation are not held while the new ones
 * are read and derived (the warm process went from 700 to 1,228 MB there).
 */
export function forgetRows(): void {
  rows.run();
  // Collected now where the process allows it (the warm process runs with --expose-gc): left to itself, V8
  // grows the heap by the new rows before it collects the old ones (measured: 720 → 1,086 MB at an adoption).
  (globalThis as { gc?: () => void }).gc?.();
}

// A warm build asked to step aside (builder/src/warm-render.ts, coalescer.ts): on globalThis, as above.
const ASK = Symbol.for('portal.stepAside.ask');
const TAKEN = Symbol.for('portal.stepAside.taken');
const aside = globalThis as { [ASK]?: () => boolean; [TAKEN]?: boolean };

/**
 * Where a warm build stops when asked to step aside for a story: every route's
 * paths and every page read the content (load.ts `content`), and the reads
 * from Directus are waited for with `orStepAside`. Nothing happens outside
 * `steppingAside`. A synchronous stretch (a collection, deriving the archive)
 * stops at the next point after it: the ask reaches the process between tasks.
 */
export function stepAsidePoint(): void {
  if (!aside[ASK]?.()) return;
  aside[TAKEN] = true;
  throw new Error('build cedeu a vez a uma notícia');
}

/**
 * `p`, or a step aside as soon as one is asked while it is pending (polled: the ask is a function). A
 * build's reads from Directus take a second and more under a crowd of readers; a story should not wait
 * for them. What was asked goes on, unused. Outside `steppingAside`, `p` itself.
 */
export function orStepAside<T>(p: Promise<T>, everyMs = 25): Promise<T> {
  if (!aside[ASK]) return p;
  return new Promise<T>((resolve, reject) => {
    const poll = setInterval(() => {
      try {
        stepAsidePoint();
      } catch (e) {
        clearInterval(poll);
        reject(e);
      }
    }, everyMs);
    p.then(
      (v) => {
        clearInterval(poll);
        resolve(v);
      },
      (e: unknown) => {
        clearInterval(poll);
        reject(e);
      },
    );
  });
}

/**
 * Runs `run` with `ask` consulted at every stepAsidePoint; 'stepped-aside' when
 * it stopped at one (whatever Astro wrapped the error in), its own result or
 * error otherwise.
 */
export async function steppingAside<T>(ask: () => boolean, run: () => Promise<T>): Promise<T | 'stepped-aside'> {
  aside[ASK] = ask;
  aside[TAKEN] = false;
  try {
    return await run();
  } catch (e) {
    if (aside[TAKEN]) return 'stepped-aside';
    throw e;
  } finally {
    delete aside[ASK];
    delete aside[TAKEN];
  }
}
