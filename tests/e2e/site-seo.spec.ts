/** Public site: search, feeds, sitemaps and the metadata search engines read. */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, publishedNews } from './site-support.ts';
import { stackState } from './support.ts';

async function parseXml(page: Page, path: string) {
  const res = await page.request.get(path);
  expect(res.status(), path).toBe(200);
  const text = await res.text();
  const error = await page.evaluate((xml) => new DOMParser().parseFromString(xml, 'application/xml').querySelector('parsererror')?.textContent ?? null, text);
  expect(error, `${path} é XML válido`).toBeNull();
  return text;
}

test('search is accent-insensitive and lists published news', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('search', { name: 'Busca no cabeçalho' }).getByPlaceholder('Buscar notícias...');
  await box.fill('belem');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/busca\?q=belem/);
  await expect(page.getByText(/\d+ resultados? para "belem"/)).toBeVisible();
  const first = page.locator('#search-results li').first();
  await expect(first).toContainText(/Belém/);
  await expectNoAxeViolations(page);
  await first.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/news\//);
});

test('search with no match says so', async ({ page }) => {
  await page.goto('/busca?q=xyzzyinexistente');
  await expect(page.getByText('Nenhuma notícia encontrada para "xyzzyinexistente".')).toBeVisible();
});

test('RSS feeds, sitemap and Google News sitemap are valid XML with the published news', async ({ page }) => {
  const news = await publishedNews();
  await page.goto('/');
  const rss = await parseXml(page, '/rss.xml');
  expect(rss).toContain(`/news/${news[0]!.slug}</link>`);
  const cat = await parseXml(page, '/category/politica/rss.xml');
  expect(cat).toContain('<category>Política</category>');
  expect(cat).not.toContain('<category>Esportes</category>');
  // A sitemap index: the pages file and one file per month (decision 015).
  const index = await parseXml(page, '/sitemap.xml');
  expect(index).toContain('<sitemapindex');
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(files).toContain('/sitemaps/pages.xml');
  const sitemap = (await Promise.all(files.map((f) => parseXml(page, f)))).join('\n');
  for (const n of news) expect(sitemap).toContain(`/news/${n.slug}</loc>`);
  expect(sitemap).toContain('/category/meio-ambiente</loc>');
  expect(sitemap).toContain('/category/politica/arquivo/</loc>');
  expect(sitemap).toContain('/privacidade</loc>');
  const gnews = await parseXml(page, '/news-sitemap.xml');
  const since = Date.now() - 48 * 3600_000;
  for (const n of news) {
    if (new Date(n.published_at).getTime() > since + 60_000) expect(gnews).toContain(`/news/${n.slug}</loc>`);
    if (new Date(n.published_at).getTime() < since - 3600_000) expect(gnews).not.toContain(`/news/${n.slug}</loc>`);
  }
  const robots = await page.request.get('/robots.txt').then((r) => r.text());
  expect(robots).toMatch(/^Sitemap: \S+\/sitemap\.xml$/m);
});

test('article pages carry canonical, Open Graph, Twitter card and NewsArticle JSON-LD', async ({ page }) => {
  const [n] = await publishedNews();
  await page.goto(`/news/${n!.slug}`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/news/${n!.slug}$`));
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', n!.title);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', /summary/);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(ld['@type']).toBe('NewsArticle');
  expect(ld.headline).toBe(n!.title);
  expect(ld.datePublished).toBeTruthy();
});

test('a story with a photo allows large previews; its link preview is a JPEG at 1200×630, its JSON-LD lists the large rendition too (issue #29)', async ({ page }) => {
  const n = (await publishedNews()).find((x) => x.featured_image?.startsWith('/api/assets/'));
  expect(n, 'the demo has stories with uploaded photos').toBeTruthy();
  await page.goto(`/news/${n!.slug}`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'max-image-preview:large');
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\?key=og1200h630$/);
  await expect(page.locator('meta[property="og:image:type"]')).toHaveAttribute('content', 'image/jpeg');
  const og = await page.request.get((await page.locator('meta[property="og:image"]').getAttribute('content'))!);
  expect(og.headers()['content-type']).toBe('image/jpeg');
  expect((await og.body()).length).toBeLessThanOrEqual(300 * 1024);
  expect(ld.image).toEqual([expect.stringMatching(/\?key=w1200h675$/), expect.stringMatching(/\?key=og1200h630$/)]);
});

test("an article's hero on a large screen is a rendition at least 1200 px wide from its original, never enlarged past it (issue #29)", async ({ browser }) => {
  const { directusUrl, adminToken } = stackState();
  const widthOf = async (id: string) =>
    ((await (await fetch(`${directusUrl}/files/${id}?fields=width`, { headers: { authorization: `Bearer ${adminToken}` } })).json()) as { data: { width: number } }).data.width;
  const photos = [];
  for (const n of (await publishedNews()).filter((x) => x.featured_image?.startsWith('/api/assets/')).slice(0, 40)) {
    const id = /\/api\/assets\/([0-9a-f-]+)/.exec(n.featured_image!)![1]!;
    photos.push({ n, width: await widthOf(id) });
  }
  const large = photos.find((p) => p.width >= 1200);
  expect(large, 'the demo has a story whose photo is at least 1200 px wide').toBeTruthy();
  // A 2× screen at 1366 px: the hero's 48rem want 1536 device pixels, so the largest rendition is taken.
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const heroOf = async (slug: string) => {
    await page.goto(`/news/${slug}`);
    const hero = page.locator('article figure img').first();
    await expect(hero).toHaveAttribute('srcset', /1200w/);
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The file's own pixels: naturalWidth of a srcset image is corrected by the density the browser picked.
    return hero.evaluate(async (img: HTMLImageElement) => ({ natural: (await createImageBitmap(await (await fetch(img.currentSrc)).blob())).width, src: img.currentSrc }));
  };
  const big = await heroOf(large!.n.slug);
  expect(big.src).toMatch(/key=w1600/);
  expect(big.natural).toBeGreaterThanOrEqual(1200);
  // The 1600 px rendition of a photo narrower than that is the photo's own width: never blown up.
  expect(big.natural).toBe(Math.min(1600, large!.width));
  await context.close();
});
