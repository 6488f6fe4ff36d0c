/**
 * `node site/src/build/search-index-cli.ts <outputDir> [--recent]`: builds the Pagefind
 * index in its own process, so it runs on the second core while the Astro
 * process renders pages (the astro.config integration spawns it).
 */
import { buildSearchIndex } from './search-index.ts';

const [out, mode] = process.argv.slice(2);
if (!out) throw new Error('uso: search-index-cli.ts <pasta de saída> [--recent]');
const count = await buildSearchIndex(out, { recent: mode === '--recent' });
process.stdout.write(String(count));
