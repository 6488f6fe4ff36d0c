/**
 * `npm run build`: the production artifacts that do not need a running
 * Directus — the Directus extensions (dist/index.js) and the admin SPA
 * (dist/admin). The public site is built by the builder service from live
 * content (builder/src/main.ts). The production image runs this same script.
 */
import path from 'node:path';
import { buildExtensions } from '../directus/scripts/build-extensions.ts';
import { ROOT } from '../directus/scripts/lib/paths.ts';
import { buildAdmin } from './lib/stack.ts';

const outDir = path.join(ROOT, 'dist/admin');
const t0 = Date.now();
const names = await buildExtensions();
console.log(`» extensões: ${names.join(', ')}`);
await buildAdmin({ outDir });
console.log(`» painel em ${path.relative(ROOT, outDir)} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
