import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BuildWorker } from './build-worker.ts';
import { SteppedAside } from './coalescer.ts';
import { running } from '../../tests/support/processes.ts';

const script = path.join(import.meta.dirname, 'fixtures/stand-in-worker.ts');
const workers: BuildWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

function setup(o: { maxJobs?: number; maxRssBytes?: number; maxGrowthBytes?: number; prime?: Record<string, string> | null } = {}) {
  const log = path.join(mkdtempSync(path.join(os.tmpdir(), 'build-worker-')), 'log');
  const primed: string[] = [];
  const { prime, ...rest } = o;
  let n = 0;
  const w = new BuildWorker({
    script,
    cwd: os.tmpdir(),
    ...rest,
    ...(prime !== undefined ? { prime: () => (prime ? { env: { LOG: log, JOB: `prime${++n}`, ...prime }, done: () => primed.push(`done${n}`) } : null) } : {}),
  });
  workers.push(w);
  const job = (name: string, env: Record<string, string> = {}, aside?: AbortSignal) => w.run({ LOG: log, JOB: name, ...env }, aside);
  const lines = () => readFileSync(log, 'utf8').trim().split('\n');
  return { w, job, lines, primed };
}

describe('BuildWorker', () => {
  it('runs jobs one at a time, in the order asked, in one warm process', async () => {
    const { w, job, lines } = setup();
    await Promise.all([job('a', { WAIT_MS: '80' }), job('b'), job('c')]);
    const pid = lines()[0]!.split(' ')[2];
    expect(lines()).toEqual(['a', 'b', 'c'].flatMap((j) => [`start ${j} ${pid}`, `end ${j} ${pid}`]));
    expect(w.started).toBe(1);
  });

  it('a process that dies mid-job fails that job like a failed build, and the next job runs in a new process', async () => {
    const { w, job, lines } = setup();
    await job('a');
    const first = w.pid;
    const crashed = job('b', { CRASH: '1' });
    const next = job('c');
    await expect(crashed).rejects.toThrow(/astro build falhou: o processo de build terminou no meio \(código 3\)/);
    await next;
    expect(w.pid).not.toBe(first);
    expect(lines().at(-1)).toBe(`end c ${w.pid}`);
  });

  it('a failed build is reported with its error, and the process is replaced (nothing half-done carries over)', async () => {
    const { w, job } = setup();
    await expect(job('a', { FAIL: '1' })).rejects.toThrow(/falhou de propósito/);
    await job('b');
    expect(w.started).toBe(2);
  });

  it('a job asked to step aside stops and rejects with SteppedAside; the process stays; one asked before its turn never starts', async () => {
    const { w, job, lines } = setup();
    await job('first');
    const aside = new AbortController();
    const long = job('long', { WAIT_MS: '20000' }, aside.signal);
    const queued = new AbortController();
    const behind = job('behind', {}, queued.signal);
    queued.abort();
    while (!lines().some((l) => l.startsWith('start long'))) await new Promise((r) => setTimeout(r, 10));
    // Action
    aside.abort();
    // Assert: both step aside (the second without starting), and the next job runs in the same process.
    await expect(long).rejects.toBeInstanceOf(SteppedAside);
    await expect(behind).rejects.toBeInstanceOf(SteppedAside);
    await job('after');
    expect(lines().map((l) => l.split(' ').slice(0, 2).join(' '))).toEqual(['start first', 'end first', 'start long', 'aside long', 'start after', 'end after']);
    expect(new Set(lines().map((l) => l.split(' ')[2])).size).toBe(1);
    expect(w.started).toBe(1);
  });

  it('is recycled when grown maxGrowthBytes past its first job, the new process started ahead of the next job', async () => {
    const { w, job } = setup({ maxGrowthBytes: 1000 });
    await job('a', { RSS: '5000' });
    await job('b', { RSS: '5900' });
    expect(w.started).toBe(1); // big after its first job (the archive), not growing: kept
    await job('c', { RSS: '6100' });
    expect(w.started).toBe(2);
    await job('d', { RSS: '9000' });
    expect(w.started).toBe(2); // the new process measures from its own first job
  });

  it('is recycled after maxJobs jobs and above maxRssBytes, the new process started ahead of the next job', async () => {
    const { w, job } = setup({ maxJobs: 2, maxRssBytes: 1000 });
    await job('a');
    await job('b');
    expect(w.started).toBe(2); // after 2 jobs, a fresh one is already waiting
    await job('c', { RSS: '2000' });
    expect(w.started).toBe(3);
    await job('d');
    expect(w.started).toBe(3);
  });

  it('a new process gets its first job ahead (prime), so the next job is not its first; a job already waiting goes first instead', async () => {
    const { w, job, lines, primed } = setup({ prime: {}, maxJobs: 3 });
    const ends = () =>
      lines()
        .filter((l) => l.startsWith('end'))
        .map((l) => l.split(' ')[1]);
    w.warm();
    await job('a');
    await job('b');
    expect(ends()).toEqual(['prime1', 'a', 'b']);
    // Recycled after 3 jobs: the new process is primed before anything else asks.
    await job('c');
    expect(ends()).toEqual(['prime1', 'a', 'b', 'prime2', 'c']);
    expect(primed).toEqual(['done1', 'done2']);
    expect(w.started).toBe(2);

    const other = setup({ prime: {} });
    const waiting = other.job('x');
    other.w.warm();
    await waiting;
    await other.job('y');
    expect(
      other
        .lines()
        .filter((l) => l.startsWith('end'))
        .map((l) => l.split(' ')[1]),
    ).toEqual(['x', 'y']);
    expect(other.primed).toEqual([]); // not needed: nothing made
  });

  it('a prime that fails is not tried again until a real job succeeds (no loop of failing builds)', async () => {
    const { w, job, lines } = setup({ prime: { FAIL: '1' } });
    w.warm();
    await job('a');
    expect(
      lines()
        .filter((l) => l.startsWith('end'))
        .map((l) => l.split(' ')[1]),
    ).toEqual(['prime1', 'a']);
    expect(w.started).toBe(2); // the failed prime's process was replaced, once
  });

  it('refresh (a full build went live): a throwaway job now, unless a job is waiting or the process has run nothing yet', async () => {
    const { w, job, lines, primed } = setup({ prime: {} });
    const ends = () =>
      lines()
        .filter((l) => l.startsWith('end'))
        .map((l) => l.split(' ')[1]);
    await w.refresh(); // no process yet: priming is what a new process gets
    await job('a');
    await w.refresh();
    await job('b');
    expect(ends()).toEqual(['a', 'prime1', 'b']);
    // A publish already waiting reads the new rows itself: no throwaway job in front of or after it.
    const c = job('c', { WAIT_MS: '50' });
    const d = job('d');
    await Promise.all([c, d, w.refresh()]);
    await job('e');
    expect(ends()).toEqual(['a', 'prime1', 'b', 'c', 'd', 'e']);
    expect(primed).toEqual(['done1']);
  });

  it('nothing to build from yet (no live site): no prime', async () => {
    const { w, job, lines } = setup({ prime: null });
    w.warm();
    await job('a');
    expect(lines()).toHaveLength(2);
  });

  it('what a process started goes with it: when it is replaced after a failed build, and when the worker stops (issue #32)', async () => {
    const { w, job, lines } = setup();
    const children = () => lines().filter((l) => l.startsWith('child ')).map((l) => Number(l.split(' ')[1]));
    const gone = async (pid: number) => {
      for (let i = 0; i < 50 && running(pid); i++) await new Promise((r) => setTimeout(r, 20));
      return !running(pid);
    };
    await expect(job('a', { CHILD: '1', FAIL: '1' })).rejects.toThrow(/falhou de propósito/);
    expect(await gone(children()[0]!)).toBe(true);
    await job('b', { CHILD: '1' });
    expect(running(children()[1]!)).toBe(true); // a live process keeps what it runs
    await w.stop();
    expect(await gone(children()[1]!)).toBe(true);
  });

  it('after stop, a job is refused', async () => {
    const { w, job } = setup();
    await job('a');
    await w.stop();
    await expect(job('b')).rejects.toThrow(/parado/);
  });
});
