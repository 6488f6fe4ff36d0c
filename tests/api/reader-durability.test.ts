/**
 * Acknowledged means stored (issue #9, decision 016): Directus is killed
 * (SIGKILL, no shutdown) in the middle of a burst of article views. After it
 * comes back, every view that got a 2xx is there, and the counter, the raw
 * rows and the day total agree. Its own Directus on its own SQLite, since it
 * is killed.
 */
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDirectus, type RunningDirectus } from '../../directus/scripts/lib/server.ts';
import { startDirectusInstance } from '../../scripts/lib/stack.ts';
import { localPort } from './support.ts';

const port = localPort(9);
const root = path.join(os.tmpdir(), `portal-reader-durability-${process.pid}`);
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
let env: Record<string, string> = {};
let running: RunningDirectus;

beforeAll(async () => {
  const first = await startDirectusInstance({ dataDir: path.join(root, 'data'), port, fresh: true });
  env = first.env;
  running = first;
}, 120_000);
afterAll(async () => {
  await running?.stop();
});

const view = (newsId: string, i: number) =>
  fetch(`http://127.0.0.1:${port}/portal/article-view`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER, 'x-forwarded-for': `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}` },
    body: JSON.stringify({ news_id: newsId }),
  }).then(
    (r) => r.status,
    () => 0,
  );

describe('a crash right after a burst', () => {
  it('loses no acknowledged view, and counters still equal the rows', async () => {
    const created = await fetch(`http://127.0.0.1:${port}/items/news`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${env.ADMIN_TOKEN}` },
      body: JSON.stringify({ title: `Durabilidade ${Date.now()}`, content: 'Texto.', status: 'published' }),
    }).then((r) => r.json() as Promise<{ data: { id: string } }>);
    const newsId = created.data.id;

    // Action: 300 views answered, 300 more in flight, then the process is killed.
    const answered = await Promise.all(Array.from({ length: 300 }, (_, i) => view(newsId, i)));
    const inFlight = Array.from({ length: 300 }, (_, i) => view(newsId, 300 + i));
    running.child.kill('SIGKILL');
    const late = await Promise.all(inFlight);
    running = await startDirectus(env);

    // Assert
    const acknowledged = [...answered, ...late].filter((s) => s === 200).length;
    expect(answered.every((s) => s === 200)).toBe(true);
    const db = knexFactory({ client: 'sqlite3', connection: { filename: env.DB_FILENAME! }, useNullAsDefault: true, pool: { min: 0, max: 1 } });
    try {
      const rows = Number((await db('news_views').where('news_id', newsId).count({ n: '*' }).first())!.n);
      const counter = Number((await db('news').where('id', newsId).first('view_count'))!.view_count);
      const daily = Number((await db('news_daily').where('news_id', newsId).sum({ n: 'views' }).first())!.n);
      expect(rows).toBeGreaterThanOrEqual(acknowledged);
      expect([counter, daily]).toEqual([rows, rows]);
    } finally {
      await db.destroy();
    }
    // And counting goes on after the restart.
    expect(await view(newsId, 900)).toBe(200);
  }, 120_000);
});
