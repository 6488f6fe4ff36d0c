import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../../../directus/scripts/lib/paths.ts';

/**
 * The backup job switched off (PORTAL_BACKUP_DAILY=false) stays up and says so:
 * a job that exited was restarted in a loop by docker-compose and stopped
 * `npm run start:prod` ("o backup diário não subiu (código 0)").
 */
it('switched off, the backup job is ready, stays up and ends on SIGTERM', async () => {
  const env: Record<string, string | undefined> = { ...process.env, PORTAL_BACKUP_DAILY: 'false' };
  delete env.DB_CLIENT;
  const child = spawn(process.execPath, [path.join(ROOT, 'ops/src/cli/daemon.ts')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  await expect.poll(() => out, { timeout: 15_000 }).toContain('pronto; backup diário desligado (PORTAL_BACKUP_DAILY=false)');
  // Still running a while after it said it is ready.
  await new Promise((r) => setTimeout(r, 1000));
  expect(child.exitCode).toBeNull();
  child.kill('SIGTERM');
  expect(await exited).toEqual({ code: 0, signal: null });
});
