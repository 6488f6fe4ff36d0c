// The public site. Astro's root is site/ (its package.json lists the
// framework packages Vite must bundle); this file stays at the top level.
// Built from Directus content at build time: DIRECTUS_URL is read by the data
// layer, SITE_URL makes canonical URLs, SITE_OUT_DIR picks the release folder.
import { copyFile, cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The not-found page for missing /news/* paths must sit at
 * /news-not-found.html (what the front server and nginx serve). The Pagefind
 * index is built from the data in parallel with page rendering, and skipped
 * in targeted (publish) builds, which keep the live index until the
 * catch-up full build (docs/decisions/006-publish-pipeline.md).
 */
function portalPostBuild() {
  let searchIndex;
  let tmp;
  return {
    name: 'portal-post-build',
    hooks: {
      'astro:build:start': async () => {
        if (process.env.PORTAL_BUILD_NEWS_IDS) return;
        tmp = await mkdtemp(path.join(os.tmpdir(), 'pagefind-'));
        const { buildSearchIndex } = await import('./site/src/lib/search-index.ts');
        searchIndex = buildSearchIndex(tmp);
        searchIndex.catch(() => {}); // awaited (and rethrown) in build:done
      },
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        await copyFile(path.join(out, 'news-not-found/index.html'), path.join(out, 'news-not-found.html'));
        if (!searchIndex) return;
        const count = await searchIndex;
        await rm(path.join(out, 'pagefind'), { recursive: true, force: true });
        await cp(tmp, path.join(out, 'pagefind'), { recursive: true });
        await rm(tmp, { recursive: true, force: true });
        logger.info(`Pagefind: ${count} notícias indexadas`);
      },
    },
  };
}

export default defineConfig({
  root: path.join(here, 'site'),
  srcDir: path.join(here, 'site/src'),
  publicDir: path.join(here, 'site/public'),
  outDir: process.env.SITE_OUT_DIR ? path.resolve(process.env.SITE_OUT_DIR) : path.join(here, 'dist/site'),
  cacheDir: path.join(here, '.cache/astro'),
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  trailingSlash: 'ignore',
  // Inlined CSS (about 8 KB gzip) saves a render-blocking request on the first view.
  build: { format: 'directory', assets: '_astro', inlineStylesheets: 'always' },
  integrations: [react(), portalPostBuild()],
  vite: { plugins: [tailwindcss()] },
});
