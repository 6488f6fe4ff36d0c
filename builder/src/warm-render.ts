/**
 * Renders a targeted build without bundling anything (docs/decisions/006).
 * A targeted build's time went mostly to Vite bundling the same sources again
 * on every publish (the prerender and client bundles). The live lane's warm
 * process (astro-worker.ts) runs one real Astro build, keeps that build's page
 * renderer — the prerender bundle Astro itself renders static pages with — and
 * renders every later targeted build with it: the same routes, the same
 * getStaticPaths, the same render and the same output paths as Astro's static
 * generation (its own `renderPath`), with the job's environment. The client
 * assets those pages link are content-hashed and already in the release (the
 * site's sources only change with a deploy, which restarts the builder).
 *
 * The recent search index is written in this process after the pages, from
 * the content they were rendered from (no second process loading it again).
 *
 * Astro deletes the prerender folder once a build has generated its pages, so
 * every chunk in it is imported before that (`keepPrerenderer`): later renders
 * find each module loaded, whatever pages they need.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../../directus/scripts/lib/paths.ts';
import { buildPlan, inStoriesOnlyBuild } from '@portal/domain/build-contract';
import { beginPostBuild } from './post-build.ts';
import { loadedContent } from '../../site/src/build/load.ts';
import { holdsRows } from '../../site/src/build/news-snapshot.ts';
import { forgetBuilds, stepAsidePoint, steppingAside } from '../../site/src/build/per-build.ts';
import { writeSearchIndex } from '../../site/src/build/search-index.ts';

type RouteData = { type: string; pathname?: string; distURL?: URL[] };
type PathWithRoute = { pathname: string; route: RouteData };
type BuildOptions = { settings: { config: { outDir: URL; build: { concurrency: number } } }; logger: unknown };
/** Astro's default prerenderer (core/build/default-prerenderer.js) once set up. */
export type Prerenderer = {
  name: string;
  app: { getOptions(): BuildOptions; routeCache: { clearAll(): void } };
  setup?(): Promise<void>;
  getStaticPaths(): Promise<PathWithRoute[]>;
  render(request: Request, o: { routeData: RouteData; collectMetadata?: boolean }): Promise<unknown>;
  teardown?(): Promise<void>;
};
type RenderPath = (o: {
  prerenderer: Prerenderer;
  pathname: string;
  route: RouteData;
  options: BuildOptions;
  logger: unknown;
  collectMetadata: boolean;
}) => Promise<{ body: string | Uint8Array; outFile: URL; outFolder: URL } | null>;

/** Where astro.config.mjs finds the keeper: set only in the warm process. */
export const KEEP_PRERENDERER = Symbol.for('portal.keepPrerenderer');

function modulesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const f = path.join(dir, name);
    return statSync(f).isDirectory() ? modulesUnder(f) : /\.m?js$/.test(name) ? [f] : [];
  });
}

/**
 * Takes the first build's prerenderer (Astro's `setPrerenderer` hook, through
 * astro.config.mjs): it renders that build as usual; at its teardown every
 * module of its bundle is loaded and the renderer handed to `onKept`.
 */
export function keepPrerenderer(onKept: (p: Prerenderer) => void) {
  return (d: Prerenderer, prerenderDir: string): Prerenderer => {
    const teardown = d.teardown?.bind(d);
    d.teardown = async () => {
      await teardown?.();
      for (const f of modulesUnder(prerenderDir)) await import(pathToFileURL(f).href);
      onKept(d);
    };
    return d;
  };
}

// Astro's own page-to-file step; not a public export, so reached by path (astro is pinned in site/package.json).
const generate = import(pathToFileURL(path.join(ROOT, 'node_modules/astro/dist/core/build/generate.js')).href) as Promise<{ renderPath: RenderPath }>;

async function indexRecent(out: string, into: string): Promise<number> {
  const c = loadedContent(out);
  if (!c) throw new Error('índice de busca: o conteúdo do build não foi carregado');
  return writeSearchIndex(c, into, { recent: true });
}

/** Where a targeted build's time went, for the builder's log: pages written, and milliseconds per step. */
export type RenderTimings = { pages: number; pathsMs: number; renderMs: number; indexMs: number };

/** Past this share of its pages, a build asked to step aside finishes instead: what is left costs less than starting again. */
export const STEP_ASIDE_BEFORE = 0.75;

