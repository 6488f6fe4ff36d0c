/**
 * deploy/nginx.conf must send the security headers the front server sends
 * (edge/src/security-headers.ts): same names, same values, plus HSTS.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../directus/scripts/lib/paths.ts';
import { createHash } from 'node:crypto';
import { ADMIN_CSP, ASTRO_INLINE_SCRIPT_HASHES, CACHE_RULES, cacheControl, COMMON_HEADERS, DEFAULT_CACHE, HSTS, SITE_CSP } from './security-headers.ts';

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

describe("the public pages' script policy (issue #32)", () => {
  it("lists no 'unsafe-inline' nor 'unsafe-hashes' for scripts: an injected <script> or onerror= never runs", () => {
    const scripts = SITE_CSP.split('; ').find((d) => d.startsWith('script-src '))!;
    expect(scripts).not.toMatch(/'unsafe-inline'|'unsafe-hashes'|'unsafe-eval'/);
  });

  it("allows exactly the inline scripts of the installed Astro's island runtime, by hash", async () => {
    const astro = path.join(ROOT, 'node_modules/astro/dist/runtime');
    const files = { 'astro-island': 'server/astro-island.prebuilt.js', idle: 'client/idle.prebuilt.js', load: 'client/load.prebuilt.js', media: 'client/media.prebuilt.js', only: 'client/only.prebuilt.js', visible: 'client/visible.prebuilt.js' };
    const actual: Record<string, string> = {};
    for (const [name, file] of Object.entries(files)) {
      const source = ((await import(path.join(astro, file))) as { default: string }).default;
      actual[name] = `sha256-${createHash('sha256').update(source).digest('base64')}`;
    }
    // On an Astro upgrade this fails with the new hashes: put them in ASTRO_INLINE_SCRIPT_HASHES and deploy/nginx.conf.
    expect(actual).toEqual(ASTRO_INLINE_SCRIPT_HASHES);
  });
});

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

  it('the article-view location (to the reader edge; decision 016) keeps them too', () => {
    const view = addHeaders(block(/location = \/api\/portal\/article-view \{/));
    for (const [name, value] of Object.entries(COMMON_HEADERS)) expect(view[name], name).toBe(value);
    expect(view['strict-transport-security']).toBe(HSTS);
  });

  it('no other location adds headers of its own (which would silently drop the common ones)', () => {
    const others = [...server.matchAll(/location ([^{]+)\{/g)]
      .map((m) => m[1]!.trim())
      .filter((l) => !l.startsWith('/api/') && !l.startsWith('~ ^/api/') && !l.startsWith('= /api/') && !l.startsWith('@'));
    expect(others.length).toBeGreaterThan(3);
    for (const l of others) expect(addHeaders(block(new RegExp(`location ${l.replace(/[.*+?^$()|[\]\\]/g, '\\$&')}\\s*\\{`))), l).toEqual({});
  });
});

describe('caching: the same rules in nginx and the front server', () => {
  it('nginx maps the same regexes to the same values, in the same order', () => {
    const map = block(/^map \$uri \$portal_cache/m);
    expect(/default\s+"([^"]*)";/.exec(map)?.[1]).toBe(DEFAULT_CACHE);
    const rules = [...map.matchAll(/^\s*~(\S+)\s+"([^"]*)";/gm)].map((m) => [m[1], m[2]]);
    expect(rules).toEqual(CACHE_RULES.map(([re, v]) => [re.source, v]));
  });

  it('only content-hashed files are immutable; pages, feeds, data and the search entry are revalidated', () => {
    expect(cacheControl('/_astro/index.B1x2.js')).toContain('immutable');
    expect(cacheControl('/_admin/assets/index-abc.js')).toContain('immutable');
    expect(cacheControl('/pagefind/fragment/pt_abc.pf_fragment')).toContain('immutable');
    expect(cacheControl('/pagefind-3/index/pt_abc.pf_index')).toContain('immutable');
    for (const p of [
      '/',
      '/news/x/',
      '/rss.xml',
      '/redirects.json',
      '/municipios/belem.json',
      '/pagefind/pagefind-entry.json',
      '/pagefind-2/pagefind-entry.json',
      '/pagefind-recent/fragment/x.pf_fragment',
      '/pagefind/pagefind.js',
      '/_admin/index.html',
    ]) {
      expect(cacheControl(p), p).toBe('no-cache');
    }
    expect(cacheControl('/live.json')).toBe('public, max-age=5');
    expect(cacheControl('/category/politica/related.json')).toBe('public, max-age=5');
    expect(cacheControl('/municipio/belem/related.json')).toBe('public, max-age=5');
    expect(cacheControl('/category/politica/x/related.json')).toBe('no-cache');
  });
});
