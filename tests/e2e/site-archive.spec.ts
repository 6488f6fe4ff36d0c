/**
 * Category archives (issue #8 item 4, decision 015) against the production
 * build: every published story is reachable by links, category → Ver arquivo
 * → month → story.
 */
import { expect, test } from '@playwright/test';
import { failOnPageErrors } from './support.ts';
import { expectNoAxeViolations } from './site-support.ts';

test('category → Ver arquivo → month → story', async ({ page }) => {
  const noErrors = failOnPageErrors(page);
  await page.goto('/category/politica');
  // Action: the archive block of the category page.
  await page.getByRole('link', { name: 'Ver arquivo de Politica' }).click();
  // Assert: months in pt-BR with counts, grouped by year.
  await expect(page).toHaveURL(/\/category\/politica\/arquivo\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Arquivo de Politica');
  await expect(page).toHaveTitle(/^Arquivo de Politica \| /);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/category\/politica\/arquivo\/$/);
  const month = page.locator('[data-archive-month]').first();
  const label = (await month.locator('span').first().textContent())!;
  expect(label).toMatch(/^(Janeiro|Fevereiro|Março|Abril|Maio|Junho|Julho|Agosto|Setembro|Outubro|Novembro|Dezembro) de \d{4}$/);
  await expect(month).toContainText(/\d+ notícias?/);
  const count = Number((await month.locator('span').nth(1).textContent())!.match(/^([\d.]+) notíci/)![1]!.replace(/\./g, ''));
  await expectNoAxeViolations(page);

  // Action: the month.
  await month.click();
  // Assert: its stories, newest first, as a list.
  await expect(page).toHaveURL(/\/category\/politica\/\d{4}\/\d{2}\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Politica: ${label}`);
  await expect(page.getByRole('navigation', { name: 'Você está em' }).getByRole('link', { name: 'Arquivo' })).toHaveAttribute('href', '/category/politica/arquivo/');
  const items = page.locator('[data-archive-item]');
  await expect(items).toHaveCount(Math.min(count, 200));
  const dates = await items.locator('time').evaluateAll((ts) => ts.map((t) => t.getAttribute('datetime')!));
  expect(dates).toEqual([...dates].sort().reverse());
  await expectNoAxeViolations(page);

  // Action: a story.
  const link = items.first().getByRole('link');
  const title = (await link.textContent())!;
  await link.click();
  // Assert
  await expect(page).toHaveURL(/\/news\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  noErrors();
});
