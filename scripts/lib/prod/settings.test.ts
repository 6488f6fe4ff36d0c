import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../directus/scripts/lib/paths.ts';
import { localNginxConf, localSiteConf, workerUser } from './nginx.ts';
import os from 'node:os';
import { SHARED_DIRECTUS_SETTINGS } from './settings.ts';
import { HARDENED_DIRECTUS_SETTINGS } from '../../../directus/scripts/lib/env.ts';
import { DIRECTUS_NODE_ARGS } from '../../../directus/scripts/lib/server.ts';

describe('production settings: docker-compose.yml and the local topology cannot drift', () => {
  it("compose's Directus environment carries the shared settings, same values", () => {
    const compose = readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
    const block = compose.slice(compose.indexOf('x-directus-env:'), compose.indexOf('\n\n', compose.indexOf('x-directus-env:')));
    for (const [key, value] of Object.entries(SHARED_DIRECTUS_SETTINGS)) {
      const m = new RegExp(`^\\s+${key}: "?([^"\\n]*)"?$`, 'm').exec(block);
      expect(m?.[1], key).toBe(value);
    }
    expect(block).toMatch(/^\s+REDIS: redis:\/\//m);
  });

  it("compose's Directus starts with the Node flags every local instance runs with (decision 067)", () => {
    const compose = readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
    const start = /node ((?:--\S+ )*)node_modules\/directus\/cli\.js start/.exec(compose);
    expect(start?.[1]?.trim().split(' ')).toEqual(DIRECTUS_NODE_ARGS);
  });

  it("compose's Directus environment carries the hardening every instance runs with, same values (issue #32)", () => {
    const compose = readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
    const block = compose.slice(compose.indexOf('x-directus-env:'), compose.indexOf('\n\n', compose.indexOf('x-directus-env:')));
    for (const [key, value] of Object.entries(HARDENED_DIRECTUS_SETTINGS)) {
      const m = new RegExp(`^\\s+${key}: "?([^"\\n]*)"?$`, 'm').exec(block);
      expect(m?.[1], key).toBe(value);
    }
    expect(block).toMatch(/^\s+SESSION_COOKIE_SECURE: "true"$/m);
    // The builder reads with the token Directus gives its account.
    const builder = compose.slice(compose.indexOf('\n  builder:'), compose.indexOf('\n\n', compose.indexOf('\n  builder:')));
    expect(builder).toMatch(/DIRECTUS_TOKEN: \$\{SITE_READER_TOKEN\}/);
    expect(block).toMatch(/PORTAL_SITE_READER_TOKEN: \$\{SITE_READER_TOKEN/);
  });

  it("compose's reader edge and Directus share one edge key, and nginx sends anonymous article views to the edge", () => {
    const compose = readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
    const block = compose.slice(compose.indexOf('x-directus-env:'), compose.indexOf('\n\n', compose.indexOf('x-directus-env:')));
    const readers = compose.slice(compose.indexOf('\n  readers:'), compose.indexOf('\n\n', compose.indexOf('\n  readers:')));
    const key = /^\s+PORTAL_EDGE_KEY: (\$\{PORTAL_EDGE_KEY[^}]*\})$/m;
    expect(key.exec(block)?.[1]).toBeTruthy();
    expect(key.exec(readers)?.[1]).toBe(key.exec(block)?.[1]);
    expect(readers).toContain('edge/src/main.ts');
    const conf = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
    expect(conf).toMatch(/server readers:8090 /);
    expect(conf).toContain('location = /api/portal/article-view');
  });

  it('the local nginx is deploy/nginx.conf with only addresses and folders replaced', () => {
    const conf = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
    const local = localSiteConf(
      {
        listen: '127.0.0.1:8080',
        siteRoot: '/s/current',
        adminRoot: '/a',
        directus: ['127.0.0.1:1', '127.0.0.1:2'],
        builder: '127.0.0.1:3',
        readers: '127.0.0.1:4',
        cacheDir: '/c',
      },
      conf,
    );
    const strip = (s: string) =>
      s
        .replace(/\/srv\/site\/current|\/s\/current/g, 'SITE')
        .replace(/\/srv\/admin\/|\/a\//g, 'ADMIN/')
        .replace(/\/srv\/admin|\/a/g, 'ADMIN');
    const lines = (s: string) =>
      strip(s)
        .split('\n')
        .filter((l) => !/listen |server (directus|readers|builder|127)|proxy_cache_path/.test(l));
    expect(lines(local)).toEqual(lines(conf));
    expect(local).toContain('server 127.0.0.1:1 max_fails=1 fail_timeout=5s;\n  server 127.0.0.1:2 max_fails=1 fail_timeout=5s;');
    expect(local).toContain('upstream reader_edge {\n  server 127.0.0.1:4 max_fails=1 fail_timeout=5s;');
    expect(local).toContain('upstream builder_redirects {\n  server 127.0.0.1:3;');
  });

  it("the local nginx's workers run as whoever runs it: started by root, they are not handed to nobody (issue #32: a checkout under /root, every page 404)", () => {
    const me = os.userInfo();
    expect(workerUser(0, () => `root:x:0:\nadm:x:4:\nstaff:x:${me.gid}:\n`)).toBe(`user ${me.username} ${me.gid === 0 ? 'root' : 'staff'};`);
    expect(workerUser(0, () => 'adm:x:4:\n')).toBe(me.gid === 4 ? `user ${me.username} adm;` : `user ${me.username};`);
    expect(workerUser(1000)).toBeNull(); // not root: nginx runs its workers as itself
    const o = { listen: '127.0.0.1:8080', siteRoot: '/s', adminRoot: '/a', directus: ['127.0.0.1:1'], builder: '127.0.0.1:3', readers: '127.0.0.1:4', cacheDir: '/c' };
    const conf = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
    expect(localNginxConf(o, '/p', 'user root root;').split('\n')[0]).toBe('user root root;');
    expect(localNginxConf(o, '/p', null).split('\n')[0]).toBe('worker_processes 2;');
    expect(conf).not.toMatch(/^user /m); // production's image keeps its own user
  });

  it('a deploy/nginx.conf this file does not know is refused, not half-applied', () => {
    expect(() =>
      localSiteConf({ listen: 'x', siteRoot: 's', adminRoot: 'a', directus: [], builder: 'b', readers: 'r', cacheDir: 'c' }, 'server { listen 80; }'),
    ).toThrow(/deploy\/nginx.conf mudou/);
  });
});
