/**
 * Kill a part (issue #10): Directus dies in the middle of a build. The
 * supervisor starts it again, the build that failed for it is retried and
 * published, and meanwhile the front keeps serving the last good release and
 * answers /api with a clean 503. Real Directus (its own SQLite), real
 * processes; the build is a tiny real one that reads Directus over HTTP.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDirectus } from '../../directus/scripts/lib/server.ts';
import { startBuilder } from '@portal/builder/service';
import { Supervisor } from '../../scripts/lib/supervisor.ts';
import { startDirectusInstance, startFrontServer, type DirectusInstance } from '../../scripts/lib/stack.ts';
import { localPort } from './support.ts';

const port = localPort(7);
const root = path.join(os.tmpdir(), `portal-supervision-${process.pid}`);
let env: Record<string, string> = {};
let directus: Supervisor<DirectusInstance>;
let builder: ReturnType<typeof startBuilder>;
let front: http.Server;
let frontUrl: string;
let buildsStarted = 0;

/** Polls until `check` passes (no fixed sleeps). */
async function until(check: () => Promise<boolean> | boolean, ms = 60_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('tempo esgotado');
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  directus = new Supervisor<DirectusInstance>({
    name: 'Directus',
    start: async () =>
      env.PORT ? { ...(await startDirectus(env)), env } : await startDirectusInstance({ dataDir: path.join(root, 'data'), port, fresh: true }),
    onRestart: () => builder.retryFailed(),
  });
  env = (await directus.start()).env;
  const url = `http://127.0.0.1:${port}`;
  builder = startBuilder({
    releasesRoot: path.join(root, 'site'),
    directusUrl: url,
    directusToken: env.PORTAL_SITE_READER_TOKEN!,
    siteUrl: 'http://localhost',
    token: 'x',
    catchUpMs: 0,
    // The same lanes as production, with a tiny "full build" that reads Directus like Astro would.
    jobs: {
      full: async () => {
        buildsStarted++;
        const res = await fetch(`${url}/items/municipalities?fields=name&limit=-1`, { headers: { authorization: `Bearer ${env.PORTAL_SITE_READER_TOKEN}` } });
        const names = ((await res.json()) as { data: Array<{ name: string }> }).data.map((m) => m.name);
        const dir = builder.releases.prepare();
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, 'index.html'), `build ${buildsStarted}: ${names.length} municípios`);
        writeFileSync(path.join(dir, '404.html'), 'Oops! Page not found');
        return dir;
      },
    },
  });
  await builder.trigger({ full: true });
  front = await startFrontServer({ port: 0, siteDir: builder.releases.current, adminDir: path.join(root, 'admin'), directusUrl: url });
  frontUrl = `http://127.0.0.1:${(front.address() as { port: number }).port}`;
}, 180_000);

afterAll(async () => {
  await builder?.stop();
  await new Promise((r) => front?.close(r));
  await directus?.stop();
});

describe('npm start supervision', () => {
  it('Directus killed during a build: restarted, the build retried and published, the site served throughout', async () => {
    expect(builder.status.lastError).toBeNull();
    const firstRelease = builder.status.release;
    expect((await fetch(frontUrl)).status).toBe(200);

    // Action: kill Directus hard, then ask for a build while it is down.
    directus.instance!.child.kill('SIGKILL');
    await until(() => directus.instance === null);
    const during = builder.trigger({ full: true });

    // The last good release is served while Directus is down; /api says so cleanly.
    const page = await fetch(frontUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/^build 1:/);
    const api = await fetch(`${frontUrl}/api/server/ping`);
    expect([200, 503]).toContain(api.status); // 200 only if the restart already won the race
    if (api.status === 503) expect(((await api.json()) as { errors: Array<{ message: string }> }).errors[0]!.message).toMatch(/indisponível/);

    await during;
    // Assert: back up, and the failed build ran again and went live.
    await until(() => directus.restarts === 1 && directus.instance !== null);
    await until(() => builder.status.lastError === null && builder.status.release !== firstRelease);
    expect(readFileSync(path.join(builder.releases.current, 'index.html'), 'utf8')).toMatch(/municípios$/);
    expect((await fetch(`${frontUrl}/api/server/ping`)).status).toBe(200);
  });
});
