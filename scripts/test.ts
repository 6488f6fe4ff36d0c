/**
 * `npm test`: the whole suite on the embedded default — unit and UI tests
 * (in UTC, then the rules and screens again in America/Belem), the API
 * suite against a real Directus (SQLite), and the e2e suite in Debian
 * Chromium against the production build. Ends with one line
 * "N passed, N failed" over all suites.
 *   npm test -- unit|api|api:pg|e2e|prod [extra]    runs one suite
 *   TEST_API_PG=1 npm test                          adds the API suite on PostgreSQL (CI)
 *   TEST_PROD=1 npm test, npm run test:prod         adds / runs the production topology suite
 *                                                   (nginx, two Directus, PostgreSQL, Redis; CI),
 *                                                   beside the API suites
 */
import { spawn, type ChildProcess } from 'node:child_process';
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
/** Every failed test by suite and name: printed again at the very end, where CI's tail shows it. */
const failures: string[] = [];
let exitCode = 0;

type VitestReport = { testResults?: { name: string; status?: string; message?: string; assertionResults?: { status: string; fullName: string; title: string; failureMessages?: string[] }[] }[] };
type PlaywrightSuite = {
  title: string;
  file?: string;
  specs?: { title: string; ok: boolean; tests?: { status: string; results?: { error?: { message?: string } }[] }[] }[];
  suites?: PlaywrightSuite[];
};

/** A failure's first lines, under its name: CI's tail then says why, not only what (colours stripped). */
const why = (message: string | undefined): string => {
  const lines = (message ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((l) => l.trim()).filter((l) => l && !/^at (.*node_modules|new Promise|async Promise|process\.)/.test(l)).slice(0, 4);
  return lines.length ? `\n      ${lines.join('\n      ').slice(0, 600)}` : '';
};

/** Failed tests, and files that failed as a whole (a hook: their tests are only "skipped"). */
function vitestFailures(json: VitestReport): { tests: string[]; files: string[] } {
  const files = json.testResults ?? [];
  return {
    tests: files.flatMap((file) =>
      (file.assertionResults ?? [])
        .filter((t) => t.status === 'failed')
        .map((t) => `${path.relative(ROOT, file.name)} › ${t.fullName || t.title}${why(t.failureMessages?.[0])}`),
    ),
    files: files
      .filter((file) => file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
      .map((file) => `${path.relative(ROOT, file.name)} (o arquivo falhou: ${(file.message ?? '').split('\n')[0]})`),
  };
}

function playwrightFailures(suites: PlaywrightSuite[] = [], trail: string[] = []): string[] {
  return suites.flatMap((suite) => {
    const here = suite.file && trail.length === 0 ? [suite.file] : [...trail, suite.title].filter(Boolean);
    const own = (suite.specs ?? [])
      .filter((spec) => (spec.tests ?? []).some((t) => t.status === 'unexpected'))
      .map((spec) => [...here, spec.title].join(' › ') + why(spec.tests?.flatMap((t) => t.results ?? []).find((r) => r.error)?.error?.message));
    return [...own, ...playwrightFailures(suite.suites, here)];
  });
}

/** Adds a suite's JSON report to the totals; a run that failed without one counts as one failure. */
function record(label: string, status: number | null, report: string) {
  const file = path.join(out, report);
  if (existsSync(file)) {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    if ('numPassedTests' in json) {
      totals.passed += json.numPassedTests;
      totals.failed += json.numFailedTests;
      totals.skipped += json.numPendingTests + (json.numTodoTests ?? 0);
      const f = vitestFailures(json);
      totals.failed += f.files.length;
      failures.push(...[...f.tests, ...f.files].map((x) => `${label}: ${x}`));
    } else if (json.stats) {
      totals.passed += json.stats.expected + (json.stats.flaky ?? 0);
      totals.failed += json.stats.unexpected;
      totals.skipped += json.stats.skipped;
      failures.push(...playwrightFailures(json.suites).map((f) => `${label}: ${f}`));
    }
  }
  if (status !== 0) {
    console.error(`\n✗ ${label} falhou`);
    exitCode = status ?? 1;
    if (!existsSync(file)) {
      totals.failed += 1;
      failures.push(`${label}: terminou sem relatório (código ${status})`);
    }
  }
}

const childEnv = (env: Record<string, string>) => ({ ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env });

/** How long each suite took, printed with the summary: CI's time budget is read off it. */
const durations: string[] = [];
const took = (label: string, since: number) => durations.push(`${label}: ${Math.round((Date.now() - since) / 1000)} s`);

/** A suite's exit code once its process ends (1 when it could not start). */
const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code));
  });

