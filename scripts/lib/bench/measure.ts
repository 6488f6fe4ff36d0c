/** Small measuring tools for the benchmark: peak memory of a process tree, percentiles. */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/**
 * The resident memory (KB) of `root` and every process under it: one pass over
 * /proc per sample (readProcs; the sampler runs every 100 ms beside the build
 * it measures, on the same two cores).
 */
function treeRssKb(root: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const p of readProcs()) {
    rss.set(p.pid, p.rssKb);
    children.set(p.ppid, [...(children.get(p.ppid) ?? []), p.pid]);
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

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One process as /proc tells it: its parent, CPU time used so far (user + system, µs) and resident memory (KB). */
export type Proc = { pid: number; ppid: number; cpuUs: number; rssKb: number };

/** Every process of the machine, one small file each (about a hundred here). */
export function readProcs(): Proc[] {
  const ticks = 100; // USER_HZ on Linux
  const out: Proc[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      out.push({ pid: Number(d), ppid: Number(f[1]), cpuUs: ((Number(f[11]) + Number(f[12])) / ticks) * 1e6, rssKb: Number(f[21]) * 4 });
    } catch {
      /* process ended */
    }
  }
  return out;
}

/**
 * Which group each process under the roots belongs to: the nearest ancestor
 * (itself included) that is a group's root, else `rest` (the bench's own
 * process and what it spawned: the builder and its build processes). Detached
 * children keep their parent, so they are found too. `groups` may name
 * processes outside `root`'s tree (PostgreSQL, Redis): their trees are walked as well.
 */
export function groupProcesses(procs: Proc[], root: number, groups: Record<string, number>, rest: string): Map<number, string> {
  const children = new Map<number, number[]>();
  for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p.pid]);
  const rootOf = new Map(Object.entries(groups).map(([name, pid]) => [pid, name]));
  const out = new Map<number, string>();
  const walk = (pid: number, group: string) => {
    const stack: Array<[number, string]> = [[pid, group]];
    while (stack.length) {
      const [p, g] = stack.pop()!;
      if (out.has(p)) continue;
      const mine = rootOf.get(p) ?? g;
      out.set(p, mine);
      for (const c of children.get(p) ?? []) stack.push([c, mine]);
    }
  };
  walk(root, rest);
  for (const [name, pid] of Object.entries(groups)) if (procs.some((p) => p.pid === pid)) walk(pid, name);
  return out;
}

/**
 * A process's proportional set size (KB): each page it shares counted as its
 * share, so a sum over processes counts every page once (PostgreSQL's shared
 * buffers touched by every backend, nginx's forked workers, Node's shared
 * libraries). A sum of RSS counts such pages once per process. Reading it walks
 * the process's page tables (about 0.6 ms a process here): sampled less often
 * than RSS. Null when the process has ended or the kernel has no smaps_rollup.
 */
