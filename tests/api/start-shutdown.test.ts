/**
 * `npm start`, then Ctrl-C (issue #32): it said "Encerrando…" and then
 * restarted the mail catcher ("Caixa de e-mails parou (0); reiniciando em
 * 1 s…") — the terminal's SIGINT reaches every process of its group, so the
 * parts ended by themselves while the shutdown was still stopping the others.
 * The real `scripts/start.ts` (its own data folder and ports), stopped the way
 * a terminal stops it: nothing restarted, and once it has exited no process it
 * started is left (each carries a marker in its environment, inherited by
 * everything under it: Directus, MailDev, the builder's processes, esbuild).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { ROOT } from '../../directus/scripts/lib/paths.ts';
import { localPort } from './support.ts';
import { processesWithEnv } from '../support/processes.ts';

const base = localPort(30);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
const marker = `PORTAL_SHUTDOWN_TEST=${process.pid}-${Date.now()}`;
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Processes started by this npm start that still run. */
const leftOver = () => processesWithEnv((env) => env.includes(marker));

// npm start runs the embedded SQLite whatever the suite's database: once is enough (and two at once would share dist/admin).
it.skipIf(inject('dbKind') === 'postgres')('Ctrl-C: "Encerrando…", every part stopped and none restarted, and no process of it left', async () => {
  const [k, v] = marker.split('=') as [string, string];
  const env = {
    ...process.env,
    PORT: String(base),
    DIRECTUS_PORT: String(base + 1),
    BUILDER_PORT: String(base + 2),
    MAIL_SMTP_PORT: String(base + 3),
    MAIL_WEB_PORT: String(base + 4),
    PORTAL_DATA_DIR: dataDir,
    [k]: v,
  };
  // Its own process group, as a terminal's foreground job.
  const start = spawn(process.execPath, [path.join(ROOT, 'scripts/start.ts')], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  start.stdout.on('data', (d: Buffer) => (out += d));
  start.stderr.on('data', (d: Buffer) => (out += d));
  const exited = new Promise<number | null>((r) => start.once('exit', (code) => r(code)));
  try {
    for (const until = Date.now() + 300_000; !out.includes('Ctrl-C encerra.'); ) {
      if (start.exitCode !== null || Date.now() > until) throw new Error(`npm start não subiu:\n${out.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(leftOver().length).toBeGreaterThan(2); // it runs Directus, the mail catcher, the builder's warm process…

    // Action: Ctrl-C — the terminal sends SIGINT to every process of its foreground group.
    process.kill(-start.pid!, 'SIGINT');
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('tempo esgotado'), 60_000))]);

    // Assert
    expect(code, out.slice(-3000)).toBe(0);
    const after = out.slice(out.indexOf('Ctrl-C encerra.'));
    expect(after).toContain('Encerrando…');
    expect(after).not.toMatch(/parou \(|reiniciando|de volta/);
    expect(leftOver()).toEqual([]);
  } finally {
    if (start.exitCode === null) process.kill(-start.pid!, 'SIGKILL');
    for (const p of leftOver()) process.kill(Number(p.split(' ')[0]), 'SIGKILL');
  }
}, 420_000);
