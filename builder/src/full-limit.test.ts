/**
 * A full build stuck past its limit is stopped and fails like any other: the
 * live site stays, the error says why, publishes keep going live, and the
 * build is tried again. startBuilder's real lanes, with builds that only write folders.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { TargetedRequest } from '@portal/domain/build-contract';
import { standInBuilder } from './fixtures/stand-in-builder.ts';

const disposals: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const d of disposals.splice(0)) await d();
});

it('a full build that hangs is stopped at its limit, reported, and tried again; publishes go live meanwhile', async () => {
  let fulls = 0;
  const { b, dispose } = standInBuilder({
    catchUpMs: 0,
    fullBuildLimitMs: 500,
    jobs: (b) => ({
      full: (signal) => {
        fulls++;
        const dir = b().releases.prepare();
        writeFileSync(path.join(dir, 'index.html'), `full ${fulls}`);
        // The first one is the live site; the next ones never end by themselves (a process spinning).
        if (fulls === 1) return Promise.resolve(dir);
        return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('killed')), { once: true }));
      },
      targeted: async (req: TargetedRequest) => {
        const dir = b().releases.active()!;
        mkdirSync(path.join(dir, 'news', req.slugs[0]!), { recursive: true });
        writeFileSync(path.join(dir, 'news', req.slugs[0]!, 'index.html'), 'story');
        return dir;
      },
    }),
  });
  disposals.push(dispose);
  await b.trigger({ full: true });
  const live = b.releases.active()!;

  const hung = b.trigger({ full: true });
  await b.trigger({ full: false, news: ['a'], slugs: ['publicada'] });
  expect(readFileSync(path.join(b.releases.active()!, 'news/publicada/index.html'), 'utf8')).toBe('story');
  await hung;
  expect(b.status.lastError).toBe('build completo interrompido: rodou mais de 0.5 s (o site anterior continua no ar)');
  expect(b.status.release).toBe(live);
  expect(readFileSync(path.join(live, 'index.html'), 'utf8')).toBe('full 1');
  // Tried again by itself, as after any failure (here it hangs again: the live site still stands).
  await b.retryFailed();
  expect(fulls).toBe(3);
  expect(b.status.release).toBe(live);
}, 15_000);
