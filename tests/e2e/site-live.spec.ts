/**
 * Live coverage in Chromium (issue #30), against real builds of this spec's
 * own releases (a full build, then the coverage's targeted builds in the
 * builder's warm process) served by the front server on its own port. The
 * e2e Directus has no builder to call, so the spec asks the builder for
 * exactly what the entries' hook asks (live-entries.ts: `{ full: false,
 * news: [coverage], slugs: [slug] }`); the hook's own call is proven in
 * tests/api/live-pipeline.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createItems, updateItem } from '../../directus/scripts/lib/client.ts';
import { LIVE_FEED_SIZE, LIVE_POLL_MS, liveFeedPath } from '@portal/domain/live';
import { startBuilder } from '@portal/builder/service';
import { startFrontServer } from '@portal/edge/front-server';
import { gzipSync } from 'node:zlib';
import { apiAs, arrangeNews, removeNews } from './admin-support.ts';
import { publishedNews } from './site-support.ts';
import { failOnPageErrors, stackState } from './support.ts';

test.describe.configure({ mode: 'serial' });

let builder: ReturnType<typeof startBuilder>;
let front: http.Server;
let base: string;
let root: string;
let coverage: { id: string; slug: string; title: string };
let editor: Awaited<ReturnType<typeof apiAs>>;
const rebuild = async () => {
  await builder.trigger({ full: false, news: [coverage.id], slugs: [coverage.slug] });
  expect(builder.status.lastError).toBeNull();
};
const addEntries = (bodies: string[], o: Record<string, unknown> = {}) =>
  editor.request(createItems('news_live_entries', bodies.map((body) => ({ news_id: coverage.id, body: `<p>${body}</p>`, status: 'published', ...o })) as never)) as Promise<Array<{ id: string }>>;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const s = stackState();
  editor = await apiAs('editor');
  coverage = await arrangeNews({ title: `Enchente no Tocantins ao vivo ${Date.now()}`, content: '<p>Acompanhe a cheia do rio em Marabá.</p>', status: 'published' });
  await editor.request(updateItem('news', coverage.id, { live_status: 'live' } as never));
  // Older entries than the first paint holds, one pinned.
  await addEntries(Array.from({ length: LIVE_FEED_SIZE + 5 }, (_, i) => `Boletim ${i + 1}: o rio sobe mais dois centímetros.`));
  await addEntries(['Fixado: a Defesa Civil orienta quem mora na orla a deixar suas casas.'], { pinned: true });
  root = mkdtempSync(path.join(path.dirname(s.siteDir), 'live-'));
  builder = startBuilder({ releasesRoot: root, directusUrl: s.directusUrl, directusToken: s.siteReaderToken, siteUrl: s.siteUrl, token: 'e2e-live', catchUpMs: 0 });
  await builder.trigger({ full: true });
  expect(builder.status.lastError).toBeNull();
  front = await startFrontServer({ port: 0, siteDir: builder.releases.current, adminDir: s.adminDir, directusUrl: s.directusUrl });
  base = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await removeNews(coverage.id);
  await builder?.stop();
  await builder?.idle();
  if (front) await new Promise((r) => front.close(r));
  if (root) rmSync(root, { recursive: true, force: true });
});

const entries = (page: Page) => page.locator('[data-live-entries] > [data-testid="live-entry"]');

test('without JavaScript the static page is complete: badge, pinned and newest entries, older pages linked', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${base}/news/${coverage.slug}`);
  await expect(page.getByTestId('live-badge')).toHaveText('Ao vivo');
  await expect(entries(page)).toHaveCount(LIVE_FEED_SIZE + 1);
  await expect(entries(page).first()).toContainText('Defesa Civil orienta');
  await expect(entries(page).nth(1)).toContainText(`Boletim ${LIVE_FEED_SIZE + 5}:`);
  await expect(page.getByTestId('live-count')).toContainText(`${LIVE_FEED_SIZE + 6} atualizações`);
  const older = page.getByTestId('live-older');
  await expect(older.getByRole('heading', { name: 'Atualizações anteriores' })).toBeVisible();
  await older.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/news\/[^/]+\/atualizacoes\/1\/?$/);
  // The five oldest, newest first.
  await expect(page.getByTestId('live-entry')).toHaveCount(5);
  await expect(page.getByTestId('live-entry').first()).toContainText('Boletim 5:');
  await expect(page.getByTestId('live-entry').last()).toContainText('Boletim 1:');
  await context.close();
});

test("the LiveBlogPosting JSON-LD has schema.org's shape", async ({ page }) => {
  await page.goto(`${base}/news/${coverage.slug}`);
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const ld = blocks.map((b) => JSON.parse(b) as Record<string, unknown>).find((x) => x['@type'] === 'LiveBlogPosting');
  expect(ld, 'LiveBlogPosting').toBeTruthy();
  const isoDate = (v: unknown) => typeof v === 'string' && !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v);
  // LiveBlogPosting (an Article): what Google requires and recommends, with their types.
  expect(ld!['@context']).toBe('https://schema.org');
  expect(ld!.headline).toBe(coverage.title);
  expect(isoDate(ld!.datePublished) && isoDate(ld!.dateModified) && isoDate(ld!.coverageStartTime)).toBe(true);
  expect(ld!).not.toHaveProperty('coverageEndTime');
  expect(ld!.mainEntityOfPage).toBe(`${stackState().siteUrl}/news/${coverage.slug}`);
  expect(Array.isArray(ld!.author) && (ld!.author as Array<{ '@type': string; name: string }>).every((a) => a['@type'] === 'Person' && typeof a.name === 'string')).toBe(true);
  expect(ld!.publisher).toMatchObject({ '@type': 'Organization', name: expect.any(String) });
  const updates = ld!.liveBlogUpdate as Array<Record<string, unknown>>;
  expect(Array.isArray(updates) && updates.length > 0 && updates.length <= 10).toBe(true);
  for (const u of updates) {
    expect(u['@type']).toBe('BlogPosting');
    expect(typeof u.headline === 'string' && u.headline.length > 0 && u.headline.length <= 110).toBe(true);
    expect(typeof u.articleBody).toBe('string');
    expect(isoDate(u.datePublished) && isoDate(u.dateModified)).toBe(true);
    expect(u.url).toMatch(new RegExp(`/news/${coverage.slug}#atualizacao-[0-9a-f-]+$`));
    // Each update's anchor is on the page.
    await expect(page.locator(`[id="${String(u.url).split('#')[1]}"]`)).toHaveCount(1);
  }
  expect(String(ld!.dateModified) >= String(updates[0]!.datePublished)).toBe(true);
});

test('an open page gets a new entry without reload: a button, no shift of the text being read, the entry on top once pressed', async ({ page }) => {
  test.setTimeout(120_000);
  const noErrors = failOnPageErrors(page);
  await page.goto(`${base}/news/${coverage.slug}`);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  // The reader is in the middle of the entries.
  const reading = entries(page).nth(8);
  await reading.scrollIntoViewIfNeeded();
  const top = () => reading.evaluate((el) => el.getBoundingClientRect().top);
  const before = await top();
  // Action: the newsroom publishes, the pipeline writes the coverage again.
  const [entry] = await addEntries(['A água chegou à Avenida Beira-Rio.']);
  await rebuild();
  // Assert: within a poll interval (plus the request), the button, and nothing under the reader moved.
  const button = page.getByTestId('live-new-updates');
  await expect(button).toHaveText('1 nova atualização', { timeout: LIVE_POLL_MS + 5_000 });
  await expect(button).toBeVisible();
  expect(await top()).toBe(before);
  await expect(page.locator(`#atualizacao-${entry!.id}`)).toHaveCount(0);
  await button.click();
  await expect(button).toBeHidden();
  const added = page.locator(`#atualizacao-${entry!.id}`);
  await expect(added).toBeInViewport();
  await expect(added).toContainText('A água chegou à Avenida Beira-Rio.');
  // Below the pinned one, above the rest; the same page (no reload).
  await expect(entries(page).nth(1)).toHaveId(`atualizacao-${entry!.id}`);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  noErrors();
});

test("the live island costs at most 10 KB of JavaScript (gzip) on top of an article page's 80 KB", async ({ page }) => {
  const scriptsOf = async (url: string) => {
    const sizes = new Map<string, number>();
    const onResponse = async (r: import('@playwright/test').Response) => {
      if (r.request().resourceType() !== 'script') return;
      const body = await r.body().catch(() => null);
      if (body) sizes.set(new URL(r.url()).pathname, gzipSync(body).length);
    };
    page.on('response', onResponse);
    await page.goto(url, { waitUntil: 'networkidle' });
    page.off('response', onResponse);
    return sizes;
  };
  const [story] = await publishedNews();
  const article = await scriptsOf(`${base}/news/${story!.slug}`);
  const live = await scriptsOf(`${base}/news/${coverage.slug}`);
  const extra = [...live].filter(([url]) => !article.has(url));
  const sum = (xs: Iterable<[string, number]>) => [...xs].reduce((a, [, n]) => a + n, 0);
  expect(extra.map(([url]) => url).join(' '), 'o módulo ao vivo').toMatch(/LivePoller/);
  expect(sum(extra), extra.map(([u, n]) => `${u} ${n}`).join(', ')).toBeLessThanOrEqual(10 * 1024);
  expect(sum(live)).toBeLessThanOrEqual(90 * 1024);
  // No other page loads it.
  expect([...article.keys()].some((u) => u.includes('LivePoller'))).toBe(false);
});

test('polling stops once the coverage ends, and the page says it ended', async ({ page }) => {
  test.setTimeout(120_000);
  const polls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === liveFeedPath(coverage.slug)) polls.push(r.url());
  });
  await page.goto(`${base}/news/${coverage.slug}`);
  await expect.poll(() => polls.length, { timeout: LIVE_POLL_MS + 5_000 }).toBe(1);
  // Action
  await editor.request(updateItem('news', coverage.id, { live_status: 'ended' } as never));
  await rebuild();
  // Assert
  await expect(page.getByTestId('live-badge')).toHaveText('Cobertura encerrada', { timeout: LIVE_POLL_MS + 5_000 });
  const seen = polls.length;
  await page.waitForTimeout(2 * LIVE_POLL_MS + 1_000);
  expect(polls).toHaveLength(seen);
  // The page built now is frozen: no poller at all.
  const fresh = await page.context().newPage();
  const scripts: string[] = [];
  fresh.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await fresh.goto(`${base}/news/${coverage.slug}`, { waitUntil: 'networkidle' });
  await expect(fresh.getByTestId('live-badge')).toHaveText('Cobertura encerrada');
  expect(scripts.filter((u) => u.includes('LivePoller'))).toEqual([]);
});