export function pssKb(pid: number): number | null {
  try {
    const m = /^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

export type PhaseUsage = {
  seconds: number;
  /** CPU seconds each group used in the phase. */
  cpuS: Record<string, number>;
  /** Highest sum of resident memory (RSS) over the groups not excluded (the stack), and each group's own peak. */
  peakStackMb: number;
  peakMb: Record<string, number>;
  /** The same as proportional set sizes (pssKb): the stack's memory with shared pages counted once. */
  peakStackPssMb: number;
  peakPssMb: Record<string, number>;
  /** The largest processes at the moment of the stack's PSS peak: where that memory was. */
  atPeak: Array<{ group: string; process: string; mb: number }>;
};

/** A process's command, short: the executable's name and its script's (`node build-worker.ts`). */
function commandOf(pid: number): string {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const script = argv.slice(1).find((a) => !a.startsWith('-'));
    return [argv[0]?.split('/').at(-1), script?.split('/').slice(-2).join('/')].filter(Boolean).join(' ');
  } catch {
    return '?';
  }
}

/** How often PSS is read (pssKb's cost); also at a new RSS high, at most once a second. */
const PSS_EVERY_MS = 2000;
const PSS_AT_MOST_EVERY_MS = 1000;

/**
 * Samples the process tree every `intervalMs`: CPU time per group and peak
 * memory, per phase (`phase(name)` closes the one running). A process that
 * ends between two samples loses at most one interval of its CPU time.
 */
export function treeSampler(o: { root: number; groups: Record<string, number>; rest: string; excludeFromStack: string[]; intervalMs?: number }) {
  type Open = {
    name: string;
    t0: number;
    base: Map<number, number>;
    last: Map<number, { cpu: number; group: string }>;
    peakStack: number;
    peak: Record<string, number>;
    peakStackPss: number;
    peakPss: Record<string, number>;
    atPeak: Array<{ group: string; process: string; kb: number }>;
    pssAt: number;
  };
  const phases: Record<string, PhaseUsage> = {};
  let open: Open | null = null;
  const samplePss = (procs: Proc[], groups: Map<number, string>) => {
    const pss: Record<string, number> = {};
    const each: Array<{ group: string; pid: number; kb: number }> = [];
    for (const p of procs) {
      const g = groups.get(p.pid);
      if (!g) continue;
      const kb = pssKb(p.pid) ?? 0;
      pss[g] = (pss[g] ?? 0) + kb;
      if (!o.excludeFromStack.includes(g)) each.push({ group: g, pid: p.pid, kb });
    }
    let stack = 0;
    for (const [g, kb] of Object.entries(pss)) {
      open!.peakPss[g] = Math.max(open!.peakPss[g] ?? 0, kb);
      if (!o.excludeFromStack.includes(g)) stack += kb;
    }
    if (stack > open!.peakStackPss) {
      open!.peakStackPss = stack;
      open!.atPeak = each
        .sort((a, b) => b.kb - a.kb)
        .slice(0, 10)
        .map((p) => ({ group: p.group, process: commandOf(p.pid), kb: p.kb }));
    }
    open!.pssAt = Date.now();
  };
  const sample = () => {
    if (!open) return;
    const procs = readProcs();
    const groups = groupProcesses(procs, o.root, o.groups, o.rest);
    const rss: Record<string, number> = {};
    for (const p of procs) {
      const g = groups.get(p.pid);
      if (!g) continue;
      rss[g] = (rss[g] ?? 0) + p.rssKb;
      open.last.set(p.pid, { cpu: p.cpuUs, group: open.last.get(p.pid)?.group ?? g });
    }
    let stack = 0;
    for (const [g, kb] of Object.entries(rss)) {
      open.peak[g] = Math.max(open.peak[g] ?? 0, kb);
      if (!o.excludeFromStack.includes(g)) stack += kb;
    }
    const since = Date.now() - open.pssAt;
    if (since >= PSS_EVERY_MS || (stack > open.peakStack && since >= PSS_AT_MOST_EVERY_MS)) samplePss(procs, groups);
    open.peakStack = Math.max(open.peakStack, stack);
  };
  const close = () => {
    if (!open) return;
    sample();
    const cpu: Record<string, number> = {};
    // A process first seen during the phase was born in it: all its time counts.
    for (const [pid, l] of open.last) cpu[l.group] = (cpu[l.group] ?? 0) + l.cpu - (open.base.get(pid) ?? 0);
    phases[open.name] = {
      seconds: +((Date.now() - open.t0) / 1000).toFixed(1),
      cpuS: Object.fromEntries(Object.entries(cpu).map(([g, us]) => [g, +(us / 1e6).toFixed(1)])),
      peakStackMb: Math.round(open.peakStack / 1024),
      peakMb: Object.fromEntries(Object.entries(open.peak).map(([g, kb]) => [g, Math.round(kb / 1024)])),
      peakStackPssMb: Math.round(open.peakStackPss / 1024),
      peakPssMb: Object.fromEntries(Object.entries(open.peakPss).map(([g, kb]) => [g, Math.round(kb / 1024)])),
      atPeak: open.atPeak.map((p) => ({ group: p.group, process: p.process, mb: Math.round(p.kb / 1024) })),
    };
    open = null;
  };
  const timer = setInterval(sample, o.intervalMs ?? 250);
  return {
    /** Starts phase `name` (closing the one before). */
    phase(name: string) {
      close();
      const procs = readProcs();
      const groups = groupProcesses(procs, o.root, o.groups, o.rest);
      open = { name, t0: Date.now(), base: new Map(), last: new Map(), peakStack: 0, peak: {}, peakStackPss: 0, peakPss: {}, atPeak: [], pssAt: 0 };
      for (const p of procs) if (groups.has(p.pid)) open.base.set(p.pid, p.cpuUs);
      sample();
    },
    /** Adds a group (a process started after the sampler). */
    group(name: string, pid: number) {
      o.groups[name] = pid;
    },
    stop(): Record<string, PhaseUsage> {
      close();
      clearInterval(timer);
      return phases;
    },
  };
}
