/**
 * The site builder service (run by `npm start` and by docker-compose):
 *   POST /hooks/rebuild   { full?: boolean, news?: string[], slugs?: string[] }  (header x-builder-token)
 *   GET  /status          state, last success/failure, queue
 * Builds are coalesced, published atomically, and a failure keeps the last
 * good site online. A targeted (publish) build is followed, a minute after
 * the last publish, by a full one so lists on other pages catch up.
 */
import http from 'node:http';
import { startBuilder } from './lib/builder/service.ts';

const port = Number(process.env.BUILDER_PORT ?? 4400);
const host = process.env.BUILDER_HOST ?? '0.0.0.0';
if (!process.env.BUILDER_TOKEN && !['127.0.0.1', 'localhost', '::1'].includes(host)) {
  console.error(`[builder] BUILDER_TOKEN vazio: o construtor não escuta em ${host} sem token (defina BUILDER_TOKEN ou BUILDER_HOST=127.0.0.1).`);
  process.exit(1);
}
const service = startBuilder({
  releasesRoot: process.env.SITE_RELEASES_DIR ?? 'dist/site-releases',
  directusUrl: process.env.DIRECTUS_URL ?? 'http://127.0.0.1:8055',
  siteUrl: process.env.SITE_URL ?? 'http://localhost:4321',
  token: process.env.BUILDER_TOKEN ?? '',
  log: (s) => console.log(`[builder] ${s}`),
});
const server = http.createServer(service.handler);
server.listen(port, host, () => console.log(`[builder] ouvindo em :${port}`));
if (process.env.BUILDER_INITIAL_BUILD !== '0') void service.trigger({ full: true });
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => server.close(() => process.exit(0)));
