/**
 * Every public template at 390 px (a phone) and 1366 px (a laptop), issue #34
 * items 4 and 9: nothing wider than the screen, axe-core clean including WCAG
 * 2.2 `target-size`; on the phone every control at least 44 px, the urgent
 * text whole and the home page's sections a tap away. A full-page screenshot
 * of each is attached to the report.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors, stackState } from './support.ts';
import { expectAxeCleanWithTargetSize, horizontalOverflow, publishedNews, smallTapTargets } from './site-support.ts';

const WIDTHS = [
  { width: 390, height: 844, phone: true },
  { width: 1366, height: 800, phone: false },
];

/** Templates by a path, or by how to reach one from another page (the first municipality badge, the first archive month). */
const TEMPLATES: Array<{ name: string; path: string | (() => Promise<string>); via?: (page: Page) => Promise<void> }> = [
  { name: 'home', path: '/' },
  { name: 'category', path: '/category/politica' },
  { name: 'article', path: async () => `/news/${(await publishedNews())[0]!.slug}` },
  { name: 'author', path: '/autor/joana-tavares' },
  {
    name: 'municipio',
    path: '/',
    via: async (page) => {
      const href = await page.locator('a:has(> .badge-municipality)').first().getAttribute('href');
      await page.goto(href!);
    },
  },
  { name: 'busca', path: '/busca?q=Par%C3%A1' },
  { name: 'correcoes', path: '/correcoes' },
  { name: 'privacidade', path: '/privacidade' },
  { name: '404', path: '/pagina/que-nao-existe' },
  {
    name: 'archive-month',
    path: '/category/politica/arquivo/',
    via: async (page) => {
      await page.locator('[data-archive-month]').first().click();
      await expect(page).toHaveURL(/\/category\/politica\/\d{4}\/\d{2}\/$/);
    },
  },
];

async function check(page: Page, name: string, phone: boolean) {
  // Islands hydrated, lazy images in: what a reader sees once the page settles.
  await page.waitForLoadState('networkidle');
  await test.info().attach(`${name}.png`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  expect(await horizontalOverflow(page), `${name}: rolagem horizontal`).toBe(0);
  await expectAxeCleanWithTargetSize(page);
  if (phone) expect(await smallTapTargets(page, 44), `${name}: alvos menores que 44 px`).toEqual([]);
}

for (const { width, height, phone } of WIDTHS) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height }, hasTouch: phone, isMobile: phone });
    for (const t of TEMPLATES) {
      test(t.name, async ({ page }) => {
        // axe over a whole long page on a phone takes its time on a shared 2-core machine.
        test.slow();
        const noErrors = failOnPageErrors(page);
        await page.goto(typeof t.path === 'function' ? await t.path() : t.path);
        if (t.via) await t.via(page);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
        await check(page, `${width}-${t.name}`, phone);
        // The 404 page is itself a 404 (the browser logs it): nothing else may fail.
        if (t.name !== '404') noErrors();
      });
    }
  });
}

