/**
 * The builder as the pipeline tests run it: at the address the test Directus
 * sends its rebuild requests to, reading as the site's reader account, its
 * first full build done and live.
 */
import http from 'node:http';
import { expect, inject } from 'vitest';
import { startBuilder } from '@portal/builder/service';

export type TestBuilder = { builder: ReturnType<typeof startBuilder>; stop(): Promise<void> };

export async function startTestBuilder(releasesRoot: string, o: { catchUpMs: number; log?: (s: string) => void }): Promise<TestBuilder> {
  const builder = startBuilder({
    releasesRoot,
    directusUrl: inject('directusUrl'),
    directusToken: inject('siteReaderToken'),
    siteUrl: 'http://localhost:4321',
    token: inject('builderToken'),
    catchUpMs: o.catchUpMs,
    ...(o.log ? { log: o.log } : {}),
  });
  const server = http.createServer(builder.handler).listen(inject('builderPort'), '127.0.0.1');
  await builder.trigger({ full: true });
  expect(builder.status.lastError).toBeNull();
  return {
    builder,
    async stop() {
      await builder.stop();
      await builder.idle();
      await new Promise((r) => server.close(r));
    },
  };
}