/**
 * A suite in the foreground. Awaited, never spawnSync: a suite beside it is
 * timed when it ends, not when this one returns (with spawnSync every suite
 * beside the SQLite one "took" exactly as long as it), and its output is read
 * as it comes instead of queueing in the child.
 */
async function run(label: string, args: string[], env: Record<string, string>, report: string) {
  console.log(`\n» ${label}`);
  const since = Date.now();
  const status = await exitOf(spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env: childEnv(env) }));
  took(label, since);
  record(label, status, report);
}

/**
 * A suite run beside the others (its own Directus, ports and database): its
 * output is kept and printed whole when it ends, so logs never interleave.
 */
function runBeside(label: string, args: string[], env: Record<string, string>, report: string): () => Promise<void> {
  const since = Date.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: childEnv(env) });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const done = exitOf(child).then((code) => {
    took(label, since);
    return code;
  });
  return async () => {
    const status = await done;
    console.log(`\n» ${label}\n${log}`);
    record(label, status, report);
  };
}

const vitestArgs = (projects: string[], report: string) => [
  vitest,
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(out, report)}`,
  ...extra,
];
const vitestRun = (label: string, projects: string[], report: string, env: Record<string, string> = {}) =>
  run(label, vitestArgs(projects, report), env, report);

const API_PG = 'Testes de API (Directus real, PostgreSQL)';
const apiPg = only === 'api:pg' || (!only && process.env.TEST_API_PG === '1');
// On PostgreSQL the API suite has its own Directus, ports and database: in the whole suite it runs
// beside the others (its files still run one at a time), which takes minutes off CI.
const pgBeside = apiPg && !only ? runBeside(API_PG, vitestArgs(['api'], 'api-pg.json'), { TEST_DB: 'postgres' }, 'api-pg.json') : null;
if (!only || only === 'unit') {
  await vitestRun('Testes unitários e de interface', ['unit', 'ui'], 'unit.json', { TZ: 'UTC' });
  // Again in the newsroom's zone (issue #31): dates, schedules and "Atualizado em" must not depend on the machine's.
  // The rules and screens only (domain, site, admin); the process and database tests do not read the zone.
  const zoned = extra.length > 0 ? [] : ['domain/', 'site/src/', 'admin/src/'];
  await run('Testes unitários e de interface (fuso America/Belem)', [...vitestArgs(['unit', 'ui'], 'unit-belem.json'), ...zoned], { TZ: 'America/Belem' }, 'unit-belem.json');
}
const PROD = 'Topologia de produção (nginx, 2 Directus, PostgreSQL, Redis)';
// The production topology has its own ports, database, Redis database and admin build too: in the whole
// suite it runs beside the SQLite API suite, once the unit tests (which keep both cores busy) are done.
const prodBeside = !only && process.env.TEST_PROD === '1' ? runBeside(PROD, vitestArgs(['prod'], 'prod.json'), {}, 'prod.json') : null;
if (!only || only === 'api') await vitestRun('Testes de API (Directus real, SQLite)', ['api'], 'api-sqlite.json');
if (only === 'api:pg') await vitestRun(API_PG, ['api'], 'api-pg.json', { TEST_DB: 'postgres' });
if (pgBeside) await pgBeside();
if (prodBeside) await prodBeside();
if (only === 'prod') await vitestRun(PROD, ['prod'], 'prod.json');
if (!only || only === 'e2e') {
  // Debian's Chromium drives the e2e suite (never `playwright install`): brought in here on a fresh machine.
  if (!process.env.CHROMIUM_PATH) ensureDebianPackage('chromium', '/usr/bin/chromium');
  await run(
    'Testes e2e (Chromium, build de produção)',
    [playwright, 'test', '--reporter=list,json', ...extra],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(out, 'e2e.json') },
    'e2e.json',
  );
}

console.log(`\nDuração:\n${durations.map((d) => `  ${d}`).join('\n')}`);
if (failures.length > 0) console.log(`\nFalharam:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode || (totals.failed > 0 ? 1 : 0));
