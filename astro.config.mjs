// The public site. Astro's root is site/ (its package.json lists the
// framework packages Vite must bundle); this file stays at the top level.
// Built from Directus content at build time: DIRECTUS_URL is read by the data
// layer, SITE_URL makes canonical URLs, SITE_OUT_DIR picks the release folder.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { buildPlan, isStoryHelper, isTargetedBuild } from './domain/src/build-contract.ts';
import { beginPostBuild } from '@portal/builder/post-build';
import { startStoryHelpers } from '@portal/builder/story-shards';
import { islandChunksPlugin } from './site/src/lib/island-preload.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const targeted = isTargetedBuild(buildPlan(process.env));
// A full build's story helper (builder/src/story-shards.ts): story pages only, its build does the rest.
const storyHelper = isStoryHelper(buildPlan(process.env));
const outDir = process.env.SITE_OUT_DIR ? path.resolve(process.env.SITE_OUT_DIR) : path.join(here, 'dist/site');
// Astro's scratch space (.prerender) per output folder: builds running side by
// side (the builder, e2e, bench) never share it.
const scratchDir = path.join(here, '.cache/astro-build', createHash('sha1').update(outDir).digest('hex').slice(0, 12));

/**
 * Astro writes its prerender chunks to build.server only when an adapter asks
 * it to keep that folder; otherwise to the output folder when that lies under
 * the working directory, and else to one shared <cwd>/.astro — where two builds
 * side by side (the full lane and the live lane, with releases outside the
 * checkout, as in production and the API suite) delete and overwrite each
 * other's chunks. This static-only "adapter" just keeps every build's chunks
 * in its own scratch folder (inside the project, so they resolve its packages).
 */
function ownPrerenderScratch() {
  // Set only in the live lane's warm process (KEEP_PRERENDERER, builder/src/warm-render.ts).
  const keep = globalThis[Symbol.for('portal.keepPrerenderer')];
  return {
    name: 'portal-own-prerender-scratch',
    hooks: {
      'astro:config:done': ({ setAdapter }) =>
        setAdapter({
          name: 'portal-static',
          entrypointResolution: 'auto',
          adapterFeatures: { buildOutput: 'static', preserveBuildServerDir: true },
          supportedAstroFeatures: { staticOutput: 'stable', sharpImageService: 'stable' },
        }),
      // The live lane's warm process keeps this build's page renderer for the next targeted builds (builder/src/warm-render.ts).
      'astro:build:start': ({ setPrerenderer }) => {
        if (keep) setPrerenderer((d) => keep(d, path.join(scratchDir, '.prerender')));
      },
      // With a prerenderer set, Astro leaves the prerender entry to the adapter: this one keeps Astro's own.
      'astro:build:setup': ({ updateConfig }) => {
        if (keep) updateConfig({ environments: { prerender: { build: { rolldownOptions: { input: 'astro/entrypoints/prerender' } } } } });
      },
    },
  };
}

/**
 * Search index and not-found copy (builder/src/post-build.ts, shared
 * with the warm render); in a full build, the processes that render its story
 * pages beside it (builder/src/story-shards.ts), started once the
 * search-index process that hands them the rows is.
 */
function portalPostBuild() {
  let post;
  let helpers;
  return {
    name: 'portal-post-build',
    hooks: {
      'astro:build:start': async () => {
        if (storyHelper) return;
        // A warm process's prime is thrown away: no search index (domain/src/build-contract.ts `prime`).
        if (!buildPlan(process.env).prime) post = await beginPostBuild(here, outDir, targeted);
        helpers = await startStoryHelpers(outDir);
      },
      'astro:build:done': async ({ logger }) => {
        await helpers?.finish();
        await post?.finish((s) => logger.info(s));
      },
    },
  };
}

export default defineConfig({
  root: path.join(here, 'site'),
  srcDir: path.join(here, 'site/src'),
  publicDir: path.join(here, 'site/public'),
  outDir,
  cacheDir: path.join(here, '.cache/astro'),
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  trailingSlash: 'ignore',
  // Inlined CSS (about 8 KB gzip) saves a render-blocking request on the first view.
  // Four pages in flight overlap file writes with rendering (10k pages: about 4 s faster).
  build: { format: 'directory', assets: '_astro', inlineStylesheets: 'always', concurrency: 4, server: scratchDir },
  // renderToString instead of web streams: static cards render markedly faster at 10k pages.
  integrations: [react({ experimentalDisableStreaming: true }), ownPrerenderScratch(), portalPostBuild()],
  // No script of ours is inlined into a page: every executable inline script is one of Astro's own
  // runtime snippets, whose hashes the CSP lists (edge/src/security-headers.ts; issue #32).
  // The client build's chunks, for the islands' modulepreload links (site/src/lib/island-preload.ts).
  vite: { plugins: [tailwindcss(), islandChunksPlugin()], build: { assetsInlineLimit: 0 } },
});
