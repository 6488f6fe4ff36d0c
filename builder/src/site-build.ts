/**
 * One site build into a release folder. Full: `astro build` of every page.
 * Targeted (a publish, or a site-wide change with no story): Astro renders
 * only the touched articles plus the pages every change touches (home,
 * categories, feeds, sitemaps, live.json, not-found pages) into a scratch
 * folder, which is laid over the live release itself (or over a finished
 * full build being adopted); articles no longer public are removed. Targeted
 * builds run in the live lane's warm process when given one (warmAstro).
 * See docs/decisions/006-publish-pipeline.md.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { isUsableSlug, type SkippedRecord } from '@portal/domain/text-limits';
import path from 'node:path';
import { ROOT } from '../../directus/scripts/lib/paths.ts';
import { LIVE_ONLY, newsSnapshotFile, planEnv, searchIndexListFile, snapshotDeltaFile, targetedPlan, type BuildPlan, type NamedLists, type TargetedRequest } from '@portal/domain/build-contract';
import { ARCHIVE_ROOTS, isMonthKey } from '@portal/domain/archive';
import type { Releases } from './releases.ts';
import { BuildWorker, type BuildWorkerOptions } from './build-worker.ts';
import type { PausableGroups } from './pausable.ts';
import { ASTRO_BUILD_ARGS, ASTRO_NODE_ARGS } from './astro-cli.ts';
import { lowerPriority } from './priority.ts';
import { SteppedAside } from './coalescer.ts';
import { captureOutput, howItEnded } from './child-output.ts';

export type SiteBuildOptions = {
  directusUrl: string;
  /** The site_reader account's static token: the build reads what the public reads, without the public's bounds (decision 032). */
  directusToken: string;
  siteUrl: string;
  log?: (s: string) => void;
  /** The live lane's warm build process (warmAstro); without it a targeted build runs a cold `astro build`. */
  worker?: BuildWorker;
  /** Stops a cold build under way, with the processes it started (the builder stopping: nothing outlives it). */
  signal?: AbortSignal;
  /** Where a full build registers its process group, so the live lane can stop it while it renders (pausable.ts). */
  pausable?: PausableGroups;
  /** Told once a full build's story rows and its search index are beside its folder (rowsAndIndexWritten): before it ends. */
  onRows?: (dir: string) => void;
};

/**
 * The same build in a long-lived process with Astro and Vite already loaded
 * (builder/src/astro-worker.ts): a targeted build no longer pays
 * Node's and Astro's start-up per publish. Call warm() to start it ahead.
 */
export function warmAstro(o: Pick<BuildWorkerOptions, 'maxJobs' | 'maxRssBytes' | 'maxGrowthBytes' | 'prime' | 'log'> = {}): BuildWorker {
  return new BuildWorker({
    script: path.join(import.meta.dirname, 'astro-worker.ts'),
    cwd: ROOT,
    // gc(): the rows of the release it renders over are let go and collected before another release's are read (per-build.ts forgetRows).
    execArgv: [...ASTRO_NODE_ARGS, '--expose-gc'],
    env: { ASTRO_TELEMETRY_DISABLED: '1' },
    ...o,
  });
}

export function astroEnv(outDir: string, o: Pick<SiteBuildOptions, 'directusUrl' | 'directusToken' | 'siteUrl'>): Record<string, string> {
  return { ASTRO_TELEMETRY_DISABLED: '1', DIRECTUS_URL: o.directusUrl, DIRECTUS_TOKEN: o.directusToken, SITE_URL: o.siteUrl, SITE_OUT_DIR: outDir };
}

/** A full build's priority (nice): far below publishes (0), one step above its own page processes (story-shards.ts). */
const FULL_BUILD_NICE = 14;

