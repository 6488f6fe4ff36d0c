// @vitest-environment node
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { retryingReads } from './read-fetch.ts';

// A Directus that closes every odd request's connection unanswered, and answers every even one.
let requests = 0;
const server = http.createServer((req, res) => {
  requests++;
  req.resume();
  req.on('end', () => (requests % 2 === 1 ? req.socket.destroy() : res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}')));
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/items/news`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

it('a read whose connection closed before any answer is sent once more, and gets its answer', async () => {
  requests = 0;
  const res = await retryingReads()(url);
  expect(await res.json()).toEqual({ data: [] });
  expect(requests).toBe(2);
});

it('a write is never sent again: the failure is the caller’s', async () => {
  requests = 0;
  await expect(retryingReads()(url, { method: 'POST', body: '{}' })).rejects.toThrow(/fetch failed/);
  expect(requests).toBe(1);
});
