/**
 * The reader edge as its own process (production: docker-compose `readers`,
 * `npm run start:prod`): nginx sends it anonymous article views, it sends
 * them to Directus gathered (edge/src/reader-edge.ts, decision 016).
 * `npm start` needs no such process: its front server is the edge.
 */
import http from 'node:http';
import { envOrExit } from '@portal/domain/env';
import { ARTICLE_VIEW, clientAddress, createReaderEdge, readerEdgeEnv } from './reader-edge.ts';
import { COMMON_HEADERS } from './security-headers.ts';

const env = envOrExit(() => readerEdgeEnv(), '[leituras]');
const edge = createReaderEdge({
  directusUrl: env.DIRECTUS_URL,
  key: env.PORTAL_EDGE_KEY,
  // nginx forwards /api/… without its /api prefix (deploy/nginx.conf), as it does to Directus.
  path: ARTICLE_VIEW.replace(/^\/api/, ''),
  log: (s) => console.log(`[leituras] ${s}`),
});
const server = http.createServer({ maxHeaderSize: 16 * 1024, requestTimeout: 30_000 }, (req, res) => {
  const pathname = (req.url ?? '/').split('?')[0]!;
  if (edge.takes(req, pathname)) return edge.handle(req, res, clientAddress(req.socket.remoteAddress, req.headers['x-real-ip'], true));
  res.writeHead(404, { ...COMMON_HEADERS, 'content-type': 'text/plain; charset=utf-8' });
  res.end('Não encontrado');
});
server.listen(env.READER_EDGE_PORT, env.READER_EDGE_HOST, () => console.log(`[leituras] ouvindo em :${env.READER_EDGE_PORT}`));
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, () => {
    // Views already taken are sent and answered before the process goes.
    server.close();
    void edge.flush().then(() => process.exit(0));
  });