export function runAstro(outDir: string, o: SiteBuildOptions, extraEnv: Record<string, string> = {}, opts: { low?: boolean } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    // Its own process group, so stopping (or pausing) it reaches its search-index and Pagefind processes too.
    const group = !!(o.signal || o.pausable);
    const child = spawn(process.execPath, ASTRO_BUILD_ARGS, {
      cwd: ROOT,
      env: { ...process.env, ...astroEnv(outDir, o), ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: group,
    });
    if (o.pausable && child.pid) child.on('exit', o.pausable.add(child.pid));
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    if (o.signal?.aborted) killGroup();
    o.signal?.addEventListener('abort', killGroup, { once: true });
    // In a group of its own it does not share the builder's end: the builder ending (process.exit on SIGTERM,
    // a crash) takes it along — left stopped by the live lane, it would stay stopped for ever.
    if (group) process.once('exit', killGroup);
    // The build is over when Astro is: whatever it started and left (esbuild's service outlives its parent
    // by a second or two, for ever if the live lane stopped it in that second: issue #32) goes with it.
    child.on('exit', () => {
      o.signal?.removeEventListener('abort', killGroup);
      process.removeListener('exit', killGroup);
      if (group) killGroup();
    });
    // A full build shares the machine with publishes and the newsroom: it yields the CPU to them (its search index
    // inherits this; its page processes step back further, to 19: story-shards.ts), its session included (priority.ts).
    if (opts.low && child.pid) lowerPriority(child.pid, FULL_BUILD_NICE, group);
    const output = captureOutput(child);
    child.on('error', reject);
    void output.ended.then((end) =>
      end.code === 0 ? resolve() : reject(new Error(`astro build falhou (${howItEnded(end)}):\n${output.tail()}`)),
    );
  });
}

/**
 * Moves every file of `from` into `to`, each by one rename(2): a reader gets
 * the old file or the new one, never half of one, and hard-linked twins in
 * other releases stay untouched. Story pages go first, so a list never links
 * to a story whose page is not there yet.
 */
export function overlay(from: string, to: string, top = true) {
  const names = readdirSync(from);
  if (top) names.sort((a, b) => Number(b === 'news') - Number(a === 'news'));
  for (const name of names) {
    const src = path.join(from, name);
    const dst = path.join(to, name);
    if (statSync(src).isDirectory()) {
      if (existsSync(dst) && !statSync(dst).isDirectory()) rmSync(dst);
      mkdirSync(dst, { recursive: true });
      overlay(src, dst, false);
    } else {
      renameSync(src, dst);
    }
  }
}

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string, rel = ''): string[] {
  const here = path.join(dir, rel);
  if (!existsSync(here)) return [];
  return readdirSync(here).flatMap((name) => {
    const r = path.join(rel, name);
    return statSync(path.join(dir, r)).isDirectory() ? filesUnder(dir, r) : [r];
  });
}

/**
 * The archive files a targeted build takes over: the month pages of the months
 * and lists it wrote (site/src/build/archive-pages.ts records them beside its
 * output), every month of the lists it wrote whole (a catalogue change), and
 * those months' sitemaps. After the overlay, the ones it did not write again
 * go (a month that shrank or emptied keeps no stale page or monthly sitemap);
 * other lists and months keep theirs.
 */
export function staleArchiveFiles(scratch: string, dir: string): string[] {
  const file = `${scratch}.archive.json`;
  if (!existsSync(file)) return [];
  let record: { months?: unknown; lists?: unknown; whole?: unknown };
  try {
    record = JSON.parse(readFileSync(file, 'utf8'));
  } finally {
    rmSync(file, { force: true });
  }
  const months =
    record.months === 'all' || !Array.isArray(record.months) ? null : new Set(record.months.filter((m): m is string => typeof m === 'string' && isMonthKey(m)));
  const lists = record.lists && typeof record.lists === 'object' ? (record.lists as Partial<Record<string, unknown>>) : null;
  const named = (from: unknown, root: string, list: string) => {
    const names = from && typeof from === 'object' ? (from as Partial<Record<string, unknown>>)[root] : undefined;
    return Array.isArray(names) && names.includes(list);
  };
  const listed = (root: string, list: string) => !lists || named(lists, root, list);
  const stale: string[] = [];
  // Month pages of categories, municipalities and authors (ARCHIVE_ROOTS).
  for (const root of ARCHIVE_ROOTS) {
    const base = path.join(dir, root);
    for (const list of existsSync(base) ? readdirSync(base) : []) {
      if (!listed(root, list) || !statSync(path.join(base, list)).isDirectory()) continue;
      for (const year of readdirSync(path.join(base, list)).filter((y) => /^\d{4}$/.test(y))) {
        for (const month of readdirSync(path.join(base, list, year)).filter((m) => /^\d{2}$/.test(m))) {
          if (!months || months.has(`${year}-${month}`) || named(record.whole, root, list)) stale.push(...filesUnder(dir, path.join(root, list, year, month)));
        }
      }
    }
  }
  for (const f of existsSync(path.join(dir, 'sitemaps')) ? readdirSync(path.join(dir, 'sitemaps')) : []) {
    const m = /^news-(\d{4}-\d{2})(-\d+)?\.xml$/.exec(f);
    if (m && (!months || months.has(m[1]!))) stale.push(path.join('sitemaps', f));
  }
  return stale;
}

