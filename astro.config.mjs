// The public site. Astro's root is site/ (its package.json lists the
// framework packages Vite must bundle); this file stays at the top level.
// Built from Directus content at build time: DIRECTUS_URL is read by the data
// layer, SITE_URL makes canonical URLs, SITE_OUT_DIR picks the release folder.
import { copyFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * After the pages are written: the not-found page for missing /news/* paths
 * must sit at /news-not-found.html (what the front server and nginx serve),
 * and the Pagefind search index is built from the article pages.
 */
function portalPostBuild() {
  return {
    name: 'portal-post-build',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        await copyFile(path.join(out, 'news-not-found/index.html'), path.join(out, 'news-not-found.html'));
        // A targeted (publish) build holds a few articles only: the live index stays
        // until the catch-up full build (docs/decisions/006-publish-pipeline.md).
        if (process.env.PORTAL_BUILD_NEWS_IDS) return;
        const pagefind = await import('pagefind');
        const { index, errors } = await pagefind.createIndex({ forceLanguage: 'pt' });
        if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
        const added = await index.addDirectory({ path: out, glob: 'news/**/*.html' });
        if (added.errors.length) throw new Error(`Pagefind: ${added.errors.join('; ')}`);
        await index.writeFiles({ outputPath: path.join(out, 'pagefind') });
        await pagefind.close();
        logger.info(`Pagefind: ${added.page_count} notícias indexadas`);
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
