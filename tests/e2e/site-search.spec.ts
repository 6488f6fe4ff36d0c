/**
 * Search between full builds (domain/src/search-delta.ts): the page merges the
 * recent index a targeted build wrote, shows each story once and drops the
 * ones taken down since. Here the recent index is the full one served again
 * under /pagefind-recent/, so every story is in both indexes.
 */
import { expect, test, type Page } from '@playwright/test';

async function resultLinks(page: Page, q: string) {
  await page.goto(`/busca?q=${q}`);
  await expect(page.getByText(new RegExp(`\\d+ resultados? para "${q}"`))).toBeVisible();
  return {
    status: await page.locator('#search-status').textContent(),
    links: await page.locator('#search-results li h2 a').evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
  };
}

test('the search page merges the recent index, once per story, without the stories taken down', async ({ page }) => {
  const before = await resultLinks(page, 'belem');
  expect(before.links.length).toBeGreaterThan(1);
  const gone = before.links[0]!;
  const recent: string[] = [];
  await page.route('**/search-delta.json', (r) => r.fulfill({ json: { since: new Date().toISOString(), removed: [`${gone}/`], recent: true } }));
  await page.route('**/pagefind-recent/**', async (r) => {
    recent.push(new URL(r.request().url()).pathname);
    await r.fulfill({ response: await r.fetch({ url: r.request().url().replace('/pagefind-recent/', '/pagefind/') }) });
  });
  // Action
  const after = await resultLinks(page, 'belem');
  // Assert
  // Hits came from the recent index too (their fragments were read from it)…
  expect(recent.some((p) => p.startsWith('/pagefind-recent/fragment/'))).toBe(true);
  // …yet each story is listed once, and the one taken down is gone.
  expect(after.links).toEqual(before.links.slice(1));
  expect(after.status).toBe(before.status!.replace(/^\d+/, (n) => String(Number(n) - 1)).replace(/^1 resultados/, '1 resultado'));
});