/**
 * One targeted build with the kept renderer, into SITE_OUT_DIR of the (already
 * set) environment. `stepAside`: asked before anything is read, at every read
 * of the content, while its Directus reads are pending and between pages
 * (per-build.ts stepAsidePoint); once it says yes (and fewer than
 * STEP_ASIDE_BEFORE of the pages are written) the build stops, leaves its
 * pages unused in scratch and returns
 * 'stepped-aside' (a publish waits: coalescer.ts runs it first, then this
 * build again from the start). A build over another release's rows than those
 * this process holds (an adoption) steps aside only before it reads them: after,
 * the publish would read the live release's rows back, and this build the new
 * ones again (seconds each at 100,000 stories), for a wait no shorter.
 */
export async function renderTargeted(
  p: Prerenderer,
  env: Record<string, string | undefined>,
  log: (s: string) => void = () => {},
  stepAside: () => boolean = () => false,
): Promise<RenderTimings | 'stepped-aside'> {
  const out = env.SITE_OUT_DIR;
  const plan = buildPlan(env);
  if (!out || !plan.targeted) throw new Error('render sem build: só builds direcionados, com SITE_OUT_DIR');
  // A live entry's build: the coverage's own pages and the feeds that date it; no search entry changed.
  const storiesOnly = plan.targeted.storiesOnly ? plan.targeted.slugs : null;
  const switching = !!plan.targeted.newsSnapshot && !holdsRows(plan.targeted.newsSnapshot);
  const t0 = performance.now();
  // What the last build loaded goes before this one reads anything: never both at once (at 100,000 stories, ~500 MB).
  forgetBuilds();
  const { renderPath } = await generate;
  const options = p.app.getOptions();
  options.settings.config.outDir = pathToFileURL(`${path.resolve(out)}/`);
  // getStaticPaths results are cached per route by Astro: this build asks again.
  p.app.routeCache.clearAll();
  // The recent search index from the content these pages were rendered from, in this process (no second load).
  // A prime (a throwaway job) indexes nothing either.
  const post = storiesOnly || plan.prime ? null : await beginPostBuild(ROOT, path.resolve(out), true, { index: (into) => indexRecent(out, into) });
  // Asked while this job waited to start, or in its first moments: nothing read yet.
  if (stepAside()) {
    await post?.abandon();
    return 'stepped-aside';
  }
  // Until the pages are nearly all written, the content's reads stop it too (per-build.ts stepAsidePoint):
  // computing a site-wide change's paths takes seconds under a crowd. Never once another release's rows are read.
  let paths: PathWithRoute[] | null = null;
  let next = 0;
  const mayStop = () => !switching && (!paths || next < paths.length * STEP_ASIDE_BEFORE) && stepAside();
  const routes = new Set<RouteData>();
  let t1 = 0;
  const done = await steppingAside(mayStop, async () => {
    const seen = new Set<string>();
    const found = (await p.getStaticPaths()).filter(({ pathname }) => {
      const key = pathname.replace(/\/$/, '');
      if (seen.has(key)) return false; // the first route wins, as in Astro's generation
      seen.add(key);
      return !storiesOnly || inStoriesOnlyBuild(key, storiesOnly);
    });
    paths = found;
    t1 = performance.now();
    for (const x of found) routes.add(x.route);
    // One stops, all stop (a failure, or a story waiting), before anything else is written into scratch.
    let stop = false;
    const one = async () => {
      while (next < found.length && !stop) {
        const { pathname, route } = found[next++]!;
        try {
          stepAsidePoint();
          const r = await renderPath({ prerenderer: p, pathname, route, options, logger: options.logger, collectMetadata: false });
          if (!r) continue;
          await mkdir(r.outFolder, { recursive: true });
          await writeFile(r.outFile, r.body);
        } catch (e) {
          stop = true;
          throw e;
        }
      }
    };
    const loops = await Promise.allSettled(Array.from({ length: Math.max(1, options.settings.config.build.concurrency) }, one));
    const failed = loops.find((l) => l.status === 'rejected');
    if (failed) throw failed.reason;
    return found.length;
  }).finally(() => {
    for (const route of routes) route.distURL = undefined; // Astro appends every file written to its route
  });
  if (done === 'stepped-aside') {
    await post?.abandon();
    return 'stepped-aside';
  }
  const t2 = performance.now();
  await post?.finish(log);
  return { pages: done, pathsMs: Math.round(t1 - t0), renderMs: Math.round(t2 - t1), indexMs: Math.round(performance.now() - t2) };
}
