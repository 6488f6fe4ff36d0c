/**
 * `node site/src/lib/search-index-cli.ts <outputDir>`: builds the Pagefind
 * index in its own process, so it runs on the second core while the Astro
 * process renders pages (the astro.config integration spawns it).
 */
import { buildSearchIndex } from './search-index.ts';

const out = process.argv[2];
if (!out) throw new Error('uso: search-index-cli.ts <pasta de saída>');
const count = await buildSearchIndex(out);
process.stdout.write(String(count));
