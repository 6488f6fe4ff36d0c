/**
 * A seeded Directus for development, on its own port and data folder:
 *   node scripts/dev-directus.ts --port 18101 --data .cache/dev-site [--fresh]
 * Prints DIRECTUS_URL and ADMIN_TOKEN, and runs until Ctrl-C.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../directus/scripts/lib/paths.ts';
import { startDirectusInstance } from './lib/stack.ts';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '8055' }, data: { type: 'string', default: '.data' }, fresh: { type: 'boolean', default: false }, site: { type: 'string' } },
});
const directus = await startDirectusInstance({
  dataDir: path.resolve(ROOT, values.data!),
  port: Number(values.port),
  demo: true,
  fresh: values.fresh,
  siteUrl: values.site,
  log: (s) => console.log(`» ${s}`),
});
console.log(`DIRECTUS_URL=${directus.url}\nADMIN_TOKEN=${directus.env.ADMIN_TOKEN}`);
const stop = async () => {
  await directus.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
