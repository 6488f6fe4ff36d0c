/**
 * `npm test`: the whole suite on the embedded default — unit and UI tests,
 * the API suite against a real Directus (SQLite), and the e2e suite in
 * Debian Chromium against the production build. Ends with one line
 * "N passed, N failed" over all suites.
 *   npm test -- unit|api|api:pg|e2e|prod [extra]    runs one suite
 *   TEST_API_PG=1 npm test                          adds the API suite on PostgreSQL (CI)
 *   TEST_PROD=1 npm test, npm run test:prod         adds / runs the production topology suite
 *                                                   (nginx, two Directus, PostgreSQL, Redis; CI)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../directus/scripts/lib/paths.ts';
import { ensureDebianPackage } from './lib/debian-package.ts';

const only = process.argv[2];
const extra = process.argv.slice(3);
const out = path.join(ROOT, '.cache/test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const vitest = path.join(ROOT, 'node_modules/vitest/vitest.mjs');
const playwright = path.join(ROOT, 'node_modules/@playwright/test/cli.js');
const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

function run(label: string, args: string[], env: Record<string, string>, report: string) {
  console.log(`\n» ${label}`);
  const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env } });
  const file = path.join(out, report);
  if (existsSync(file)) {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    if ('numPassedTests' in json) {
      totals.passed += json.numPassedTests;
      totals.failed += json.numFailedTests;
      totals.skipped += json.numPendingTests + (json.numTodoTests ?? 0);
    } else if (json.stats) {
      totals.passed += json.stats.expected + (json.stats.flaky ?? 0);
      totals.failed += json.stats.unexpected;
      totals.skipped += json.stats.skipped;
    }
  }
  if (r.status !== 0) {
    console.error(`\n✗ ${label} falhou`);
    exitCode = r.status ?? 1;
    if (!existsSync(file)) totals.failed += 1;
  }
}

const vitestRun = (label: string, projects: string[], report: string, env: Record<string, string> = {}) =>
  run(label, [vitest, 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(out, report)}`, ...extra], env, report);

if (!only || only === 'unit') vitestRun('Testes unitários e de interface', ['unit', 'ui'], 'unit.json');
if (!only || only === 'api') vitestRun('Testes de API (Directus real, SQLite)', ['api'], 'api-sqlite.json');
if (only === 'api:pg' || (!only && process.env.TEST_API_PG === '1')) vitestRun('Testes de API (Directus real, PostgreSQL)', ['api'], 'api-pg.json', { TEST_DB: 'postgres' });
if (only === 'prod' || (!only && process.env.TEST_PROD === '1')) vitestRun('Topologia de produção (nginx, 2 Directus, PostgreSQL, Redis)', ['prod'], 'prod.json');
if (!only || only === 'e2e') {
  // Debian's Chromium drives the e2e suite (never `playwright install`): brought in here on a fresh machine.
  if (!process.env.CHROMIUM_PATH) ensureDebianPackage('chromium', '/usr/bin/chromium');
  run('Testes e2e (Chromium, build de produção)', [playwright, 'test', '--reporter=list,json', ...extra], { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(out, 'e2e.json') }, 'e2e.json');
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode || (totals.failed > 0 ? 1 : 0));