test.describe('390 px: a home page a phone can get around', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the section menu is on the first screen and each link reaches its section, Mais Lidas included', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Seções da página' });
    const box = (await menu.boundingBox())!;
    expect(box.y + box.height, 'o menu de seções cabe na primeira tela').toBeLessThanOrEqual(844);
    const links = menu.getByRole('link');
    await expect(links.first()).toHaveText('Destaques');
    await expect(links.filter({ hasText: 'Mais Lidas' })).toHaveCount(1);
    // Every link points at something on the page (the menu cannot drift from the sections).
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) {
      expect(href).toMatch(/^#/);
      await expect(page.locator(href), href).toHaveCount(1);
    }
    await links.filter({ hasText: 'Mais Lidas' }).tap();
    await expect(page).toHaveURL(/#ranking-views$/);
    const heading = page.getByRole('heading', { name: 'Mais Lidas' });
    await expect(heading).toBeInViewport();
    // Not under the sticky header.
    const header = (await page.locator('header').first().boundingBox())!;
    const h = (await heading.boundingBox())!;
    expect(h.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
  });

  test('the carousel: DESTAQUE whole, arrows clear of the title', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Notícias em destaque' });
    const slide = carousel.locator('[data-active="true"]');
    await expect(slide).toBeVisible();
    const frame = (await carousel.boundingBox())!;
    const badge = (await slide.getByText('DESTAQUE', { exact: true }).boundingBox())!;
    expect(badge.y).toBeGreaterThanOrEqual(frame.y);
    const title = (await slide.getByRole('heading', { level: 2 }).boundingBox())!;
    for (const name of ['Destaque anterior', 'Próximo destaque']) {
      const b = (await carousel.getByRole('button', { name }).boundingBox())!;
      const overlaps = b.x < title.x + title.width && title.x < b.x + b.width && b.y < title.y + title.height && title.y < b.y + b.height;
      expect(overlaps, `${name} sobre o título`).toBe(false);
    }
  });

  test('the urgent text is whole: not cut with an ellipsis', async ({ page }) => {
    await page.goto('/');
    const urgent = page.locator('header [data-setting="urgent_message"]');
    await expect(urgent).toHaveText('Última hora: Acompanhe as principais notícias do Pará em tempo real');
    // Its whole text fits its box (nothing hidden by overflow) and the box is inside the screen.
    expect(await urgent.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight && getComputedStyle(el).textOverflow !== 'ellipsis')).toBe(true);
    const box = (await urgent.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  });
});

test('the front server sends the islands\' script br-encoded, and it decodes to the built bytes (issue #34 item 3)', async ({ page, baseURL }) => {
  await page.goto('/');
  const src = await page.locator('astro-island[component-url]').first().getAttribute('component-url');
  expect(src).toMatch(/^\/_astro\/.+\.js$/);
  const res = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(new URL(src!, baseURL), { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => resolve({ headers: r.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
  expect(res.headers['content-encoding']).toBe('br');
  expect(res.headers.vary).toMatch(/accept-encoding/i);
  const onDisk = readFileSync(path.join(stackState().siteDir, src!));
  expect(brotliDecompressSync(res.body).equals(onDisk)).toBe(true);
  expect(res.body.length).toBeLessThan(onDisk.length);
});

test.describe('islands load beside the page (modulepreload, decision 057)', () => {
  for (const [name, pathOf] of [
    ['article', async () => `/news/${(await publishedNews())[0]!.slug}`],
    ['home', async () => '/'],
  ] as const) {
    test(`${name}: every island's component, renderer and their static imports are preloaded, and each file is in the build`, async ({ page, request }) => {
      await page.goto(await pathOf());
      const preloads = await page.locator('head link[rel="modulepreload"]').evaluateAll((ls) => ls.map((l) => new URL(l.getAttribute('href')!, location.href).pathname));
      expect(preloads.length).toBeGreaterThan(0);
      expect(new Set(preloads).size, 'cada arquivo uma vez').toBe(preloads.length);
      const islands = await page.locator('astro-island').evaluateAll((els) =>
        els.flatMap((e) => [e.getAttribute('component-url')!, e.getAttribute('renderer-url')!]).map((u) => new URL(u, location.href).pathname),
      );
      expect(islands.length).toBeGreaterThan(0);
      for (const u of islands) expect(preloads, `${u} sem modulepreload`).toContain(u);
      for (const href of preloads) {
        const res = await request.get(href);
        expect(res.status(), href).toBe(200);
        expect(res.headers()['content-type'], href).toMatch(/javascript/);
        // Every file a preloaded module imports statically is preloaded too (no round trip left in the chain).
        for (const [, dep] of (await res.text()).matchAll(/(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
          expect(preloads, `${dep} (de ${href}) sem modulepreload`).toContain(new URL(dep!, `http://x${href}`).pathname);
        }
      }
    });
  }
});
