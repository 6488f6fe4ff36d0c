/**
 * Moving in on the production topology (issue #27): `npm run import` with
 * production's variables (PostgreSQL, two Directus, Redis cache) brings a
 * WordPress export and a hosted portal's dump; the close asks the builder for
 * one full build; then readers find the stories with their photos through
 * nginx, search finds them, and every old address answers 301 — from nginx
 * and from `npm start`'s front server alike.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT } from '../../directus/scripts/lib/paths.ts';
import { sampleHostedData, TINY_JPEG, writeHostedExport } from '../../ops/src/import/fixtures/hosted-export.ts';
import { SAMPLE_UPLOADS, sampleWordpressSite, writeWxr } from '../../ops/src/import/fixtures/wxr.ts';

const work = mkdtempSync(path.join(os.tmpdir(), 'portal-prod-import-'));
const nginx = inject('nginxUrl');
const front = inject('frontUrl');

function cli(args: string[]) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const env = { ...process.env, ...inject('prodEnv'), PORTAL_DIRECTUS_URL: inject('directusUrls')[0]!, PORTAL_SITE_URL: nginx, PORTAL_BACKUP_DIR: path.join(work, 'backups') };
    const child = spawn(process.execPath, [path.join(ROOT, 'ops/src/cli/import.ts'), ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

async function until(check: () => Promise<boolean>, timeoutMs: number, label: string) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`esperou demais: ${label}`);
}

const builds = async () => ((await (await fetch(`${inject('controlUrl')}/builder/received`)).json()) as Array<{ request: unknown }>).filter((r) => JSON.stringify(r.request) === '{"full":true}').length;

beforeAll(async () => {
  const xml = path.join(work, 'wordpress.xml');
  const uploads = path.join(work, 'uploads');
  await writeWxr(xml, sampleWordpressSite());
  for (const f of SAMPLE_UPLOADS) {
    mkdirSync(path.dirname(path.join(uploads, f)), { recursive: true });
    writeFileSync(path.join(uploads, f), TINY_JPEG);
  }
  const hosted = path.join(work, 'hosted');
  await writeHostedExport(hosted, sampleHostedData(), { shape: 'sql-copy' });

  const fullBefore = await builds();
  const wp = await cli(['wordpress', xml, '--uploads', uploads]);
  expect(wp.code, wp.out).toBe(0);
  expect(wp.out).toContain('O site está sendo reconstruído uma vez');
  const hostedStarted = new Date().toISOString();
  const dump = await cli(['hosted', hosted]);
  expect(dump.code, dump.out).toBe(0);
  // One full build per import, not one per story.
  expect((await builds()) - fullBefore).toBe(2);
  // The second full build, not the first: the first may read the hosted stories imported while it ran but not
  // their old addresses (read before them), and the page alone would say it is done.
  const idle = (await (await fetch(`${inject('controlUrl')}/builder/idle`)).json()) as { lastFull: { at: string; ok: boolean } | null };
  expect(idle.lastFull?.ok, JSON.stringify(idle.lastFull)).toBe(true);
  expect(idle.lastFull!.at > hostedStarted).toBe(true);
  await until(async () => (await fetch(`${nginx}/news/camara-de-belem/`)).status === 200 && (await fetch(`${nginx}/news/ver-o-peso-as-4h/`)).status === 200, 240_000, 'o site reconstruído com o acervo importado');
}, 300_000);

describe('an imported archive on the production topology', () => {
  it('readers open the stories with their photos, served by nginx from the imported files', async () => {
    const html = await (await fetch(`${nginx}/news/camara-aprova-orcamento/`)).text();
    expect(html).toContain('“Câmara” aprova orçamento &amp; metas');
    const asset = /\/api\/assets\/([0-9a-f-]{36})/.exec(html)?.[0];
    expect(asset, 'a foto de destaque na página').toBeTruthy();
    const image = await fetch(`${nginx}${asset}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
  });

  for (const [origin, base] of [
    ['nginx', nginx],
    ['o servidor do npm start', front],
  ] as const) {
    it(`every old address answers 301 to the new one (${origin})`, async () => {
      const moved = async (p: string) => {
        const res = await fetch(`${base}${p}`, { redirect: 'manual' });
        return `${res.status} ${res.headers.get('location') ?? ''}`;
      };
      // WordPress: /?p=ID, its date permalink, /slug/, and its category by id.
      expect(await moved('/?p=201')).toBe('301 /news/camara-aprova-orcamento/');
      expect(await moved('/2024/03/10/camara-aprova-orcamento/')).toBe('301 /news/camara-aprova-orcamento/');
      expect(await moved('/camara-aprova-orcamento/')).toBe('301 /news/camara-aprova-orcamento/');
      expect(await moved('/?cat=3')).toBe('301 /category/cultura-lazer/');
      // The hosted portal: its literal-rule slugs, colliding ones included.
      expect(await moved('/news/c-mara-de-bel-m/')).toBe('301 /news/camara-de-belem/');
      expect(await moved('/news/c-mara-de-belem/')).toMatch(/^301 \/news\/camara-de-belem-\d+\/$/);
      // The home page is still the home page, and an unknown old address is a 404.
      expect((await fetch(`${base}/?p=999999`, { redirect: 'manual' })).status).toBe(200);
      expect((await fetch(`${base}/2024/03/10/nunca-existiu/`, { redirect: 'manual' })).status).toBe(404);
    });
  }

  it('search finds an imported story', async () => {
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    try {
      const page = await browser.newPage();
      await page.goto(`${nginx}/busca?q=Ver-o-Peso`);
      await page.waitForSelector('#search-results li h2 a', { timeout: 30_000 });
      const hrefs = await page.locator('#search-results li h2 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(hrefs).toContain('/news/ver-o-peso-as-4h');
    } finally {
      await browser.close();
    }
  });
});
