/**
 * Bundles each extension's src/index.ts into dist/index.js with esbuild.
 * The domain module is bundled in; Directus's own packages stay external so
 * the extension shares the server's instances (errors, knex).
 */
import { build } from 'esbuild';
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { EXTENSIONS_DIR } from './lib/paths.ts';

export async function buildExtensions() {
  const names = readdirSync(EXTENSIONS_DIR).filter((n) => existsSync(path.join(EXTENSIONS_DIR, n, 'src/index.ts')));
  await Promise.all(
    names.map((name) =>
      build({
        entryPoints: [path.join(EXTENSIONS_DIR, name, 'src/index.ts')],
        outfile: path.join(EXTENSIONS_DIR, name, 'dist/index.js'),
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node22',
        // Directus's own packages, and the ones it already ships (shared, not bundled twice); web-push is CommonJS
        // that requires Node's modules at run time, which an ESM bundle cannot: it is loaded from node_modules.
        external: ['@directus/*', 'knex', 'express', 'rate-limiter-flexible', 'ioredis', 'sharp', 'web-push'],
        logLevel: 'warning',
      }),
    ),
  );
  return names;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const names = await buildExtensions();
  console.log(`extensões compiladas: ${names.join(', ')}`);
}
