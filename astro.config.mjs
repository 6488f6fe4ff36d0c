// The public site. Astro's root is site/ (its package.json lists the
// framework packages Vite must bundle); this file stays at the top level.
// Built from Directus content at build time: DIRECTUS_URL is read by the data
// layer, SITE_URL makes canonical URLs, SITE_OUT_DIR picks the release folder.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: path.join(here, 'site'),
  srcDir: path.join(here, 'site/src'),
  publicDir: path.join(here, 'site/public'),
  outDir: process.env.SITE_OUT_DIR ? path.resolve(process.env.SITE_OUT_DIR) : path.join(here, 'dist/site'),
  cacheDir: path.join(here, '.cache/astro'),
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  trailingSlash: 'ignore',
  build: { format: 'directory', assets: '_astro' },
  integrations: [react()],
  vite: { plugins: [tailwindcss()] },
});
