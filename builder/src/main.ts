/**
 * The site builder service (run by `npm start` and by docker-compose):
 *   POST /hooks/rebuild   { full?: boolean, news?: string[], slugs?: string[] }  (header x-builder-token)
 *   GET  /status          state, last success/failure, queue
 * Builds are coalesced, published atomically, and a failure keeps the last
 * good site online. A targeted (publish) build is followed, a minute after
 * the last publish, by a full one so lists on other pages catch up.
 */
import http from 'node:http';
import { envOrExit } from '@portal/domain/env';
import { builderEnv, type BuilderEnv } from './env.ts';
import { startBuilder } from './service.ts';

const env: BuilderEnv = envOrExit(() => builderEnv(), '[builder]');
const service = startBuilder({
  releasesRoot: env.SITE_RELEASES_DIR,
  directusUrl: env.DIRECTUS_URL,
  directusToken: env.DIRECTUS_TOKEN,
  siteUrl: env.SITE_URL,
  token: env.BUILDER_TOKEN,
  fullBuildLimitMs: env.BUILDER_FULL_BUILD_LIMIT_MIN && env.BUILDER_FULL_BUILD_LIMIT_MIN * 60_000,
  log: (s) => console.log(`[builder] ${s}`),
});
const server = http.createServer(service.handler);
server.listen(env.BUILDER_PORT, env.BUILDER_HOST, () => console.log(`[builder] ouvindo em :${env.BUILDER_PORT}`));
if (env.BUILDER_INITIAL_BUILD === '1') void service.trigger({ full: true });
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => server.close(() => process.exit(0)));
