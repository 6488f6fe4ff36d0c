import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PausableGroups, runningLimit } from './pausable.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const kills: Array<() => void> = [];
afterEach(() => {
  for (const k of kills.splice(0)) k();
});

/** A process group that ticks (like a build writing pages): its leader and one child of its own. */
function ticking() {
  const child = spawn(process.execPath, ['-e', "require('child_process').spawn(process.execPath, ['-e', 'setInterval(() => process.stdout.write(\".\"), 10)'], { stdio: 'inherit' }); setInterval(() => process.stdout.write('.'), 10)"], {
    detached: true,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let ticks = 0;
  child.stdout.on('data', (d: Buffer) => (ticks += d.length));
  kills.push(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // gone
    }
  });
  return { child, ticks: () => ticks };
}

describe('the full lane steps aside while the live lane renders', () => {
  it('stops the whole process group (children included) during a job, and continues it after', async () => {
    const lane = new PausableGroups();
    const p = ticking();
    p.child.on('exit', lane.add(p.child.pid!));
    // Under load a node process takes a while to start: wait for its first ticks, not a clock.
    await expect.poll(p.ticks, { timeout: 20_000 }).toBeGreaterThan(0);
    let during = 0;
    const result = await lane.during(async () => {
      await sleep(100); // what was already in the pipe when it stopped is read first
      const at = p.ticks();
      await sleep(400);
      during = p.ticks() - at;
      return 'publicada';
    });
    expect(result).toBe('publicada');
    // A tick or two already in the pipe when it stopped, nothing after.
    expect(during).toBeLessThanOrEqual(4);
    const after = p.ticks();
    await expect.poll(() => p.ticks() - after, { timeout: 20_000 }).toBeGreaterThan(10);
    expect(lane.paused).toBe(false);
  });

  it('a full build started during a render waits for it too', async () => {
    const lane = new PausableGroups();
    const first = ticking();
    first.child.on('exit', lane.add(first.child.pid!));
    expect(lane.pause()).toBe(true);
    const late = ticking();
    late.child.on('exit', lane.add(late.child.pid!));
    await sleep(300);
    expect(late.ticks()).toBeLessThanOrEqual(4);
    lane.resume();
    await expect.poll(late.ticks, { timeout: 20_000 }).toBeGreaterThan(10);
  });

  it('nothing to stop without a full build; a failed job still continues the full build', async () => {
    const lane = new PausableGroups();
    expect(lane.pause()).toBe(false);
    const p = ticking();
    p.child.on('exit', lane.add(p.child.pid!));
    await expect(lane.during(async () => Promise.reject(new Error('falhou')))).rejects.toThrow('falhou');
    expect(lane.paused).toBe(false);
  });

  it('never stopped longer than maxPauseMs, nor for more than its share of the build time', async () => {
    let t = 0;
    const sent: string[] = [];
    const lane = new PausableGroups({ maxPauseMs: 50, maxShare: 0.5, now: () => t, signal: (pgid, sig) => sent.push(`${pgid}:${sig}`) });
    const done = lane.add(7);
    t = 1000;
    expect(lane.pause()).toBe(true);
    await sleep(120); // a render stuck past maxPauseMs: the build continues
    expect(sent).toEqual(['7:SIGSTOP', '7:SIGCONT']);
    expect(lane.paused).toBe(false);
    // A long render: stopped from 1000 to 3000 ms.
    expect(lane.pause()).toBe(true);
    t = 3000;
    lane.resume();
    // 2000 ms stopped of 3000: past half, publishes now run beside it.
    expect(lane.pause()).toBe(false);
    t = 5000; // 2000 of 5000: under half again
    expect(lane.pause()).toBe(true);
    lane.resume();
    done();
    expect(lane.pause()).toBe(false); // the build ended
  });

  it('a build whose leader ends while stopped (the stop reached it exiting) is continued: nothing of it stays stopped (issue #32)', () => {
    const sent: string[] = [];
    const lane = new PausableGroups({ signal: (pgid, sig) => sent.push(`${pgid}:${sig}`) });
    const first = lane.add(7);
    const second = lane.add(8);
    expect(lane.pause()).toBe(true);
    first();
    expect(lane.paused).toBe(true); // the other build is still stopped for the render
    second();
    expect(lane.paused).toBe(false);
    expect(sent).toEqual(['7:SIGSTOP', '8:SIGSTOP', '7:SIGCONT', '8:SIGCONT']);
  });
});

describe('a full build that runs too long is stopped', () => {
  afterEach(() => vi.useRealTimers());

  it('counts running time only: the pauses of the live lane do not use up the limit', () => {
    vi.useFakeTimers();
    let paused = false;
    const limit = runningLimit(3_000, () => paused, 1_000);
    vi.advanceTimersByTime(1_000);
    paused = true;
    vi.advanceTimersByTime(5_000); // stopped for the live lane: not the build's time
    expect(limit.signal.aborted).toBe(false);
    paused = false;
    vi.advanceTimersByTime(1_000);
    expect(limit.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(limit.signal.aborted).toBe(true);
    expect((limit.signal.reason as Error).message).toBe('build completo interrompido: rodou mais de 3 s (o site anterior continua no ar)');
  });

  it('a build that ends in time stops the clock', () => {
    vi.useFakeTimers();
    const limit = runningLimit(2_000, () => false, 1_000);
    limit.stop();
    vi.advanceTimersByTime(10_000);
    expect(limit.signal.aborted).toBe(false);
  });
});
