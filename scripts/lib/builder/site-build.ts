/**
 * One site build into a release folder. Full: `astro build` of every page.
 * Targeted (a publish, or a site-wide change with no story): Astro renders
 * only the touched articles plus the pages every change touches (home,
 * categories, feeds, sitemaps, live.json, not-found pages) into a scratch
 * folder, which is laid over a hard-link clone of the live release (or over a
 * finished full build being adopted); articles no longer public are removed.
 * See docs/decisions/006-publish-pipeline.md.
 */
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import type { SkippedRecord } from '@portal/domain/text-limits';
import path from 'node:path';
import { ROOT } from '../../../directus/scripts/lib/paths.ts';
import { targetedBuildEnv, type TargetedRequest } from '@portal/domain/build-contract';
import { ARCHIVE_ROOTS } from '@portal/domain/archive';
import type { Releases } from './releases.ts';

export type SiteBuildOptions = { directusUrl: string; siteUrl: string; log?: (s: string) => void };

/**
 * How every site build runs (builder, npm start, e2e, bench). --silent drops
 * the per-page log line (10,000 of them); a larger young generation cuts GC
 * pauses while rendering (measured: docs/decisions/006-publish-pipeline.md).
 */
export const ASTRO_BUILD_ARGS = ['--max-semi-space-size=64', path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'];

export function astroEnv(outDir: string, o: Pick<SiteBuildOptions, 'directusUrl' | 'siteUrl'>): Record<string, string> {
  return { ASTRO_TELEMETRY_DISABLED: '1', DIRECTUS_URL: o.directusUrl, SITE_URL: o.siteUrl, SITE_OUT_DIR: outDir };
}

export function runAstro(outDir: string, o: SiteBuildOptions, extraEnv: Record<string, string> = {}, opts: { low?: boolean } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ASTRO_BUILD_ARGS, {
      cwd: ROOT,
      env: { ...process.env, ...astroEnv(outDir, o), ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (opts.low && child.pid) {
      try {
        // A full build shares the machine with publishes: it yields the CPU to them.
        setPriority(child.pid, 10);
      } catch {
        // Not permitted here: it still runs, at normal priority.
      }
    }
    let out = '';
    child.stdout.on('data', (d) => (out = (out + d).slice(-8000)));
    child.stderr.on('data', (d) => (out = (out + d).slice(-8000)));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`astro build falhou (código ${code}):\n${out.slice(-3000)}`))));
  });
}

/** Moves every file of `from` into `to`, replacing entries by rename so hard-linked twins stay untouched. */
export function overlay(from: string, to: string) {
  for (const name of readdirSync(from)) {
    const src = path.join(from, name);
    const dst = path.join(to, name);
    if (statSync(src).isDirectory()) {
      if (existsSync(dst) && !statSync(dst).isDirectory()) rmSync(dst);
      mkdirSync(dst, { recursive: true });
      overlay(src, dst);
    } else {
      renameSync(src, dst);
    }
  }
}

/**
 * Before a targeted build is laid over the live copy: the archive months it
 * wrote (site/src/lib/archive-pages.ts records them beside its output) lose
 * their old files, so a month that shrank or emptied keeps no stale page or
 * monthly sitemap. `all`: every month.
 */
export function pruneArchive(scratch: string, dir: string) {
  const file = `${scratch}.archive.json`;
  if (!existsSync(file)) return;
  let scope: 'all' | string[];
  try {
    scope = JSON.parse(readFileSync(file, 'utf8'));
  } finally {
    rmSync(file, { force: true });
  }
  const months = scope === 'all' ? null : new Set(scope.filter((m) => /^\d{4}-\d{2}$/.test(m)));
  // Month pages of categories and municipalities (ARCHIVE_ROOTS).
  for (const root of ARCHIVE_ROOTS) {
    const lists = path.join(dir, root);
    for (const list of existsSync(lists) ? readdirSync(lists) : []) {
      for (const year of readdirSync(path.join(lists, list)).filter((y) => /^\d{4}$/.test(y))) {
        const yearDir = path.join(lists, list, year);
        for (const month of readdirSync(yearDir).filter((m) => /^\d{2}$/.test(m))) {
          if (!months || months.has(`${year}-${month}`)) rmSync(path.join(yearDir, month), { recursive: true, force: true });
        }
      }
    }
  }
  const sitemaps = path.join(dir, 'sitemaps');
  for (const f of existsSync(sitemaps) ? readdirSync(sitemaps) : []) {
    const m = /^news-(\d{4}-\d{2})(-\d+)?\.xml$/.exec(f);
    if (m && (!months || months.has(m[1]!))) rmSync(path.join(sitemaps, f), { force: true });
  }
}

/**
 * What a build left out (site/src/lib/content.ts writes it beside its output
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

/** Every page into a new release folder (not yet live). Runs at low CPU priority: publishes come first. */
export async function buildFull(releases: Releases, o: SiteBuildOptions): Promise<string> {
  const dir = releases.prepare();
  try {
    await runAstro(dir, o, {}, { low: true });
    rmSync(`${dir}.archive.json`, { force: true }); // every month written: nothing to prune
    return dir;
  } catch (e) {
    releases.discard(dir);
    throw e;
  }
}

/**
 * A targeted build: the listed stories and every page that is not a story,
 * rendered into scratch and laid over `base` (a full build being adopted) or
 * over a hard-link copy of the live release. Returns the folder (not yet live).
 */
export async function buildTargeted(req: TargetedRequest, base: string | null, releases: Releases, o: SiteBuildOptions): Promise<string> {
  // Nothing live to lay the pages over yet: the first build is a full one.
  if (!base && !releases.active()) return buildFull(releases, o);
  const scratch = releases.prepare();
  let dir: string | null = null;
  try {
    await runAstro(scratch, o, targetedBuildEnv(req, base ?? releases.active()!));
    dir = base ?? (await releases.cloneActive());
    // Articles that left the public site (unpublished, deleted, renamed) lose their page.
    for (const slug of req.slugs) {
      if (!slug || slug.includes('/') || slug.includes('..')) continue;
      if (!existsSync(path.join(scratch, 'news', slug))) rmSync(path.join(dir, 'news', slug), { recursive: true, force: true });
    }
    pruneArchive(scratch, dir);
    overlay(scratch, dir);
    if (existsSync(`${scratch}.report.json`)) renameSync(`${scratch}.report.json`, `${dir}.report.json`);
    return dir;
  } catch (e) {
    // The base belongs to the caller (the scheduler discards a failed adoption).
    if (dir && dir !== base) releases.discard(dir);
    throw e;
  } finally {
    releases.discard(scratch);
  }
}
