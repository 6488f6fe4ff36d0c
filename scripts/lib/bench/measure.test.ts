import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { groupProcesses, percentile, pssKb, readProcs, type Proc } from './measure.ts';

const p = (pid: number, ppid: number): Proc => ({ pid, ppid, cpuUs: 0, rssKb: 0 });

describe('groupProcesses', () => {
  // bench 10 → Directus 11, front 12, crowd 13, build 14 (detached, its parent kept) → pagefind 15; PostgreSQL 2 → backend 3; 99 elsewhere.
  const procs = [p(1, 0), p(10, 1), p(11, 10), p(12, 10), p(13, 10), p(14, 10), p(15, 14), p(2, 1), p(3, 2), p(99, 1)];

  it('puts each process in the group of its nearest named ancestor, the rest in the bench’s', () => {
    const g = groupProcesses(procs, 10, { Directus: 11, frente: 12, gerador: 13, PostgreSQL: 2 }, 'construtor');
    expect(Object.fromEntries(g)).toEqual({ 10: 'construtor', 11: 'Directus', 12: 'frente', 13: 'gerador', 14: 'construtor', 15: 'construtor', 2: 'PostgreSQL', 3: 'PostgreSQL' });
  });

  it('leaves out what is neither under the bench nor a named service, and a named process that is gone', () => {
    const g = groupProcesses(procs, 10, { sumido: 555 }, 'construtor');
    expect(g.has(99)).toBe(false);
    expect(g.has(1)).toBe(false);
    expect([...g.values()]).not.toContain('sumido');
  });
});

describe('percentile', () => {
  it('is the nearest rank', () => {
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)).toBe(10);
    expect(percentile([], 95)).toBeNaN();
  });
});

describe('pssKb', () => {
  it('counts what a process holds: a child holding 64 MB has at least that, and never more than its RSS', async () => {
    const child = spawn(process.execPath, ['-e', 'const b = Buffer.alloc(64 * 2 ** 20, 1); console.log("held"); setInterval(() => b[0]++, 1000)'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
      const pss = pssKb(child.pid!)!;
      const rss = readProcs().find((p) => p.pid === child.pid)!.rssKb;
      expect(pss).toBeGreaterThanOrEqual(64 * 1024);
      expect(pss).toBeLessThanOrEqual(rss);
    } finally {
      child.kill();
    }
  });

  it('is null for a process that is gone', () => {
    expect(pssKb(2 ** 22 + 1)).toBeNull();
  });
});
