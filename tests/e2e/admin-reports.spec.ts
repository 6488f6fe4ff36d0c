/** Relatórios (issue #13) in Chromium: an editor reads the 30 days, switches windows, exports a table; producers are refused. */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createItem } from '../../directus/scripts/lib/client.ts';
import { categoryFactory, newsFactory } from '../../directus/seed/factories.ts';
import { sidebar } from './admin-support.ts';
import { expectNoAxeViolations } from './site-support.ts';
import { adminApi, failOnPageErrors, signIn, stackState } from './support.ts';

test('an editor sees reads per day, most read by window and totals by category, and exports them', async ({ page }) => {
  // Arrange: a story in a category of its own, read by two readers.
  const category = (await adminApi().request(createItem('categories', categoryFactory() as never))) as { id: string; name: string };
  const news = (await adminApi().request(createItem('news', newsFactory({ status: 'published', category_id: category.id }) as never))) as { id: string };
  for (const ua of ['Chrome/131.0 Mobile Safari/537.36 (leitor 1)', 'Chrome/131.0 Mobile Safari/537.36 (leitor 2)']) {
    const res = await fetch(`${stackState().directusUrl}/portal/article-view`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': `Mozilla/5.0 ${ua}`, 'x-forwarded-for': `10.44.0.${ua.length}` },
      body: JSON.stringify({ news_id: news.id }),
    });
    expect(res.status).toBe(200);
  }
  const noErrors = failOnPageErrors(page);
  await signIn(page, 'editor');
  await sidebar(page).getByRole('link', { name: 'Relatórios' }).click();
  await expect(page.getByRole('heading', { name: 'Relatórios', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Visualizações e TOPs por dia' })).toBeVisible();
  await page.getByText('Ver tabela').click();
  await expect(page.getByRole('table', { name: 'Visualizações, TOPs e notícias publicadas por dia' }).getByRole('row')).toHaveCount(31);
  const byCategory = page.getByRole('table', { name: 'Por categoria' });
  await expect(byCategory.getByRole('row', { name: new RegExp(category.name) })).toContainText('2');
  // Issue #29: where visits came from; these two came with no referrer and no utm_source.
  const byChannel = page.getByRole('table', { name: 'Visitas por canal' });
  for (const label of ['WhatsApp', 'Busca do Google', 'Google Discover', 'Alertas', 'Direto']) await expect(byChannel.getByRole('row', { name: new RegExp(`^${label}\\b`) })).toBeVisible();
  const direct = await byChannel.getByRole('row', { name: /^Direto\b/ }).getByRole('cell').nth(1).innerText();
  expect(Number(direct.replace(/\D/g, ''))).toBeGreaterThanOrEqual(2);
  const windows = page.getByRole('group', { name: 'Período' });
  await windows.getByRole('button', { name: '24 horas' }).click();
  await expect(windows.getByRole('button', { name: '24 horas' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('table', { name: 'Mais lidas em 24 horas' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV: Por categoria' }).click();
  const csv = readFileSync((await (await download).path())!, 'utf8');
  expect(csv).toContain('nome,visualizacoes,tops,noticias_lidas');
  expect(csv).toContain(`${category.name},2,0,1`);
  await expectNoAxeViolations(page);
  noErrors();
});

test('a producer does not reach Relatórios, by menu or by URL', async ({ page }) => {
  await signIn(page, 'producer');
  await expect(sidebar(page).getByRole('link', { name: 'Relatórios' })).toHaveCount(0);
  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { name: 'Acesso negado' })).toBeVisible();
});
