/**
 * Every admin screen at 390 px (a phone) and 1366 px (a laptop), issue #34:
 * nothing wider than the screen, axe-core clean including WCAG 2.2
 * `target-size`, and on the phone every control at least 44 px. A screenshot
 * of each is attached to the report (test-results/ on failure, and the HTML
 * report).
 */
import { expect, test, type Page } from '@playwright/test';
import { sidebarFor } from '@portal/domain/roles';
import { readItems } from '../../directus/scripts/lib/client.ts';
import { adminApi, signIn } from './support.ts';
import { expectAdminAxeClean, horizontalOverflow, smallTapTargets } from './admin-support.ts';

/** Every screen of the back office: the super_admin's sidebar, the story editor (`{story}`: a demo story) and the personal pages. */
const SCREENS = [...sidebarFor('super_admin').map((a) => a.path), '/admin/news/new', '/admin/news/{story}', '/dashboard', '/profile'];
const WIDTHS = [
  { width: 390, height: 844, phone: true },
  { width: 1366, height: 800, phone: false },
];

let story = '';
test.beforeAll(async () => {
  const [first] = (await adminApi().request(readItems('news', { filter: { status: { _eq: 'published' } }, fields: ['id'], limit: 1 }))) as Array<{ id: string }>;
  story = first!.id;
});

/** The screen is up: its heading shown, nothing still loading. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Carregando/ })).toHaveCount(0);
  await expect(page.locator('.animate-spin')).toHaveCount(0);
}

async function check(page: Page, name: string, phone: boolean) {
  await test.info().attach(`${name}.png`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  expect(await horizontalOverflow(page), `${name}: rolagem horizontal`).toBe(0);
  await expectAdminAxeClean(page);
  if (phone) expect(await smallTapTargets(page), `${name}: alvos menores que 44 px`).toEqual([]);
}

for (const { width, height, phone } of WIDTHS) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height }, hasTouch: phone, isMobile: phone });

    test('/auth', async ({ page }) => {
      await page.goto('/auth');
      await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
      await check(page, `${width}-auth`, phone);
    });

    // One test per screen: each has its own time (the sidebar grows with the product; issue #30 added a screen).
    for (const path of SCREENS) {
      test(`cada tela do painel (super_admin): ${path}`, async ({ page }) => {
        await signIn(page, 'super_admin');
        await page.goto(path.replace('{story}', story));
        await settled(page);
        await check(page, `${width}${path.replace('{story}', 'id').replace(/\//g, '-')}`, phone);
      });
    }

    test('o produtor: início, notícias e o editor', async ({ page }) => {
      await signIn(page, 'producer');
      for (const path of ['/admin', '/admin/news', '/admin/news/new']) {
        await page.goto(path);
        await settled(page);
        await check(page, `${width}-produtor${path.replace(/\//g, '-')}`, phone);
      }
    });

    test('um diálogo aberto', async ({ page }) => {
      await signIn(page, 'super_admin');
      await page.goto('/admin/categories');
      await page.getByRole('button', { name: 'Nova Categoria' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nova Categoria' });
      await expect(dialog).toBeVisible();
      // On a phone a dialog takes the whole screen.
      if (phone) expect(await dialog.boundingBox()).toMatchObject({ x: 0, width });
      await check(page, `${width}-dialogo`, phone);
    });
  });
}

test.describe('390 px: o menu', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('é uma gaveta: fechada sobra a tela toda; aberta, lista as áreas e fecha com Esc', async ({ page }) => {
    await signIn(page, 'editor');
    const nav = page.getByRole('navigation', { name: 'Menu administrativo' });
    await expect(nav).toBeHidden();
    await expect(page.getByRole('main')).toHaveJSProperty('offsetLeft', 0);
    await page.getByRole('button', { name: 'Abrir menu' }).tap();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Notícias', 'Coberturas ao vivo', 'Categorias', 'Eventos', 'Rádio Web', 'TV Web', 'Relatórios']);
    await check(page, '390-menu', true);
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeFocused();
  });
});
