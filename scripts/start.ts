/**
 * `npm start`: the whole product on the embedded default (SQLite, demo
 * content and accounts). Idempotent: the data in .data/ survives restarts.
 */
import path from 'node:path';
import { DATA_DIR, ROOT } from '../directus/scripts/lib/paths.ts';
import { DEMO_PASSWORD } from '../directus/scripts/lib/env.ts';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { startBuilder } from './lib/builder/service.ts';
import { buildAdmin, startDirectusInstance, startFrontServer } from './lib/stack.ts';

const SITE_PORT = Number(process.env.PORT ?? 4321);
const DIRECTUS_PORT = Number(process.env.DIRECTUS_PORT ?? 8055);
const BUILDER_PORT = Number(process.env.BUILDER_PORT ?? 4400);
const SITE_URL = `http://localhost:${SITE_PORT}`;
const BUILDER_TOKEN = randomBytes(16).toString('hex');
const step = (s: string) => console.log(`» ${s}`);
const t0 = Date.now();

step('Iniciando o Directus (SQLite em .data/)…');
const directus = await startDirectusInstance({
  dataDir: DATA_DIR,
  port: DIRECTUS_PORT,
  demo: true,
  siteUrl: SITE_URL,
  extra: { PORTAL_BUILDER_URL: `http://127.0.0.1:${BUILDER_PORT}`, PORTAL_BUILDER_TOKEN: BUILDER_TOKEN },
  log: (s) => step(s),
});

let front: Awaited<ReturnType<typeof startFrontServer>> | undefined;
let builderServer: http.Server | undefined;
async function shutdown(code = 0) {
  step('Encerrando…');
  await new Promise((r) => (front ? front.close(r) : r(null)));
  await new Promise((r) => (builderServer ? builderServer.close(r) : r(null)));
  await directus.stop();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  step('Gerando o site público e o painel administrativo…');
  // The builder rebuilds the site whenever Directus reports a change that readers see.
  const builder = startBuilder({
    releasesRoot: path.join(DATA_DIR, 'site'),
    directusUrl: directus.url,
    siteUrl: SITE_URL,
    token: BUILDER_TOKEN,
    log: (s) => step(s),
  });
  builderServer = http.createServer(builder.handler).listen(BUILDER_PORT, '127.0.0.1');
  const adminDir = path.join(ROOT, 'dist/admin');
  await Promise.all([builder.trigger({ full: true }), buildAdmin({ outDir: adminDir })]);
  if (builder.status.lastError) throw new Error(builder.status.lastError);
  front = await startFrontServer({ port: SITE_PORT, siteDir: builder.releases.current, adminDir, directusUrl: directus.url, host: '0.0.0.0' });
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  await shutdown(1);
}

console.log(`
Portal Pará no ar em ${((Date.now() - t0) / 1000).toFixed(1)} s

  Site e painel:  ${SITE_URL}          (admin em ${SITE_URL}/auth)
  Directus:       http://localhost:${DIRECTUS_PORT}     (API também em ${SITE_URL}/api)

  Contas de demonstração (senha ${DEMO_PASSWORD}):
    super_admin  admin@portal.test
    editor       editor@portal.test
    producer     produtor@portal.test  (município Belém)

Ctrl-C encerra.
`);
