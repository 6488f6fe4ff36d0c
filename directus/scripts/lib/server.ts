/** Start, bootstrap and stop a real Directus process (used by start, tests and bench). */
import { spawn, type ChildProcess } from 'node:child_process';
import { DIRECTUS_CLI, ROOT } from './paths.ts';

/**
 * Node's flags for a running Directus (docker-compose's command carries the same: settings.test.ts).
 * Its heap grows by at most 30 % past what a collection kept (V8 picks up to 4x under a
 * high allocation rate): serving a full build's pages beside the readers' batches, each
 * instance held ~580 MB at 100,000 stories against ~270 MB serving the build alone (decision 067).
 */
export const DIRECTUS_NODE_ARGS = ['--heap-growing-percent=30'];

function run(args: string[], env: Record<string, string>, quiet: boolean): ChildProcess {
  return spawn(process.execPath, [...(args[0] === 'start' ? DIRECTUS_NODE_ARGS : []), DIRECTUS_CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
}

async function exitCode(child: ChildProcess, label: string): Promise<void> {
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`${label} falhou (código ${code}):\n${out.slice(-4000)}`);
}

/** Creates the system tables (first run) or migrates them; idempotent. */
export async function bootstrap(env: Record<string, string>, quiet = true) {
  // A fresh install runs without extensions, so a .test admin email would be
  // refused here; the demo seed renames this placeholder to ADMIN_EMAIL later.
  const first: Record<string, string> = env.ADMIN_EMAIL?.endsWith('.test') ? { ADMIN_EMAIL: 'bootstrap-admin@example.com' } : {};
  await exitCode(run(['bootstrap'], { ...env, ...first }, quiet), 'directus bootstrap');
}

// Three minutes: on a 2-core machine shared with other suites, one more Directus has been seen taking over one.
export async function waitForHealth(url: string, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/server/ping`);
      if (res.ok) return;
      last = res.status;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Directus não respondeu em ${url}: ${String(last)}`);
}

export type RunningDirectus = { url: string; child: ChildProcess; stop: () => Promise<void>; logs: () => string };

export async function startDirectus(env: Record<string, string>, opts: { quiet?: boolean; timeoutMs?: number } = {}): Promise<RunningDirectus> {
  const quiet = opts.quiet ?? true;
  const child = run(['start'], env, quiet);
  let logs = '';
  child.stdout?.on('data', (d) => (logs = (logs + d).slice(-20_000)));
  child.stderr?.on('data', (d) => (logs = (logs + d).slice(-20_000)));
  const url = `http://127.0.0.1:${env.PORT}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`Directus saiu (código ${code}):\n${logs}`))),
  );
  exited.catch(() => {});
  try {
    await Promise.race([waitForHealth(url, opts.timeoutMs), exited]);
  } catch (e) {
    // Not healthy in time: it must not keep running unowned (it would hold its port and database).
    child.kill('SIGKILL');
    throw e;
  }
  return {
    url,
    child,
    logs: () => logs,
    stop: () =>
      new Promise<void>((resolve) => {
        // Already gone (exited, or killed by a signal: exitCode stays null then).
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
