/**
 * deploy/nginx.conf must send the security headers the front server sends
 * (scripts/lib/security-headers.ts): same names, same values, plus HSTS.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../directus/scripts/lib/paths.ts';
import { ADMIN_CSP, COMMON_HEADERS, HSTS, SITE_CSP } from './security-headers.ts';

const conf = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');

/** `add_header Name "value" always;` lines of one block of text, by lower-case name. */
function addHeaders(block: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of block.matchAll(/^\s*add_header\s+([\w-]+)\s+("([^"]*)"|(\S+))(\s+always)?;/gm)) out[m[1]!.toLowerCase()] = m[3] ?? m[4]!;
  return out;
}

function block(opening: RegExp): string {
  const start = conf.search(opening);
  expect(start, String(opening)).toBeGreaterThanOrEqual(0);
  let depth = 0;
  for (let i = conf.indexOf('{', start); i < conf.length; i++) {
    if (conf[i] === '{') depth++;
    if (conf[i] === '}' && --depth === 0) return conf.slice(start, i + 1);
  }
  throw new Error('bloco sem fim');
}

describe('nginx sends the same security headers as the front server', () => {
  const server = block(/^server\s*\{/m);
  // Server-level directives come before the first location.
  const serverLevel = server.slice(0, server.indexOf('location '));

  it('CSP: the site policy by default, the strict one for the admin', () => {
    const csp = block(/^map \$uri \$portal_csp/m);
    expect(/default\s+"([^"]*)";/.exec(csp)?.[1]).toBe(SITE_CSP);
    expect(/~\^\/\(_admin.*"([^"]*)";/.exec(csp)?.[1]).toBe(ADMIN_CSP);
    expect(addHeaders(serverLevel)['content-security-policy']).toBe('$portal_csp');
  });

  it('every common header, always, plus HSTS', () => {
    const h = addHeaders(serverLevel);
    for (const [name, value] of Object.entries(COMMON_HEADERS)) expect(h[name], name).toBe(value);
    expect(h['strict-transport-security']).toBe(HSTS);
  });

  it('/api keeps them (a location with add_header drops the server ones in nginx)', () => {
    const api = addHeaders(block(/location \/api\/ \{/));
    for (const [name, value] of Object.entries(COMMON_HEADERS)) expect(api[name], name).toBe(value);
    expect(api['strict-transport-security']).toBe(HSTS);
    expect(api['content-disposition']).toBe('$portal_asset_disposition');
  });

  it('the shared public JSON location (rankings, active ads; issue #9) keeps them too', () => {
    const shared = addHeaders(block(/location ~ \^\/api\/\(portal/));
    for (const [name, value] of Object.entries(COMMON_HEADERS)) expect(shared[name], name).toBe(value);
    expect(shared['strict-transport-security']).toBe(HSTS);
  });

  it('no other location adds headers of its own (which would silently drop the common ones)', () => {
    const others = [...server.matchAll(/location ([^{]+)\{/g)]
      .map((m) => m[1]!.trim())
      .filter((l) => !l.startsWith('/api/') && !l.startsWith('~ ^/api/') && !l.startsWith('@'));
    expect(others.length).toBeGreaterThan(3);
    for (const l of others) expect(addHeaders(block(new RegExp(`location ${l.replace(/[.*+?^$()|[\]\\]/g, '\\$&')}\\s*\\{`))), l).toEqual({});
  });
});
