/**
 * `npm run start:prod`: the production topology on this machine, without
 * Docker (issue #11): nginx on :8080 in front of two Directus instances on
 * PostgreSQL and Redis, the builder and the admin assets. Demo content as in
 * `npm start`; data kept between runs (PostgreSQL database `portal_prod`).
 */
import path from 'node:path';
import { DATA_DIR } from '../directus/scripts/lib/paths.ts';
import { DEMO_PASSWORD } from '../directus/scripts/lib/env.ts';
import { startProdTopology } from './lib/prod/topology.ts';

const step = (s: string) => console.log(`» ${s}`);
const t0 = Date.now();
const PORTS = { site: 8080, directus: [8155, 8156] as [number, number], builder: 4410 };

const prod = await startProdTopology({
  dataDir: path.join(DATA_DIR, 'prod'),
  pgDatabase: 'portal_prod',
  port: PORTS.site,
  directusPorts: PORTS.directus,
  builderPort: PORTS.builder,
  log: step,
}).catch((e: unknown) => {
  // What went wrong and what to do, in a sentence (the topology has stopped what it started).
  console.error(`» A topologia de produção não subiu: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});

console.log(`
Portal Pará (topologia de produção) no ar em ${((Date.now() - t0) / 1000).toFixed(1)} s

  Site e painel:  ${prod.url.replace('127.0.0.1', 'localhost')}   (nginx com deploy/nginx.conf; admin em /auth, API em /api)
  Directus:       http://127.0.0.1:${PORTS.directus[0]} e http://127.0.0.1:${PORTS.directus[1]}   (PostgreSQL portal_prod, Redis)
  Construtor:     http://127.0.0.1:${PORTS.builder}
  Leituras:       http://127.0.0.1:${PORTS.builder + 1}   (visualizações anônimas, enviadas ao Directus em lotes)
  Dados:          ${path.join(DATA_DIR, 'prod')}

  Contas de demonstração (senha ${DEMO_PASSWORD}): admin@portal.test, editor@portal.test, produtor@portal.test

Ctrl-C encerra.
`);

let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, async () => {
    if (stopping) return;
    stopping = true;
    step('encerrando…');
    await prod.stop();
    process.exit(0);
  });
}
