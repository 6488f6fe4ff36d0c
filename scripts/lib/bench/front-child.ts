/**
 * The front server in its own process for the reader load: the load
 * generator must not share an event loop with the origin it measures (in
 * `npm start` the front server never shares one with the readers either).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FrontOptions } from '@portal/edge/front-server';

export async function startFrontProcess(o: FrontOptions): Promise<ChildProcess> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], { env: { ...process.env, FRONT_OPTIONS: JSON.stringify(o) }, stdio: ['ignore', 'pipe', 'inherit'] });
  // A bench that ends, even by a crash, takes its front server along (left behind, it holds the port of the next run).
  const stop = () => child.kill();
  process.once('exit', stop);
  child.once('exit', () => process.removeListener('exit', stop));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (String(d).includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`front server saiu (${code})`)));
  });
  return child;
}

if (process.env.FRONT_OPTIONS && process.argv[1] === fileURLToPath(import.meta.url)) {
  const { startFrontServer } = await import('@portal/edge/front-server');
  await startFrontServer(JSON.parse(process.env.FRONT_OPTIONS) as FrontOptions);
  console.log('ready');
}
