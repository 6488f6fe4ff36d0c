/** Small measuring tools for the benchmark: peak memory of a process tree, percentiles. */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

function descendants(pid: number): number[] {
  const out: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const ppid = Number(/PPid:\s+(\d+)/.exec(readFileSync(`/proc/${d}/status`, 'utf8'))?.[1]);
      if (ppid === pid) out.push(Number(d), ...descendants(Number(d)));
    } catch {
      /* process ended */
    }
  }
  return out;
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
      const total = [child.pid!, ...descendants(child.pid!)].reduce((s, p) => s + rssKb(p), 0);
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
