/**
 * The publish pipeline as `npm start` runs it, for the benches: the builder
 * (its warm live lane and its catch-up full builds), its first full build,
 * and the front server serving the live release — in the bench's process, or
 * in its own (`separateFront`) when the bench loads it with readers, so the
 * load generator never shares the origin's event loop. The builder's log
 * (each build's kind, duration and timings) is kept in <work>/<name>.builder.log.
 */
import http from 'node:http';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { startBuilder } from '@portal/builder/service';
import { buildAdmin, startFrontServer, type DirectusInstance } from '../stack.ts';
import { startFrontProcess } from './front-child.ts';

export type Pipeline = { builder: ReturnType<typeof startBuilder>; frontPid: number; fullBuildMs: number; stop(): Promise<void> };

export async function startPipeline(o: {
  work: string;
  name: string;
  directus: DirectusInstance;
  siteUrl: string;
  builderToken: string;
  ports: { builder: number; front: number };
  /** The admin SPA built beside (the publish bench); without it the front serves no admin. */
  admin?: boolean;
  separateFront?: boolean;
}): Promise<Pipeline> {
  const builderLog = path.join(o.work, `${o.name}.builder.log`);
  const builder = startBuilder({
    releasesRoot: path.join(o.work, o.name),
    directusUrl: o.directus.url,
    directusToken: o.directus.env.PORTAL_SITE_READER_TOKEN!,
    siteUrl: o.siteUrl,
    token: o.builderToken,
    // Each build's timings, to read after the run (the bench's own output stays its figures).
    log: (line) => appendFileSync(builderLog, `${new Date().toISOString()} ${line}\n`),
  });
  const builderServer = http.createServer(builder.handler).listen(o.ports.builder, '127.0.0.1');
  const adminDir = path.join(o.work, o.admin === false ? 'no-admin' : 'admin');
  mkdirSync(adminDir, { recursive: true });
  const t0 = Date.now();
  await Promise.all([builder.trigger({ full: true }), o.admin === false ? null : buildAdmin({ outDir: adminDir })]);
  const fullBuildMs = Date.now() - t0;
  const front = { port: o.ports.front, siteDir: builder.releases.current, adminDir, directusUrl: o.directus.url, edgeKey: o.directus.env.PORTAL_EDGE_KEY };
  let close: () => Promise<void>;
  let frontPid = process.pid;
  if (o.separateFront) {
    const child: ChildProcess = await startFrontProcess(front);
    frontPid = child.pid!;
    close = async () => {
      child.kill();
    };
  } else {
    const server = await startFrontServer(front);
    close = () => new Promise((r) => server.close(() => r()));
  }
  return {
    builder,
    frontPid,
    fullBuildMs,
    async stop() {
      await close();
      await builder.stop();
      await new Promise((r) => builderServer.close(r));
    },
  };
}
