/**
 * nginx as production runs it, on this machine (issue #11): the same
 * deploy/nginx.conf, with only what differs between a container and a
 * process replaced — the listening address, the two folders it serves and
 * the addresses of Directus and the builder. Each replacement must match
 * exactly once: a change to deploy/nginx.conf that this file does not know
 * fails loudly instead of drifting.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../../directus/scripts/lib/paths.ts';
import { ensureDebianPackage } from '../debian-package.ts';

export const NGINX_CONF = path.join(ROOT, 'deploy/nginx.conf');
export const NGINX_BIN = '/usr/sbin/nginx';

export type LocalNginx = {
  listen: string;
  siteRoot: string;
  adminRoot: string;
  directus: string[];
  builder: string;
  /** The standalone reader edge (edge/src/main.ts). */
  readers: string;
  /** Where nginx keeps the shared public JSON it caches. */
  cacheDir: string;
};

function replaceOnce(conf: string, from: string | RegExp, to: string): string {
  const hits = typeof from === 'string' ? conf.split(from).length - 1 : [...conf.matchAll(new RegExp(from, 'g'))].length;
  if (hits !== 1) throw new Error(`deploy/nginx.conf mudou: esperava "${from}" exatamente uma vez (achei ${hits})`);
  return conf.replace(from, to);
}

/** The server block of deploy/nginx.conf for processes on this machine. */
export function localSiteConf(o: LocalNginx, conf = readFileSync(NGINX_CONF, 'utf8')): string {
  let out = conf;
  out = replaceOnce(out, '  listen 80;', `  listen ${o.listen};`);
  out = replaceOnce(out, 'root /srv/site/current;', `root ${o.siteRoot};`);
  out = replaceOnce(out, 'alias /srv/admin/;', `alias ${o.adminRoot.replace(/\/?$/, '/')};`);
  out = replaceOnce(out, 'alias /srv/admin/index.html;', `alias ${path.join(o.adminRoot, 'index.html')};`);
  out = replaceOnce(out, /  server directus:8055 ([^;]*);/, o.directus.map((d) => `  server ${d} $1;`).join('\n'));
  out = replaceOnce(out, '  server builder:4400;', `  server ${o.builder};`);
  out = replaceOnce(out, /  server readers:8090 ([^;]*);/, `  server ${o.readers} $1;`);
  out = replaceOnce(out, 'proxy_cache_path /var/cache/nginx/portal ', `proxy_cache_path ${o.cacheDir} `);
  return out;
}

/**
 * Who nginx's workers run as. Started by root, nginx hands its workers to an
 * unprivileged user (`nobody`), who may not be able to enter the checkout —
 * a clone under /root (mode 0700): every page a 404, "stat() … failed (13:
 * Permission denied)" (issue #32). This local topology serves files that
 * belong to whoever runs it, so its workers run as that user. Not root, nginx
 * runs them as itself anyway (and would only warn about the line).
 */
export function workerUser(uid = process.getuid?.(), groups = () => readFileSync('/etc/group', 'utf8')): string | null {
  if (uid !== 0) return null;
  const { username, gid } = os.userInfo();
  let group: string | undefined;
  try {
    group = groups()
      .split('\n')
      .map((l) => l.split(':'))
      .find((f) => f[2] === String(gid))?.[0];
  } catch {
    // No group file: nginx takes the group named after the user.
  }
  return `user ${username}${group ? ` ${group}` : ''};`;
}

/** A whole nginx.conf around it: what the Debian package's main file gives a container. */
export function localNginxConf(o: LocalNginx, prefix: string, user = workerUser()): string {
  const tmp = (n: string) => path.join(prefix, 'tmp', n);
  return [
    ...(user ? [user] : []),
    'worker_processes 2;',
    `pid ${path.join(prefix, 'nginx.pid')};`,
    `error_log ${path.join(prefix, 'error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  access_log off;',
    '  sendfile on;',
    `  client_body_temp_path ${tmp('body')};`,
    `  proxy_temp_path ${tmp('proxy')};`,
    `  fastcgi_temp_path ${tmp('fastcgi')};`,
    `  uwsgi_temp_path ${tmp('uwsgi')};`,
    `  scgi_temp_path ${tmp('scgi')};`,
    localSiteConf(o),
    '}',
    '',
  ].join('\n');
}

/** Debian's nginx, installed when missing (as npm test does Chromium). */
export function ensureNginx(log: (s: string) => void = () => {}) {
  ensureDebianPackage('nginx', NGINX_BIN, log);
}

export type RunningNginx = {
  url: string;
  stop: () => Promise<void>;
  process: ChildProcess;
  /** Throws, saying why and what to do, unless nginx answers 200 for every one of `paths` (real pages, not just a connection). */
  serves: (paths: string[]) => Promise<void>;
};

export async function startNginx(o: LocalNginx, prefix: string): Promise<RunningNginx> {
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(prefix, 'tmp', d), { recursive: true });
  const file = path.join(prefix, 'nginx.conf');
  writeFileSync(file, localNginxConf(o, prefix));
  const test = spawnSync(NGINX_BIN, ['-t', '-q', '-p', prefix, '-c', file], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`configuração do nginx recusada:\n${test.stderr}`);
  const child = spawn(NGINX_BIN, ['-p', prefix, '-c', file, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d) => (err = (err + d).slice(-4000)));
  const url = `http://${o.listen.replace(/^0\.0\.0\.0/, '127.0.0.1')}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`o nginx parou ao iniciar:\n${err}`);
    try {
      await fetch(`${url}/robots.txt`);
      break;
    } catch {
      if (i > 100) throw new Error('o nginx não respondeu em 10 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGQUIT');
    });
  const serves = async (paths: string[]) => {
    for (const p of paths) {
      const res = await fetch(url + p, { redirect: 'manual' }).catch((e: unknown) => e as Error);
      if (!(res instanceof Error)) await res.arrayBuffer();
      if (!(res instanceof Error) && res.status === 200) continue;
      const log = readFileSync(path.join(prefix, 'error.log'), { encoding: 'utf8', flag: 'a+' }).trim().split('\n').slice(-5).join('\n');
      const got = res instanceof Error ? `não respondeu (${res.message})` : `respondeu ${res.status}`;
      throw new Error(
        `o nginx ${got} para ${p} em ${url} (esperava 200): o site não está sendo servido.\n` +
          `Últimas linhas de ${path.join(prefix, 'error.log')}:\n${log || '(vazio)'}\n` +
          `Se elas dizem "Permission denied", os processos do nginx não conseguem entrar nas pastas do site (${o.siteRoot}) ou do painel (${o.adminRoot}): ` +
          'rode a partir de um checkout que o usuário do nginx possa ler (por exemplo, fora de /root), ou libere a passagem pelas pastas acima dele (chmod o+x).',
      );
    }
  };
  return { url, stop, process: child, serves };
}
