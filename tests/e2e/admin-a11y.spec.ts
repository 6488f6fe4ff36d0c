/** axe-core on the main admin screens (WCAG 2.1 A/AA): forms are labelled, contrast holds. */
import { storyEditor } from './admin-support.ts';
import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';
import { expectNoAxeViolations } from './site-support.ts';

test('/auth sem violações', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expectNoAxeViolations(page);
});

for (const path of ['/admin', '/admin/news', '/admin/municipalities', '/admin/ads', '/admin/settings', '/profile', '/dashboard']) {
  test(`${path} sem violações (super_admin)`, async ({ page }) => {
    await signIn(page, 'super_admin');
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('status', { name: 'Carregando...' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}

test('editor de notícia (página) sem violações (produtor)', async ({ page }) => {
  await signIn(page, 'producer');
  await page.goto('/admin/news');
  await page.getByRole('link', { name: 'Nova Notícia' }).click();
  await expect(storyEditor(page, 'Nova Notícia')).toBeVisible();
  await expectNoAxeViolations(page);
});
