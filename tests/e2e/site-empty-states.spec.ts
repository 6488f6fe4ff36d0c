/**
 * Empty states that the demo data never shows: a category without news and
 * no featured news. Arranged in Directus, then a second production build is
 * made and served on its own port (the shared build stays untouched).
 */
import path from 'node:path';
import type { Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { createItem, deleteItem, readItems, updateItems } from '../../directus/scripts/lib/client.ts';
import { buildSite, startFrontServer } from '../../scripts/lib/stack.ts';
import { adminApi, failOnPageErrors, stackState } from './support.ts';
import { expectNoAxeViolations } from './site-support.ts';

const PORT = Number(process.env.E2E_EMPTY_SITE_PORT ?? 4408);
const base = `http://localhost:${PORT}`;
let server: Server;
let categoryId: string;
let featuredIds: string[] = [];

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  const api = adminApi();
  const s = stackState();
  const category = await api.request(createItem('categories', { name: 'Categoria Vazia', slug: 'categoria-vazia', description: null }));
  categoryId = category.id;
  const featured = await api.request(readItems('news', { fields: ['id'], filter: { is_featured: { _eq: true } }, limit: -1 }));
  featuredIds = featured.map((n) => n.id);
  try {
    if (featuredIds.length) await api.request(updateItems('news', featuredIds, { is_featured: false }));
    const outDir = path.join(path.dirname(s.siteDir), 'site-empty');
    await buildSite({ directusUrl: s.directusUrl, directusToken: s.siteReaderToken, outDir, siteUrl: base });
    server = await startFrontServer({ port: PORT, siteDir: outDir, adminDir: s.adminDir, directusUrl: s.directusUrl });
  } finally {
    // Restore at once: the other specs read the same Directus.
    if (featuredIds.length) await api.request(updateItems('news', featuredIds, { is_featured: true }));
  }
});

test.afterAll(async () => {
  await new Promise((r) => server?.close(r));
  if (categoryId) await adminApi().request(deleteItem('categories', categoryId));
});

test('a category without news shows the spec empty state', async ({ page }) => {
  const noErrors = failOnPageErrors(page);
  await page.goto(`${base}/category/categoria-vazia`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Categoria Vazia');
  await expect(page.getByText('Nenhuma notícia encontrada', { exact: true })).toBeVisible();
  await expect(page.getByText('Não há notícias publicadas nesta categoria ainda.')).toBeVisible();
  await expect(page.locator('main article')).toHaveCount(0);
  await expectNoAxeViolations(page);
  noErrors();
});

test('no featured news shows the carousel empty text', async ({ page }) => {
  await page.goto(`${base}/`);
  await expect(page.getByText('Nenhuma notícia em destaque disponível')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notícias em destaque' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
