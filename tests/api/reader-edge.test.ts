/**
 * The reader edge (issue #9, decision 016), as `npm start` runs it: the front
 * server takes anonymous article views and sends them to Directus gathered.
 * Readers must get exactly what Directus answers directly (counts, errors,
 * caps, bots), acknowledged must still mean stored, a burst must cost
 * Directus a handful of requests, and nobody but the edge may use its route.
 */
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { READER_EDGE } from '@portal/domain/reader-traffic';
import { startFrontServer } from '@portal/edge/front-server';
import { baseUrl, message, rawDb, seedNews, signIn, storedViews, EMAILS, withinOneMinute } from './support.ts';

/** Decision 016 (issue #9): 20 views per address, article and clock minute, written out (not READER_CAPS) so the test guards the number. */
const VIEWS_PER_MINUTE = 20;
const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const root = path.join(os.tmpdir(), `portal-reader-edge-${process.pid}`);
let front: http.Server;
let counter: http.Server;
let origin = '';
/** Requests that reached Directus, by path: the counting proxy between the edge and Directus sees them all. */
const reached = new Map<string, number>();

beforeAll(async () => {
  mkdirSync(path.join(root, 'site'), { recursive: true });
  const target = new URL(baseUrl());
  counter = http.createServer((req, res) => {
    const p = (req.url ?? '/').split('?')[0]!;
    reached.set(p, (reached.get(p) ?? 0) + 1);
    const up = http.request({ hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    req.pipe(up);
  });
  await new Promise<void>((r) => counter.listen(0, '127.0.0.1', r));
  const viaCounter = `http://127.0.0.1:${(counter.address() as { port: number }).port}`;
  front = await startFrontServer({
    port: 0,
    siteDir: path.join(root, 'site'),
    adminDir: path.join(root, 'admin'),
    directusUrl: viaCounter,
    edgeKey: inject('edgeKey'),
  });
  origin = `http://127.0.0.1:${(front.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((r) => front?.close(r));
  await new Promise((r) => counter?.close(r));
});

let nextPeer = 0;
/** A fresh reader's address: the front server takes its peer, so each reader connects from its own 127.x.y.z. */
const peer = () => `127.77.${Math.floor(++nextPeer / 250)}.${(nextPeer % 250) + 1}`;

function view(body: unknown, o: { ua?: string; headers?: Record<string, string>; raw?: string; from?: string } = {}) {
  const payload = o.raw ?? JSON.stringify(body);
  return new Promise<{ status: number; data: Record<string, any>; errors?: Array<{ message: string }>; cacheControl: string | null }>((resolve, reject) => {
    const req = http.request(
      `${origin}/api/portal/article-view`,
      {
        method: 'POST',
        localAddress: o.from ?? peer(),
        agent: false,
        headers: { 'content-type': 'application/json', 'user-agent': o.ua ?? BROWSER, 'content-length': Buffer.byteLength(payload), ...o.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, any>;
          const cc = res.headers['cache-control'];
          resolve({ status: res.statusCode ?? 0, data: json.data ?? json, errors: json.errors, cacheControl: typeof cc === 'string' ? cc : null });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('POST /api/portal/article-view through the front server (reader edge)', () => {
  it('answers what Directus answers: counts and liked state, uncached', async () => {
    const n = await seedNews({ status: 'published' });
    const r = await view({ news_id: n.id, session_id: randomUUID() });
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ views: 1, likes: 0, liked: false, counted: true });
    expect(r.cacheControl).toBe('no-store');
    expect((await view({ news_id: n.id })).data).toMatchObject({ views: 2, counted: true });
  });

  it('acknowledged means stored, and 200 readers at once cost Directus a handful of requests, not 200', async () => {
    const n = await seedNews({ status: 'published' });
    const before = reached.get(READER_EDGE.path) ?? 0;
    const direct = reached.get('/portal/article-view') ?? 0;
    const answers = await Promise.all(Array.from({ length: 200 }, () => view({ news_id: n.id, session_id: randomUUID() })));
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    // Read straight away: a 2xx leaves the edge only after Directus committed its batch.
    expect(await storedViews(n.id)).toEqual({ rows: 200, counter: 200, daily: 200 });
    expect(new Set(answers.map((a) => a.data.views)).has(200)).toBe(true);
    const batches = (reached.get(READER_EDGE.path) ?? 0) - before;
    expect(batches).toBeGreaterThan(0);
    expect(batches).toBeLessThanOrEqual(10);
    expect(reached.get('/portal/article-view') ?? 0).toBe(direct);
  });

  it('refuses drafts, unknown news, malformed ids and bodies with the same pt-BR errors as Directus', async () => {
    const draft = await seedNews({ status: 'draft' });
    for (const id of [draft.id, randomUUID()]) {
      const r = await view({ news_id: id });
      expect(r.status).toBe(404);
      expect(message(r as never)).toBe('Notícia não encontrada');
    }
    const bad = await view({ news_id: 'x' });
    expect(bad.status).toBe(400);
    expect(message(bad as never)).toBe('Identificador de notícia inválido');
    for (const raw of ['{não é json', 'x'.repeat(READER_EDGE.bodyLimitBytes + 10), '"texto"']) {
      const r = await view(null, { raw });
      expect(r.status).toBe(400);
      expect(message(r as never)).toBe('Corpo da requisição inválido');
    }
  });

  it(`caps by the real client address: a forged X-Forwarded-For does not escape the ${VIEWS_PER_MINUTE}-per-minute cap`, async () => {
    const n = await seedNews({ status: 'published' });
    const from = peer();
    await withinOneMinute();
    const answers = await Promise.all(
      Array.from({ length: VIEWS_PER_MINUTE + 5 }, (_, i) =>
        view({ news_id: n.id }, { from, headers: { 'x-forwarded-for': `198.51.100.${i + 1}`, 'x-real-ip': `198.51.100.${i + 1}` } }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.data.counted)).toHaveLength(VIEWS_PER_MINUTE);
    expect(await storedViews(n.id)).toEqual({ rows: VIEWS_PER_MINUTE, counter: VIEWS_PER_MINUTE, daily: VIEWS_PER_MINUTE });
  });

  it('obvious bots get a clean 200 and are not counted', async () => {
    const n = await seedNews({ status: 'published' });
    for (const ua of ['Mozilla/5.0 (compatible; Googlebot/2.1)', 'curl/8.5.0', '']) {
      const r = await view({ news_id: n.id }, { ua });
      expect(r.status, ua).toBe(200);
      expect(r.data, ua).toEqual({ views: 0, likes: 0, liked: false, counted: false });
    }
    expect(await storedViews(n.id)).toEqual({ rows: 0, counter: 0, daily: 0 });
  });

  it('staff reading the site (a bearer) go to Directus directly, and the view is theirs', async () => {
    const n = await seedNews({ status: 'published' });
    const editor = await signIn(EMAILS.editor);
    const direct = reached.get('/portal/article-view') ?? 0;
    const r = await view({ news_id: n.id }, { headers: { authorization: `Bearer ${editor.token}` } });
    expect(r.status).toBe(200);
    expect(reached.get('/portal/article-view')).toBe(direct + 1);
    const db = await rawDb();
    try {
      expect(await db('news_views').where('news_id', n.id).pluck('user_id')).toEqual([editor.userId]);
    } finally {
      await db.destroy();
    }
  });
});

describe(`POST ${READER_EDGE.path}`, () => {
  const edgeCall = (headers: Record<string, string>, url = `${baseUrl()}${READER_EDGE.path}`) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ views: [{ body: JSON.stringify({ news_id: randomUUID() }), ip: '203.0.113.1', ua: BROWSER }] }),
    });

  it('is refused without the edge key or with a wrong one, directly and through the public origin', async () => {
    expect((await edgeCall({})).status).toBe(403);
    expect((await edgeCall({ [READER_EDGE.keyHeader]: 'x'.repeat(64) })).status).toBe(403);
    // One character off: never the key itself (a key ending in "0" made this check pass the right key).
    const key = inject('edgeKey');
    expect((await edgeCall({ [READER_EDGE.keyHeader]: `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}` })).status).toBe(403);
    expect((await edgeCall({}, `${origin}/api${READER_EDGE.path}`)).status).toBe(403);
  });

  it('answers every forwarded view with its own status, in order', async () => {
    const n = await seedNews({ status: 'published' });
    const res = await fetch(`${baseUrl()}${READER_EDGE.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [READER_EDGE.keyHeader]: inject('edgeKey') },
      body: JSON.stringify({
        views: [
          { body: JSON.stringify({ news_id: n.id }), ip: '203.0.113.7', ua: BROWSER },
          { body: JSON.stringify({ news_id: 'x' }), ip: '203.0.113.7', ua: BROWSER },
          { body: '{', ip: null, ua: null },
          { body: JSON.stringify({ news_id: n.id }), ip: '203.0.113.8', ua: 'curl/8' },
        ],
      }),
    });
    expect(res.status).toBe(200);
    const { answers } = (await res.json()) as { answers: Array<{ status: number; body: any }> };
    expect(answers.map((a) => a.status)).toEqual([200, 400, 400, 200]);
    expect(answers[0]!.body).toEqual({ views: 1, likes: 0, liked: false, counted: true });
    expect(answers[1]!.body.errors[0].message).toBe('Identificador de notícia inválido');
    expect(answers[2]!.body.errors[0].message).toBe('Corpo da requisição inválido');
    expect(answers[3]!.body.counted).toBe(false);
  });

  it('refuses a malformed batch whole', async () => {
    const res = await fetch(`${baseUrl()}${READER_EDGE.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [READER_EDGE.keyHeader]: inject('edgeKey') },
      body: JSON.stringify({ views: [{ body: 7 }] }),
    });
    expect(res.status).toBe(400);
  });
});

describe('Directus unreachable', () => {
  // A refused connection stored nothing: the edge tries again for 10 s (a restart), then answers.
  it('readers get a 503 with the pt-BR message once Directus stays away, never a hang', { timeout: 30_000 }, async () => {
    const dead = await startFrontServer({
      port: 0,
      siteDir: path.join(root, 'site'),
      adminDir: path.join(root, 'admin'),
      directusUrl: 'http://127.0.0.1:9',
      edgeKey: 'k'.repeat(64),
    });
    try {
      const res = await fetch(`http://127.0.0.1:${(dead.address() as { port: number }).port}/api/portal/article-view`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
        body: JSON.stringify({ news_id: randomUUID() }),
      });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { errors: Array<{ message: string }> }).errors[0]!.message).toBe(
        'Servidor de dados indisponível. Tente novamente em instantes.',
      );
    } finally {
      await new Promise((r) => dead.close(r));
    }
  });
});