/** The story addresses among `slugs` that have no page in `dir` (left the public site: unpublished, deleted, renamed). */
export function missingPages(slugs: readonly string[], dir: string): string[] {
  return slugs.filter((slug) => slug && !slug.includes('/') && !slug.includes('..') && !existsSync(path.join(dir, 'news', slug)));
}

/**
 * The files under the listed stories' folders that the build wrote no more
 * (relative to the release): a live coverage's feed and older pages once its
 * live mode is off or its entries fewer (issue #30). A story whose page went
 * is removed whole (missingPages).
 */
export function staleStoryFiles(slugs: readonly string[], scratch: string, dir: string, written: ReadonlySet<string>): string[] {
  return slugs
    .filter((slug) => slug && !slug.includes('/') && !slug.includes('..') && existsSync(path.join(scratch, 'news', slug)))
    .flatMap((slug) => filesUnder(dir, path.join('news', slug)).filter((f) => !written.has(f)));
}

/**
 * The lists a catalogue change names that the build found no page for (a
 * category or municipality renamed away, or deleted): their folders, relative
 * to the release. Their old addresses answer with a 301 from then on
 * (redirects.ts), not with the list as it was.
 */
export function goneLists(named: NamedLists | undefined, scratch: string): string[] {
  return Object.entries(named ?? {}).flatMap(([kind, slugs]) =>
    (slugs ?? []).filter((slug) => isUsableSlug(slug) && !existsSync(path.join(scratch, kind, slug, 'index.html'))).map((slug) => path.join(kind, slug)),
  );
}

/** Removes `files` (relative to `dir`) and the folders they leave empty. */
function removeFiles(dir: string, files: string[]) {
  for (const f of files) {
    rmSync(path.join(dir, f), { force: true });
    for (let d = path.dirname(f); d !== '.' && d !== path.dirname(d); d = path.dirname(d)) {
      try {
        rmdirSync(path.join(dir, d));
      } catch {
        break; // not empty: its parents are not either
      }
    }
  }
}

/**
 * What a build left out (site/src/build/load.ts writes it beside its output
 * folder); read once and removed.
 */
export function takeReport(outDir: string): SkippedRecord[] {
  const file = `${outDir}.report.json`;
  if (!existsSync(file)) return [];
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { skipped?: SkippedRecord[] }).skipped ?? [];
  } catch {
    return [];
  } finally {
    rmSync(file, { force: true });
  }
}

/**
 * A full build's rows and its whole search index are written (its search-index
 * process, which reads the rows first, writes the list of what it indexed
 * last). The site's first prime waits for both (issue #33): started with the
 * rows alone, the warm process's read of them landed beside Pagefind and the
 * index process, the build's highest memory (5 GB at 100,000 stories); the
 * index is done well before the pages are, so the process is still warm when
 * the site goes live.
 */
export function rowsAndIndexWritten(dir: string): boolean {
  return existsSync(newsSnapshotFile(dir)) && existsSync(searchIndexListFile(dir));
}

/** Every page into a new release folder (not yet live). Runs at low CPU priority: publishes come first. */
export async function buildFull(releases: Releases, o: SiteBuildOptions): Promise<string> {
  // The live release's search index may be carried forward rather than made again (domain/src/search-delta.ts).
  const live = releases.active();
  const dir = releases.prepare();
  // Written by the search-index process: watched for here, at a second's notice.
  const watch = o.onRows
    ? setInterval(() => {
        if (!rowsAndIndexWritten(dir)) return;
        clearInterval(watch);
        o.onRows?.(dir);
      }, 1000)
    : undefined;
  try {
    await runAstro(dir, o, live ? planEnv({ searchFrom: live }) : {}, { low: true });
    rmSync(`${dir}.archive.json`, { force: true }); // every month written: nothing to prune
    return dir;
  } catch (e) {
    releases.discard(dir);
    throw e;
  } finally {
    clearInterval(watch);
  }
}

/** A targeted build's plan over `dir`, with the rows that release was made from (re-joined to the catalogue by the build: site/src/build/load.ts). */
function targetedEnv(req: TargetedRequest, dir: string, o: Pick<BuildPlan, 'prime'> = {}): Record<string, string> {
  return planEnv({ ...targetedPlan(req, dir, existsSync(newsSnapshotFile(dir)) ? newsSnapshotFile(dir) : undefined), ...o });
}

