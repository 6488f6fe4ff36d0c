import { spawnSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { READER_EDGE } from '@portal/domain/reader-traffic';
import { EnvError } from '@portal/domain/env';
import { ROOT } from '../../directus/scripts/lib/paths.ts';
import { clientAddress, createReaderEdge, readerEdgeEnv } from './reader-edge.ts';

describe('clientAddress', () => {
  it('the front server (the public origin) takes its peer and ignores what the request claims', () => {
    expect(clientAddress('::ffff:203.0.113.9', '10.0.0.1', false)).toBe('203.0.113.9');
    expect(clientAddress('203.0.113.9', undefined, false)).toBe('203.0.113.9');
    expect(clientAddress(undefined, undefined, false)).toBeNull();
  });

  it("a standalone edge takes nginx's X-Real-IP, but only from a loopback or private peer, and only a real address", () => {
    expect(clientAddress('127.0.0.1', '203.0.113.5', true)).toBe('203.0.113.5');
    expect(clientAddress('::ffff:172.18.0.4', '2001:db8::7', true)).toBe('2001:db8::7');
    expect(clientAddress('10.1.2.3', ' 198.51.100.2 ', true)).toBe('198.51.100.2');
    // A public peer claiming another address, or a header that is not an address, changes nothing.
    expect(clientAddress('203.0.113.9', '1.2.3.4', true)).toBe('203.0.113.9');
    expect(clientAddress('127.0.0.1', 'evil, 1.2.3.4', true)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', ['1.2.3.4', '5.6.7.8'], true)).toBe('127.0.0.1');
    expect(clientAddress('172.32.0.1', '1.2.3.4', true)).toBe('172.32.0.1');
  });
});

describe("the standalone reader edge's environment", () => {
  const key = 'k'.repeat(64);
  it('defaults around the one setting it needs: the key Directus holds', () => {
    expect(readerEdgeEnv({ PORTAL_EDGE_KEY: key })).toMatchObject({ READER_EDGE_PORT: 8090, DIRECTUS_URL: 'http://127.0.0.1:8055', PORTAL_EDGE_KEY: key });
  });

  it('every problem at once, in pt-BR', () => {
    let error: unknown;
    try {
      readerEdgeEnv({ READER_EDGE_PORT: 'x', DIRECTUS_URL: 'nada', PORTAL_EDGE_KEY: 'curta' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const text = (error as Error).message;
    expect(text).toContain('READER_EDGE_PORT: deve ser um número de porta');
    expect(text).toContain('DIRECTUS_URL: deve ser uma URL');
    expect(text).toContain('PORTAL_EDGE_KEY: curta demais');
  });

  it('the process refuses to start without the key, saying why', () => {
    const env: Record<string, string | undefined> = { ...process.env };
    delete env.PORTAL_EDGE_KEY;
    const r = spawnSync(process.execPath, [path.join(ROOT, 'edge/src/main.ts')], { env, encoding: 'utf8', timeout: 20_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Configuração inválida (contagem de leituras)');
    expect(r.stderr).toContain('PORTAL_EDGE_KEY');
  });
});

/** A stand-in Directus answering the edge route with the given replies, one per request, then 200s. */
async function fakeDirectus(replies: Array<{ status: number; body: unknown } | 'cut'>) {
  const seen: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { views } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { views: unknown[] };
      seen.push(views.length);
      const reply = replies.shift();
      if (reply === 'cut') return res.destroy();
      const body = reply?.body ?? { answers: views.map(() => ({ status: 200, body: { views: 1, likes: 0, liked: false, counted: true } })) };
      res.writeHead(reply?.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, seen, close: () => new Promise((r) => server.close(r)) };
}

/** The edge behind a tiny public server; `n` readers view at once. */
async function readers(directusUrl: string, n: number, intervalMs = 20) {
  const edge = createReaderEdge({ directusUrl, key: 'k'.repeat(64), intervalMs });
  const front = http.createServer((req, res) => edge.handle(req, res, '203.0.113.1'));
  await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(front.address() as { port: number }).port}/`;
  try {
    return await Promise.all(
      Array.from({ length: n }, () =>
        fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then(async (r) => ({
          status: r.status,
          body: await r.json(),
        })),
      ),
    );
  } finally {
    await new Promise((r) => front.close(r));
  }
}

describe('createReaderEdge', () => {
  const pressure = {
    status: 503,
    body: { errors: [{ message: 'Service "api" is unavailable. Under pressure.', extensions: { code: 'SERVICE_UNAVAILABLE', reason: 'Under pressure' } }] },
  };

  it('gathers readers into one request and gives each the answer Directus gave it', async () => {
    const d = await fakeDirectus([]);
    try {
      // A gathering window wide enough that 30 readers of one process arrive in it on a loaded machine.
      const got = await readers(d.url, 30, 1000);
      expect(got.every((g) => g.status === 200 && g.body.counted === true)).toBe(true);
      expect(d.seen.reduce((a, b) => a + b, 0)).toBe(30);
      expect(d.seen.length).toBeLessThanOrEqual(2);
    } finally {
      await d.close();
    }
  });

  it("tries again what Directus's pressure limiter turned away (nothing was stored), so readers get their 200", async () => {
    const d = await fakeDirectus([pressure, pressure]);
    try {
      const got = await readers(d.url, 5);
      expect(got.map((g) => g.status)).toEqual([200, 200, 200, 200, 200]);
      expect(d.seen).toEqual([5, 5, 5]);
    } finally {
      await d.close();
    }
  });

  it('never sends twice what may have been stored (a cut connection, another error): readers get the pt-BR 503', async () => {
    for (const reply of ['cut', { status: 500, body: { errors: [{ message: 'x' }] } }] as const) {
      const d = await fakeDirectus([reply]);
      try {
        const got = await readers(d.url, 3);
        expect(got.map((g) => g.status)).toEqual([503, 503, 503]);
        expect(got[0]!.body.errors[0].message).toBe('Servidor de dados indisponível. Tente novamente em instantes.');
        expect(d.seen).toEqual([3]);
      } finally {
        await d.close();
      }
    }
  });

  it("closes an idle connection to Directus before Directus's announced keep-alive ends, so no batch meets a closing socket", async () => {
    // A Directus that never closes idle connections itself but announces 2 s: only the edge may close this one.
    const closedByEdge = new Promise<void>((resolve) => {
      const server = http.createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          res.writeHead(200, { 'content-type': 'application/json', 'keep-alive': 'timeout=2' });
          res.end(JSON.stringify({ answers: [{ status: 200, body: { counted: true } }] }));
        });
      });
      server.keepAliveTimeout = 0;
      server.on('connection', (socket) => socket.on('end', () => server.close(() => resolve())));
      server.listen(0, '127.0.0.1', async () => {
        const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
        expect((await readers(url, 1)).map((g) => g.status)).toEqual([200]);
      });
    });
    // Waits on the state itself: the edge's end of the socket (it never comes without the idle timeout).
    await closedByEdge;
  });

  it('a batch answer that does not match the batch is not handed out', async () => {
    const d = await fakeDirectus([{ status: 200, body: { answers: [] } }]);
    try {
      expect((await readers(d.url, 2)).map((g) => g.status)).toEqual([503, 503]);
    } finally {
      await d.close();
    }
  });

  it(`sends at most ${READER_EDGE.maxItems} views per request`, async () => {
    const d = await fakeDirectus([]);
    try {
      const edge = createReaderEdge({ directusUrl: d.url, key: 'k'.repeat(64), intervalMs: 50, maxItems: 10 });
      const front = http.createServer((req, res) => edge.handle(req, res, '203.0.113.1'));
      await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
      const url = `http://127.0.0.1:${(front.address() as { port: number }).port}/`;
      await Promise.all(
        Array.from({ length: 25 }, () => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) => r.text())),
      );
      await new Promise((r) => front.close(r));
      expect(Math.max(...d.seen)).toBeLessThanOrEqual(10);
      expect(d.seen.reduce((a, b) => a + b, 0)).toBe(25);
    } finally {
      await d.close();
    }
  });
});
