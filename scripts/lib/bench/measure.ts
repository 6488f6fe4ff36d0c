/** Small measuring tools for the benchmark: peak memory of a process tree, percentiles. */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/**
 * The resident memory (KB) of `root` and every process under it: one pass over
 * /proc per sample, one small file per process (the sampler runs every 100 ms
 * beside the build it measures, on the same two cores).
 */
export function treeRssKb(root: number): number {
  const page = 4; // KB: /proc/<pid>/stat counts resident pages
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      // Fields after the command name (which may hold spaces): state, ppid … rss is the 22nd.
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      const pid = Number(d);
      const ppid = Number(f[1]);
      rss.set(pid, Number(f[21]) * page);
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    } catch {
      /* process ended */
    }
  }
  let total = 0;
  const stack = [root];
  while (stack.length) {
    const p = stack.pop()!;
    total += rss.get(p) ?? 0;
    stack.push(...(children.get(p) ?? []));
  }
  return total;
}

/** Runs a command, sampling the resident memory of it and its children every 100 ms. */
export function runMeasured(cmd: string, args: string[], env: Record<string, string>, cwd: string) {
  return new Promise<{ ms: number; peakRssMb: number; ok: boolean; output: string }>((resolve) => {
    const t0 = Date.now();
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output = (output + d).slice(-5000)));
    child.stderr.on('data', (d) => (output = (output + d).slice(-5000)));
    let peak = 0;
    const timer = setInterval(() => {
      const total = treeRssKb(child.pid!);
      peak = Math.max(peak, total);
    }, 100);
    child.on('exit', (code) => {
      clearInterval(timer);
      resolve({ ms: Date.now() - t0, peakRssMb: Math.round(peak / 1024), ok: code === 0, output });
    });
  });
}

/** Samples the resident memory of `root`'s whole tree every `everyMs` until `stop`, which gives the peak (MB). */
export function treePeak(root: number, everyMs = 200): { stop(): number } {
  let peak = treeRssKb(root);
  const timer = setInterval(() => (peak = Math.max(peak, treeRssKb(root))), everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.round(Math.max(peak, treeRssKb(root)) / 1024);
    },
  };
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
