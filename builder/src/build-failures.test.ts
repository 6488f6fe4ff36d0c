/**
 * Issue #32: ads edited one second apart during a full build failed that
 * build ("astro build falhou (código 1):" and nothing else in the log). The
 * publishes going live pruned the full build's own folder as an old release
 * (Releases.prune). An ordinary edit must never fail a build, and a failure
 * must say why. startBuilder's real lanes, with builds that only write folders.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { LIVE_ONLY } from '@portal/domain/build-contract';
import { standInBuilder } from './fixtures/stand-in-builder.ts';

const disposals: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const d of disposals.splice(0)) await d();
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('site-wide edits going live during a full build do not fail it: it goes live whole', async () => {
  let fulls = 0;
  let edits = 0;
  const { b, dispose } = standInBuilder({
    catchUpMs: 0,
    jobs: (b) => ({
      full: async () => {
        const n = ++fulls;
        const dir = b().releases.prepare();
        // As a large full build has them: its search index's scratch and its story pages' helper output beside it.
        mkdirSync(`${dir}.pagefind-abc123`);
        mkdirSync(`${dir}.stories-1`);
        // Its pages are written while the edits go live (the first full builds make the earlier releases).
        if (n > 2) while (edits < 3) await sleep(10);
        writeFileSync(path.join(dir, 'index.html'), `full ${n}`); // ENOENT if its folder was taken from under it
        return dir;
      },
      // An ad edit: rendered into a scratch folder, laid over the live release (or the full build being adopted).
      targeted: async (_req, base) => {
        const scratch = b().releases.prepare();
        b().releases.discard(scratch);
        edits++;
        return base ?? b().releases.active()!;
      },
    }),
  });
  disposals.push(dispose);
  await b.trigger({ full: true });
  await b.trigger({ full: true });
  const full = b.trigger({ full: true });
  // One second apart in the newsroom; each goes live before the next.
  for (let i = 0; i < 3; i++) {
    void b.trigger(LIVE_ONLY);
    while (edits < i + 1) await sleep(5);
  }
  await full;
  expect(b.status.lastError).toBeNull();
  expect(b.status.lastFailureAt).toBeNull();
  expect(readFileSync(path.join(b.releases.active()!, 'index.html'), 'utf8')).toBe('full 3');
});

it('a failed build says why: the tail of its error output in the log and in the status, not only its first line', async () => {
  const log: string[] = [];
  const reason = 'ENOENT: no such file or directory, mkdir /srv/site/releases/x/municipio/pau-darco/';
  const { b, dispose } = standInBuilder({
    catchUpMs: 0,
    log: (s) => log.push(s),
    jobs: () => ({
      full: async () => {
        throw new Error(`astro build falhou (código 1):\n${'linha de progresso\n'.repeat(40)}${reason}\n  Location:\n    generate.js:438:3\n`);
      },
      targeted: async () => {
        throw new Error('não usado');
      },
    }),
  });
  disposals.push(dispose);
  await b.trigger({ full: true });
  const failure = log.find((l) => l.startsWith('FALHA'));
  expect(failure).toMatch(/^FALHA no build \(build completo; o site anterior continua no ar\): astro build falhou \(código 1\):\n/);
  expect(failure).toContain(reason);
  expect(failure).toContain('generate.js:438:3');
  // Bounded: the tail, not the whole output.
  expect(failure!.split('\n').length).toBeLessThanOrEqual(22);
  expect(b.status.lastError).toContain(reason);
});
