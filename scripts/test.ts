/**
 * `npm test`: the whole suite on the embedded default — unit and UI tests,
 * the API suite against a real Directus (SQLite), and the e2e suite in
 * Debian Chromium against the production build. `npm test -- e2e` runs e2e only.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../directus/scripts/lib/paths.ts';

const only = process.argv[2];
const run = (label: string, args: string[], env: Record<string, string> = {}) => {
  console.log(`\n» ${label}`);
  const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env } });
  if (r.status !== 0) {
    console.error(`\n✗ ${label} falhou`);
    process.exit(r.status ?? 1);
  }
};

const vitest = path.join(ROOT, 'node_modules/vitest/vitest.mjs');
const playwright = path.join(ROOT, 'node_modules/@playwright/test/cli.js');

if (!only || only === 'unit') run('Testes unitários e de interface', [vitest, 'run', '--project', 'unit', '--project', 'ui']);
if (!only || only === 'api') run('Testes de API (Directus real, SQLite)', [vitest, 'run', '--project', 'api']);
if (!only || only === 'e2e') run('Testes e2e (Chromium, build de produção)', [playwright, 'test', ...process.argv.slice(3)]);
