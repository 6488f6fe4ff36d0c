import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BuildWorker } from './build-worker.ts';

const script = path.join(import.meta.dirname, 'fixtures/stand-in-worker.ts');
const workers: BuildWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

function setup(o: { maxJobs?: number; maxRssBytes?: number } = {}) {
  const w = new BuildWorker({ script, cwd: os.tmpdir(), ...o });
  workers.push(w);
  const log = path.join(mkdtempSync(path.join(os.tmpdir(), 'build-worker-')), 'log');
  const job = (name: string, env: Record<string, string> = {}) => w.run({ LOG: log, JOB: name, ...env });
  const lines = () => readFileSync(log, 'utf8').trim().split('\n');
  return { w, job, lines };
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

  it('after stop, a job is refused', async () => {
    const { w, job } = setup();
    await job('a');
    await w.stop();
    await expect(job('b')).rejects.toThrow(/parado/);
  });
});
