// The public site. Astro's root is site/ (its package.json lists the
// framework packages Vite must bundle); this file stays at the top level.
// Built from Directus content at build time: DIRECTUS_URL is read by the data
// layer, SITE_URL makes canonical URLs, SITE_OUT_DIR picks the release folder.
import { chmod, copyFile, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { isTargetedBuild, SEARCH_INDEX_PROCESS_ENV } from './domain/src/build-contract.ts';
import { RECENT_INDEX_DIR } from './domain/src/search-delta.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const targeted = isTargetedBuild(process.env);
const outDir = process.env.SITE_OUT_DIR ? path.resolve(process.env.SITE_OUT_DIR) : path.join(here, 'dist/site');
// Astro's scratch space (.prerender) per output folder: builds running side by
// side (the builder, e2e, bench) never share it.
const scratchDir = path.join(here, '.cache/astro-build', createHash('sha1').update(outDir).digest('hex').slice(0, 12));

/**
 * The not-found page for missing /news/* paths must sit at
 * /news-not-found.html (what the front server and nginx serve). The Pagefind
 * index is built from the data in parallel with page rendering: every story
 * in a full build; in a targeted build only the stories changed since the
 * live full index, into /pagefind-recent/, which the search page merges
 * (domain/src/search-delta.ts, docs/decisions/006-publish-pipeline.md).
 */
/** The index builder runs as its own process: the render process's event loop is too busy to feed Pagefind. */
function runSearchIndex(outDir, recent) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, 'site/src/lib/search-index-cli.ts'), outDir, ...(recent ? ['--recent'] : [])], {
      // It reads the build's news rows; the page process alone writes them (site/src/lib/news-snapshot.ts).
      env: { ...process.env, [SEARCH_INDEX_PROCESS_ENV]: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(Number(out)) : reject(new Error(`índice de busca falhou: ${err.slice(-2000)}`))));
  });
}

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
    },
  };
}

function portalPostBuild() {
  let searchIndex;
  let tmp;
  let outDir;
  return {
    name: 'portal-post-build',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:start': async () => {
        // Beside the output (same filesystem), so moving the index in is one rename.
        await mkdir(path.dirname(outDir), { recursive: true });
        tmp = await mkdtemp(`${outDir.replace(/\/$/, '')}.pagefind-`);
        // mkdtemp makes it private (0700): nginx's workers (another user) must read the index.
        await chmod(tmp, 0o755);
        searchIndex = runSearchIndex(tmp, targeted);
        searchIndex.catch(() => {}); // awaited (and rethrown) in build:done
      },
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        await copyFile(path.join(out, 'news-not-found/index.html'), path.join(out, 'news-not-found.html'));
        if (!searchIndex) return;
        const count = await searchIndex;
        const into = path.join(out, targeted ? RECENT_INDEX_DIR : 'pagefind');
        await rm(into, { recursive: true, force: true });
        if (count > 0 || !targeted) await rename(tmp, into);
        else await rm(tmp, { recursive: true, force: true });
        logger.info(`Pagefind: ${count} notícias indexadas${targeted ? ' (índice recente)' : ''}`);
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
  vite: { plugins: [tailwindcss()] },
});
