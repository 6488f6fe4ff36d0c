/**
 * A large full build renders its story pages in two processes (docs/decisions/006,
 * "Story pages on every core"). At 100,000 stories nine tenths of a full
 * build is rendering story pages, one after another on one core (Astro
 * renders in one thread), while the second core only had the search index to
 * build. So the build (`astro build`, process 0) starts helpers — the same
 * `astro build`, told by its build plan (`shard`) to render only its share of the
 * story pages, from the rows the build's search-index process hands over —
 * and, once its own pages are written, moves their story pages into its
 * output. One failing fails the build (the last good site stays live). They
 * are the build's children, in its process group: pausing or stopping the
 * build (pausable.ts, the builder's abort) reaches them too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism, getPriority, setPriority } from 'node:os';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../directus/scripts/lib/paths.ts';
import { ASTRO_BUILD_ARGS } from './astro-cli.ts';
import { captureOutput } from './child-output.ts';
import { buildPlan, isTargetedBuild, planEnv, storyProcessesFor, storyShard } from '@portal/domain/build-contract';
import { aggregate, tokenClient } from '../../directus/scripts/lib/client.ts';

/** How many processes render a full build's story pages: set, or storyProcessesFor the archive (tests and operators may set it). */
export const STORY_PROCESSES_ENV = 'PORTAL_STORY_PROCESSES';

async function storyProcesses(env: Record<string, string | undefined>, published: () => Promise<number>, cores = availableParallelism()): Promise<number> {
  const n = Number(env[STORY_PROCESSES_ENV]);
  if (Number.isInteger(n) && n >= 1) return n;
  return storyProcessesFor(await published(), cores);
}

/** Published stories, as readers may see them (the builder's read account); 0 if Directus does not answer (then the build's own read reports it). */
async function publishedStories(directusUrl: string | undefined, token: string | undefined): Promise<number> {
  if (!directusUrl || !token) return 0;
  try {
    const rows = (await tokenClient(directusUrl, token).request(
      aggregate('news', { aggregate: { count: '*' }, query: { filter: { status: { _eq: 'published' } } } }),
    )) as unknown as Array<{ count?: number | string }>;
    return Number(rows[0]?.count ?? 0);
  } catch {
    return 0;
  }
}

/** How far (nice) the page processes of a sharded full build step back behind its search index. */
const PAGE_PROCESS_STEP_BACK = 5;

/** Helper `i`'s output, beside the build's (same filesystem: moving a page in is one rename; a discarded release takes it along). */
const helperOut = (outDir: string, i: number) => `${outDir.replace(/\/$/, '')}.stories-${i}`;

/** Moves every entry of `from` into `to` (one rename each); with `keep`, an entry `to` already has stays as it is. */
function moveEntries(from: string, to: string, keep = false) {
  if (!existsSync(from)) return;
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const dst = path.join(to, name);
    if (existsSync(dst)) {
      if (keep) continue;
      rmSync(dst, { recursive: true, force: true });
    }
    renameSync(path.join(from, name), dst);
  }
}

/** A helper's output and whatever its build left beside it (`<dir>.report.json`, …), as Releases.discard takes a release's. */
function removeHelperOutput(dir: string) {
  const base = path.basename(dir);
  for (const f of readdirSync(path.dirname(dir))) {
    if (f === base || f.startsWith(`${base}.`)) rmSync(path.join(path.dirname(dir), f), { recursive: true, force: true });
  }
}

export type StoryHelpers = {
  /** Once the build's own pages are written: waits for the helpers and moves their story pages in (throws if one failed). */
  finish(): Promise<void>;
};

/**
 * Called by a full build as it starts (astro.config.mjs), with its output
 * folder and its environment (process.env: it takes shard 0 there). Null when
 * this build renders every story itself: a targeted build, a helper, one core
 * or a small archive (storyProcessesFor).
 */
export async function startStoryHelpers(outDir: string, env: Record<string, string | undefined> = process.env): Promise<StoryHelpers | null> {
  const plan = buildPlan(env);
  if (isTargetedBuild(plan) || storyShard(plan)) return null;
  const count = await storyProcesses(env, () => publishedStories(env.DIRECTUS_URL, env.DIRECTUS_TOKEN));
  if (count < 2) return null;
  // Read again: the search index's start (post-build.ts) may have set the page process's rows meanwhile.
  Object.assign(env, planEnv({ ...buildPlan(env), shard: { index: 0, count } }));
  // The search index (started before, with Pagefind in its own processes) is the build's longest single
  // path; the page processes step back (this one, and its helpers, which inherit it) so it runs first and
  // they take both cores after (at 100k Pagefind was done 22 s sooner, the build 5 s: docs/decisions/006).
  try {
    setPriority(Math.min(19, getPriority() + PAGE_PROCESS_STEP_BACK));
  } catch {
    // Not permitted: the same priority as the index, only later done.
  }
  const children: ChildProcess[] = [];
  let finishing = false;
  const stopAll = () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  };
  // This build ending first (it failed) takes its helpers with it.
  process.once('exit', stopAll);
  const runs = Array.from({ length: count - 1 }, (_, k) => {
    const i = k + 1;
    const dir = helperOut(outDir, i);
    removeHelperOutput(dir);
    const child = spawn(process.execPath, ASTRO_BUILD_ARGS, {
      cwd: ROOT,
      env: { ...env, SITE_OUT_DIR: dir, ...planEnv({ ...plan, shard: { index: i, count }, shardOf: outDir, rowsFromSearch: true }) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    const output = captureOutput(child, { keep: 4000 });
    const done = new Promise<void>((resolve, reject) => {
      child.on('error', reject);
      void output.ended.then(({ code, signal }) =>
        code === 0 ? resolve() : reject(new Error(`páginas de notícias (processo ${i + 1} de ${count}) falharam (${signal ?? `código ${code}`}):\n${output.tail(2000)}`)),
      );
    });
    // A helper that dies fails the build now, not after this process has rendered its share for nothing.
    done.catch((e: Error) => {
      if (finishing) return; // finish reports it
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    });
    return { dir, done };
  });
  return {
    async finish() {
      finishing = true;
      try {
        const settled = await Promise.allSettled(runs.map((r) => r.done));
        const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
        if (failed) throw failed.reason;
        for (const { dir } of runs) {
          moveEntries(path.join(dir, 'news'), path.join(outDir, 'news'));
          // The client assets their pages link: the same sources bundle to the same names, but a page must never link a missing one.
          moveEntries(path.join(dir, '_astro'), path.join(outDir, '_astro'), true);
        }
      } finally {
        stopAll();
        process.removeListener('exit', stopAll);
        for (const { dir } of runs) removeHelperOutput(dir);
      }
    },
  };
}