/**
 * What primes a new warm process (BuildWorker `prime`, and `refresh` after a
 * full build went live): the lightest targeted build (LIVE_ONLY: no story, no
 * list page) over the live release into scratch, thrown away after; it loads
 * the site's modules and that release's rows. Before the first release, over
 * the first full build once its rows and index are written (`upcoming`): the site's first
 * publish then finds the process warm, with the rows it goes live with.
 */
export function primeJob(
  releases: Releases,
  o: Pick<SiteBuildOptions, 'directusUrl' | 'directusToken' | 'siteUrl'>,
  upcoming: string | null = null,
): { env: Record<string, string>; done: () => void; over: string } | null {
  const live = releases.active() ?? (upcoming && existsSync(newsSnapshotFile(upcoming)) ? upcoming : null);
  if (!live) return null;
  const scratch = releases.prepare();
  return { env: { ...astroEnv(scratch, o), ...targetedEnv(LIVE_ONLY, live, { prime: true }) }, done: () => releases.discard(scratch), over: path.basename(live) };
}

/**
 * A targeted build: the listed stories and the pages their change touches,
 * rendered into scratch and laid over `base` (a full build being adopted) or
 * over the live release itself, one rename per file (no copy of the archive:
 * its cost would grow with it). Returns the folder.
 */
export async function buildTargeted(req: TargetedRequest, base: string | null, releases: Releases, o: SiteBuildOptions, aside?: AbortSignal): Promise<string> {
  // Nothing live to lay the pages over yet: the first build is a full one.
  if (!base && !releases.active()) return buildFull(releases, o);
  const scratch = releases.prepare();
  try {
    const dir = base ?? releases.active()!;
    const env = targetedEnv(req, dir);
    const t0 = performance.now();
    // A cold build (no warm process) never steps aside: it is the rare path, and stopping it would waste its start-up.
    const timings = await (o.worker ? o.worker.run({ ...astroEnv(scratch, o), ...env }, aside) : runAstro(scratch, o, env).then(() => undefined)).catch((e: unknown) => {
      if (e instanceof SteppedAside) o.log?.(`build direcionado${base ? ' (adoção)' : ''} cedeu a vez a uma notícia após ${Math.round(performance.now() - t0)} ms; roda de novo depois dela`);
      throw e;
    });
    const t1 = performance.now();
    const written = new Set(filesUnder(scratch));
    const stale = staleArchiveFiles(scratch, dir).filter((f) => !written.has(f));
    // Articles that left the public site (unpublished, deleted, renamed).
    const gone = missingPages(req.slugs, scratch);
    const goneListDirs = goneLists(req.named, scratch);
    const staleInStories = staleStoryFiles(req.slugs, scratch, dir, written);
    overlay(scratch, dir);
    // Lists first, then what they no longer link to.
    removeFiles(dir, [...stale, ...staleInStories]);
    for (const slug of gone) rmSync(path.join(dir, 'news', slug), { recursive: true, force: true });
    for (const list of goneListDirs) rmSync(path.join(dir, list), { recursive: true, force: true });
    if (existsSync(`${scratch}.report.json`)) renameSync(`${scratch}.report.json`, `${dir}.report.json`);
    // The rows the next build starts from: a delta over the release's base, or (a build that read everything) a new base.
    const [rows, delta] = [newsSnapshotFile(scratch), snapshotDeltaFile(newsSnapshotFile(scratch))];
    if (existsSync(rows)) {
      rmSync(snapshotDeltaFile(newsSnapshotFile(dir)), { force: true });
      renameSync(rows, newsSnapshotFile(dir));
    }
    if (existsSync(delta)) renameSync(delta, snapshotDeltaFile(newsSnapshotFile(dir)));
    // Where the time went (a publish's seconds are the newsroom's goal): read in the builder's log.
    if (timings)
      o.log?.(
        `build direcionado${req.storiesOnly ? ' (só as notícias)' : ''}: ${timings.pages} página(s); caminhos ${timings.pathsMs} ms, páginas ${timings.renderMs} ms, busca ${timings.indexMs} ms, processo ${Math.round(t1 - t0)} ms, release ${Math.round(performance.now() - t1)} ms`,
      );
    return dir;
  } finally {
    releases.discard(scratch);
  }
}
