/**
 * The builder's `/status` tells the truth (issue #28): `building` while a build
 * runs in either lane, `idle` once the last one has ended — the admin's status
 * line and the health page read it. startBuilder's real lanes with stand-in jobs.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { standInBuilder, type Builder } from './fixtures/stand-in-builder.ts';

const disposals: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const d of disposals.splice(0)) await d();
});

/** A build that runs until the test lets it finish. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

async function statusOver(b: Builder): Promise<{ state: string; fullBuilding: boolean }> {
  const server = http.createServer(b.handler).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/status`);
    return (await res.json()) as { state: string; fullBuilding: boolean };
  } finally {
    server.close();
  }
}

describe('site-status state', () => {
  it('is building while a full build runs and idle once it is live', async () => {
    const g = gate();
    const { b, dispose } = standInBuilder({
      catchUpMs: 0,
      jobs: (b) => ({
        full: async () => {
          await g.opened;
          return b().releases.prepare();
        },
        targeted: async (_req, base) => base ?? b().releases.active()!,
      }),
    });
    disposals.push(dispose);
    const done = b.trigger({ full: true });
    await new Promise((r) => setTimeout(r, 20));
    expect((await statusOver(b)).state).toBe('building');
    g.open();
    await done;
    expect(b.status.state).toBe('idle');
    expect(await statusOver(b)).toMatchObject({ state: 'idle', fullBuilding: false });
    expect(b.status.lastFull).toMatchObject({ ok: true, error: null });
  });

  it('is idle after a publish that followed a full build (the done callback runs inside the lane)', async () => {
    const { b, dispose } = standInBuilder({
      catchUpMs: 0,
      jobs: (b) => ({
        full: async () => b().releases.prepare(),
        targeted: async (_req, base) => base ?? b().releases.active()!,
      }),
    });
    disposals.push(dispose);
    await b.trigger({ full: true });
    await b.trigger({ full: false, news: ['a'], slugs: ['a'] });
    expect(b.status.builds).toBe(2);
    expect(b.status.state).toBe('idle');
    expect((await statusOver(b)).state).toBe('idle');
  });

  it('says when the catch-up owed for a publish will run, and forgets it once that full build starts', async () => {
    let fulls = 0;
    const { b, dispose } = standInBuilder({
      catchUpMs: 60,
      firstPaintCatchUpMs: 150,
      jobs: (b) => ({
        full: async () => {
          fulls++;
          return b().releases.prepare();
        },
        targeted: async (_req, base) => base ?? b().releases.active()!,
      }),
    });
    disposals.push(dispose);
    await b.trigger({ full: true });
    expect(b.status.catchUpDueAt).toBeNull();
    const t0 = Date.now();
    await b.trigger({ full: false, news: ['a'], slugs: ['a'] });
    const due = Date.parse(b.status.catchUpDueAt!);
    expect(due - t0).toBeGreaterThanOrEqual(50);
    expect(due - t0).toBeLessThan(1000);
    await new Promise((r) => setTimeout(r, 300));
    await b.idle();
    expect(fulls).toBe(2);
    expect(b.status.catchUpDueAt).toBeNull();
  });
});
