/**
 * The security headers do not break what readers and staff use: home, an
 * article (islands, like button, dialogs), search and the admin sign-in load
 * with no Content-Security-Policy violation (issue #10).
 */
import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors } from './support.ts';
import { publishedNews } from './site-support.ts';

async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { cspViolations: string[] }).cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return async () => expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
}

test('site pages run under their CSP with no violation', async ({ page }) => {
  const noErrors = failOnPageErrors(page);
  const noViolations = await watchCsp(page);
  const res = await page.goto('/');
  expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('heading', { name: 'Últimas Notícias' })).toBeVisible();
  const [n] = await publishedNews();
  await page.goto(`/news/${n!.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.goto('/busca?q=belem');
  await expect(page.getByText(/\d+ resultados? para "belem"/)).toBeVisible();
  await noViolations();
  noErrors();
});

test('the admin runs under its strict CSP and cannot be framed', async ({ page }) => {
  const noViolations = await watchCsp(page);
  const res = await page.goto('/auth');
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self';");
  expect(res?.headers()['x-frame-options']).toBe('DENY');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await noViolations();
});
