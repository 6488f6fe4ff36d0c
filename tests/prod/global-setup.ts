/**
 * The production topology for `npm run test:prod` (issue #11): nginx with
 * deploy/nginx.conf in front of two Directus instances on PostgreSQL and
 * Redis, the builder and the admin — plus `npm start`'s front server over the
 * same release and the same Directus, so one route table can be asked of both.
 */
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { TestProject } from 'vitest/node';
import { ensureDemoUsers } from '../../directus/seed/demo.ts';
import { tokenClient, type PortalClient } from '../../directus/scripts/lib/client.ts';
import { startFrontServer } from '@portal/edge/front-server';
import { startProdTopology, type ProdTopology } from '../../scripts/lib/prod/topology.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    nginxUrl: string;
    frontUrl: string;
    directusUrls: string[];
    prodAdminToken: string;
    controlUrl: string;
    /** Directus's environment (DB_*, STORAGE_*, secrets, PORTAL_BACKUP_DIR) and the data folder: the backup drill's production. */
    prodEnv: Record<string, string>;
    prodDataDir: string;
    /** The admin this topology built (its own: the API suite may run npm start beside it). */
    prodAdminDir: string;
  }
}

let prod: ProdTopology | undefined;
let front: http.Server | undefined;
let control: http.Server | undefined;

export default async function setup(project: TestProject) {
  const base = Number(process.env.TEST_PROD_PORT ?? 18080);
  const redisUrl = process.env.TEST_PROD_REDIS ?? 'redis://127.0.0.1:6379/4';
  // Login limits and caches from an earlier run must not leak into this one.
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  redis.disconnect();
  // Under a folder only its owner may enter (mkdtemp: 0700), as a checkout cloned under /root is (issue #32:
  // nginx's workers, handed to another user, answered 404 to every page).
  const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'portal-prod-test-')), 'data');
  prod = await startProdTopology({
    dataDir,
    pgDatabase: process.env.TEST_PROD_PG_DATABASE ?? 'portal_prod_test',
    port: base,
    directusPorts: [base + 75, base + 76],
    builderPort: base + 77,
    redisUrl,
    fresh: true,
    adminDir: path.join(path.dirname(dataDir), 'admin'),
  });
  await ensureDemoUsers(tokenClient(prod.directus[0]!.url, prod.directus[0]!.env.ADMIN_TOKEN!) as unknown as PortalClient, () => {});
  front = await startFrontServer({ port: 0, host: '127.0.0.1', siteDir: prod.builder.releases.current, adminDir: prod.adminDir, directusUrl: prod.directus[0]!.url });
  // Failover tests stop and start an instance through this (the topology lives in this process).
  control = http
    .createServer(async (req, res) => {
      if (req.url === '/builder/received' && prod) return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(prod.builder.received));
      // Once no build runs or waits: the builder's status then (a test that must see the last build's release).
      if (req.url === '/builder/idle' && prod) {
        await prod.builder.idle();
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(prod.builder.status));
      }
      const m = /^\/directus\/(\d)\/(kill|start)$/.exec(req.url ?? '');
      if (!m || !prod) return res.writeHead(404).end();
      const i = Number(m[1]);
      if (m[2] === 'kill') {
        // A crash, not a shutdown: requests in flight on it are cut.
        const child = prod.directus[i]!.child;
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGKILL');
        await gone;
      } else {
        try {
          await prod.restartDirectus(i);
        } catch (e) {
          // The test that asked fails with this; an unhandled rejection would end the run before its teardown (processes left).
          return res.writeHead(500).end(e instanceof Error ? e.message : String(e));
        }
      }
      res.writeHead(204).end();
    })
    .listen(0, '127.0.0.1');
  await new Promise((r) => control!.once('listening', r));
  project.provide('nginxUrl', prod.url);
  project.provide('frontUrl', `http://127.0.0.1:${(front.address() as { port: number }).port}`);
  project.provide('directusUrls', prod.directus.map((d) => d.url));
  project.provide('prodAdminToken', prod.directus[0]!.env.ADMIN_TOKEN!);
  project.provide('prodEnv', prod.directus[0]!.env);
  project.provide('prodDataDir', dataDir);
  project.provide('prodAdminDir', prod.adminDir);
  project.provide('controlUrl', `http://127.0.0.1:${(control.address() as { port: number }).port}`);
  return async () => {
    await new Promise((r) => control?.close(r));
    await new Promise((r) => front?.close(r));
    await prod?.stop();
  };
}
