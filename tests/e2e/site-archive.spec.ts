/**
 * Category archives (issue #8 item 4, decision 015) against the production
 * build: every published story is reachable by links, category → Ver arquivo
 * → month → story.
 */
import { expect, test } from '@playwright/test';
import { readItems } from '../../directus/scripts/lib/client.ts';
import { adminApi, failOnPageErrors } from './support.ts';
import { expectNoAxeViolations } from './site-support.ts';

test('category → Ver arquivo → month → story', async ({ page }) => {
  const noErrors = failOnPageErrors(page);
  await page.goto('/category/politica');
  // Action: the archive block of the category page.
  await page.getByRole('link', { name: 'Ver arquivo de Política' }).click();
  // Assert: months in pt-BR with counts, grouped by year.
  await expect(page).toHaveURL(/\/category\/politica\/arquivo\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Arquivo de Política');
  await expect(page).toHaveTitle(/^Arquivo de Política \| /);
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
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Política: ${label}`);
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

test('badge do município → página do município → arquivo → mês (issue #12, item 6)', async ({ page }) => {
  const noErrors = failOnPageErrors(page);
  const [story] = (await adminApi().request(
    readItems('news', { filter: { status: { _eq: 'published' }, municipality_id: { slug: { _eq: 'maraba' } } } as never, fields: ['slug'], sort: ['-published_at'], limit: 1 }),
  )) as Array<{ slug: string }>;
  await page.goto(`/news/${story!.slug}`);
  // Action: the municipality badge of the story.
  await page.locator('article[data-news-id]').getByRole('link', { name: 'Marabá', exact: true }).click();
  // Assert: only Marabá's stories, each card's badge linking back here.
  await expect(page).toHaveURL(/\/municipio\/maraba$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Marabá');
  const badges = page.locator('.badge-municipality');
  await expect(badges.first()).toBeVisible();
  expect(new Set(await badges.allTextContents())).toEqual(new Set(['Marabá']));
  // The badge sits in a 44 px link box (issue #34): the link is the badge's own or its box's.
  expect(new Set(await badges.evaluateAll((as) => as.map((a) => a.closest('a')?.getAttribute('href'))))).toEqual(new Set(['/municipio/maraba']));
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Ver arquivo de Marabá' }).click();
  await expect(page).toHaveURL(/\/municipio\/maraba\/arquivo\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Arquivo de Marabá');
  await expectNoAxeViolations(page);
  const month = page.locator('[data-archive-month]').first();
  const label = (await month.locator('span').first().textContent())!;
  await month.click();
  await expect(page).toHaveURL(/\/municipio\/maraba\/\d{4}\/\d{2}\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Marabá: ${label}`);
  await expect(page.locator('[data-archive-item]').first()).toBeVisible();
  await expectNoAxeViolations(page);
  noErrors();
});

test('assinatura → página do autor com foto, biografia, notícias e arquivo (issue #12, item 5)', async ({ page }) => {
  const noErrors = failOnPageErrors(page);
  await page.goto('/autor/joana-tavares');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Joana Tavares');
  await expect(page.locator('[data-author-bio]')).toHaveText('Repórter em Belém, cobre cidades, meio ambiente e a vida nos bairros.');
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(ld.mainEntity).toMatchObject({ '@type': 'Person', name: 'Joana Tavares' });
  // Every story here is hers, and its byline links back here.
  const story = page.getByRole('article').first();
  await expect(story).toBeVisible();
  const bylines = page.getByRole('article').getByRole('link', { name: 'Joana Tavares' });
  expect(new Set(await bylines.evaluateAll((as) => as.map((a) => a.getAttribute('href'))))).toEqual(new Set(['/autor/joana-tavares']));
  expect(await bylines.count()).toBe(await page.getByRole('article').count());
  await expectNoAxeViolations(page);

  // Action: a story's page and its byline.
  await story.getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/news\//);
  const articleLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(articleLd.author[0]).toMatchObject({ '@type': 'Person', name: 'Joana Tavares', url: expect.stringMatching(/\/autor\/joana-tavares$/) });
  await page.locator('article[data-news-id]').getByRole('link', { name: 'Joana Tavares' }).click();
  await expect(page).toHaveURL(/\/autor\/joana-tavares$/);

  await page.getByRole('link', { name: 'Ver arquivo de Joana Tavares' }).click();
  await expect(page).toHaveURL(/\/autor\/joana-tavares\/arquivo\/$/);
  await expectNoAxeViolations(page);
  await page.locator('[data-archive-month]').first().click();
  await expect(page).toHaveURL(/\/autor\/joana-tavares\/\d{4}\/\d{2}\/$/);
  await expect(page.locator('[data-archive-item]').first()).toBeVisible();
  await expectNoAxeViolations(page);
  noErrors();
});
