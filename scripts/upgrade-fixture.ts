/**
 * Makes the database snapshot of a landed release that the upgrade test
 * (tests/api/upgrade.test.ts) upgrades with the current code and compares row
 * by row (issue #28, item 3). Run it on the release's own commit, BEFORE the
 * schema changes of the next one:
 *
 *   git worktree add /tmp/rel <release-commit> && cd /tmp/rel && (copy node_modules)
 *   sh scripts/node22.sh node scripts/upgrade-fixture.ts [--db sqlite|postgres] [--out tests/fixtures/upgrade]
 *
 * The database holds real demo content plus what a newsroom leaves behind:
 * reader views and TOPs, corrections, a renamed story (its old address
 * redirects), a renamed category, a newsletter subscriber and a staff account
 * with two-factor sign-in. SQLite is stored zstd-compressed; PostgreSQL as a
 * `pg_dump -Fc` (compressed by pg_dump). Beside it, a JSON with what the test
 * needs to sign in (test-only secrets of a throwaway database).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { zstdCompressSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../directus/scripts/lib/paths.ts';
import { DEMO_PASSWORD } from '../directus/scripts/lib/env.ts';
import { startDirectusInstance } from './lib/stack.ts';
import { totp } from '../tests/support/totp.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    out: { type: 'string', default: path.join(ROOT, 'tests/fixtures/upgrade') },
    port: { type: 'string', default: process.env.TEST_DIRECTUS_PORT ?? '8355' },
  },
});
const db = values.db === 'postgres' ? 'postgres' : 'sqlite';
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
const dataDir = path.join(os.tmpdir(), `portal-upgrade-fixture-${process.pid}`);
const pgDatabase = `portal_fixture_${process.pid}`;
const log = (s: string) => console.log(`» ${s}`);

const running = await startDirectusInstance({ dataDir, port: Number(values.port), db, pgDatabase, demo: true, fresh: true, log });
const base = running.url;
const adminToken = running.env.ADMIN_TOKEN!;
let stopped: Promise<void> | undefined;
const stop = () => (stopped ??= running.stop());

async function call(token: string | null, method: string, p: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text}`);
  return text ? JSON.parse(text).data : null;
}
const login = async (email: string, otp?: string) => (await call(null, 'POST', '/auth/login', { email, password: DEMO_PASSWORD, ...(otp ? { otp } : {}) })).access_token as string;

try {
  const published = (await call(adminToken, 'GET', '/items/news?filter[status][_eq]=published&filter[published_at][_lte]=$NOW&fields=id,slug,title&sort=-published_at&limit=12')) as Array<{ id: string; slug: string; title: string }>;
  // Readers: views from many addresses (rows, counters and daily totals) and TOPs.
  const ua = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
  let n = 0;
  for (const [i, story] of published.entries()) {
    for (let v = 0; v < 12 - i; v++) {
      n++;
      await call(null, 'POST', '/portal/article-view', { news_id: story.id, session_id: randomUUID() }, { 'x-forwarded-for': `10.7.${n >> 8}.${n & 255}`, 'user-agent': ua });
    }
    for (let l = 0; l < (i % 4) + 1; l++) {
      n++;
      await call(null, 'POST', '/portal/likes', { news_id: story.id, session_id: randomUUID() }, { 'x-forwarded-for': `10.8.${n >> 8}.${n & 255}`, 'user-agent': ua });
    }
  }
  log(`${n} visualizações e TOPs`);

  // Editors' traces: a correction, a renamed story (old address 301s), a renamed category.
  const editor = await login('editor@portal.test');
  await call(editor, 'POST', '/items/news_corrections', { news_id: published[0]!.id, note: 'Corrigido o nome do secretário de Saúde.' });
  await call(editor, 'POST', '/items/news_corrections', { news_id: published[1]!.id, note: 'A data do evento é 12 de março, não 13.' });
  const renamed = published[2]!;
  await call(adminToken, 'PATCH', `/items/news/${renamed.id}`, { title: `${renamed.title} (atualizada)`, slug: `${renamed.slug}-atualizada` });
  const [cat] = (await call(adminToken, 'GET', '/items/categories?filter[slug][_eq]=educacao&fields=id')) as Array<{ id: string }>;
  if (cat) await call(adminToken, 'PATCH', `/items/categories/${cat.id}`, { name: 'Educação e Ciência', slug: 'educacao-e-ciencia' });
  await call(null, 'POST', '/portal/newsletter/subscribe', { email: 'leitora@portal.test' }).catch((e) => log(`newsletter: ${e.message}`));

  // A staff account with two-factor sign-in.
  const roles = (await call(adminToken, 'GET', '/roles?filter[name][_eq]=editor&fields=id')) as Array<{ id: string }>;
  const tfaEmail = 'editora-2fa@portal.test';
  await call(adminToken, 'POST', '/users', { email: tfaEmail, password: DEMO_PASSWORD, role: roles[0]!.id, first_name: 'Rita', last_name: 'Duarte', status: 'active' });
  const tfaUser = await login(tfaEmail);
  const { secret } = (await call(tfaUser, 'POST', '/users/me/tfa/generate', { password: DEMO_PASSWORD })) as { secret: string };
  await call(tfaUser, 'POST', '/users/me/tfa/enable', { secret, otp: totp(secret) });
  log('conta com 2FA criada');

  // Views and TOPs are written in batches: let the last one land before stopping.
  await new Promise((r) => setTimeout(r, 1500));
  await stop();

  mkdirSync(values.out!, { recursive: true });
  const name = `release-${commit}`;
  if (db === 'sqlite') {
    const file = path.join(values.out!, `${name}.sqlite.zst`);
    writeFileSync(file, zstdCompressSync(readFileSync(path.join(dataDir, 'portal.db'))));
    log(`escrito ${path.relative(ROOT, file)}`);
  } else {
    const file = path.join(values.out!, `${name}.pgdump`);
    execFileSync('pg_dump', ['-Fc', '-Z', '9', '-h', process.env.PGHOST ?? '127.0.0.1', '-U', process.env.PGUSER ?? 'postgres', '-f', file, pgDatabase]);
    execFileSync('psql', ['-h', process.env.PGHOST ?? '127.0.0.1', '-U', process.env.PGUSER ?? 'postgres', '-d', 'postgres', '-c', `DROP DATABASE "${pgDatabase}" WITH (FORCE)`]);
    log(`escrito ${path.relative(ROOT, file)}`);
  }
  const version = JSON.parse(readFileSync(path.join(ROOT, 'node_modules/directus/package.json'), 'utf8')).version;
  writeFileSync(
    path.join(values.out!, `${name}.${db}.json`),
    JSON.stringify({ release: commit, directus: version, madeAt: new Date().toISOString(), adminToken, password: DEMO_PASSWORD, tfa: { email: tfaEmail, secret } }, null, 2) + '\n',
  );
} finally {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}
