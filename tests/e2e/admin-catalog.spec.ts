/** Categories and municipalities: CRUD, the server's refusals mapped to the spec's messages, empty and error states. */
import { expect, test, type Page } from '@playwright/test';
import { createItem, deleteItem, readItems } from '../../directus/scripts/lib/client.ts';
import { categoryFactory } from '../../directus/seed/factories.ts';
import { comparePtBR } from '../../domain/src/collation.ts';
import { adminApi, failOnPageErrors, signIn } from './support.ts';
import { arrangeNews, expectToast, removeNews, unique } from './admin-support.ts';

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test.describe('categorias', () => {
  test('editor cria, renomeia e exclui uma categoria', async ({ page }) => {
    const check = failOnPageErrors(page);
    const name = unique('Turismo');
    await signIn(page, 'editor');
    await page.goto('/admin/categories');
    await page.getByRole('button', { name: 'Nova Categoria' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova Categoria' });
    await dialog.getByLabel('Nome').fill(name);
    await dialog.getByLabel('Descrição').fill('Passeios pelo Pará');
    await dialog.getByRole('button', { name: 'Criar' }).click();
    await expectToast(page, 'Sucesso', 'Categoria criada com sucesso');
    await expect(row(page, name)).toContainText(name.toLowerCase().replace(/\s+/g, '-'));

    await row(page, name).getByRole('button', { name: `Editar ${name}` }).click();
    await page.getByRole('dialog', { name: 'Editar Categoria' }).getByLabel('Nome').fill(`${name} Novo`);
    await page.getByRole('dialog', { name: 'Editar Categoria' }).getByRole('button', { name: 'Atualizar' }).click();
    await expectToast(page, 'Sucesso', 'Categoria atualizada com sucesso');

    await row(page, `${name} Novo`).getByRole('button', { name: /Excluir/ }).click();
    await expect(page.getByRole('alertdialog')).toContainText('Tem certeza que deseja excluir esta categoria? Esta ação não pode ser desfeita.');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
    await expectToast(page, 'Sucesso', 'Categoria excluída com sucesso');
    await expect(row(page, `${name} Novo`)).toHaveCount(0);
    check();
  });

  test('nome duplicado e categoria com notícias mostram as mensagens do servidor', async ({ page }) => {
    const cat = (await adminApi().request(createItem('categories', categoryFactory() as never))) as { id: string; name: string };
    const news = await arrangeNews({ title: unique('Na categoria'), category_id: cat.id });
    try {
      await signIn(page, 'super_admin');
      await page.goto('/admin/categories');
      await page.getByRole('button', { name: 'Nova Categoria' }).click();
      await page.getByRole('dialog').getByLabel('Nome').fill(cat.name);
      await page.getByRole('dialog').getByRole('button', { name: 'Criar' }).click();
      await expectToast(page, 'Erro', 'Já existe uma categoria com este nome');
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();

      await row(page, cat.name).getByRole('button', { name: /Excluir/ }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
      await expectToast(page, 'Erro', 'Não é possível excluir uma categoria que possui notícias associadas');
      await expect(row(page, cat.name)).toBeVisible();
    } finally {
      await removeNews(news.id);
      await adminApi().request(deleteItem('categories', cat.id));
    }
  });

  test('erro de carregamento', async ({ page }) => {
    await signIn(page, 'editor');
    await page.route('**/api/items/categories?**', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[{"message":"x"}]}' }));
    await page.goto('/admin/categories');
    await expectToast(page, 'Erro', 'Não foi possível carregar as categorias');
  });
});

test.describe('municípios', () => {
  test('"Gerenciar Municípios": protegidos sem excluir; nome gera o slug; criar, editar, excluir', async ({ page }) => {
    const check = failOnPageErrors(page);
    const name = unique('São Caetano de Odivelas');
    await signIn(page, 'super_admin');
    await page.goto('/admin/municipalities');
    await expect(page.getByRole('heading', { name: 'Gerenciar Municípios' })).toBeVisible();
    await expect(page.getByRole('columnheader')).toHaveText([/Nome/, /Slug/, /Criado em/, 'Ações']);
    await page.getByRole('searchbox', { name: 'Buscar municípios' }).fill('Pará');
    await expect(row(page, 'Sistema')).toHaveCount(1);
    await expect(row(page, 'Sistema').getByRole('cell').first()).toHaveText('Pará Sistema');
    await expect(row(page, 'Sistema').getByRole('button', { name: /Excluir/ })).toHaveCount(0);
    await expect(row(page, 'Sistema').getByRole('button', { name: /Editar/ })).toHaveCount(1);

    await page.getByRole('button', { name: 'Novo Município' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo Município' });
    await dialog.getByLabel('Nome').fill(name);
    const slug = dialog.getByLabel('Slug');
    await expect(slug).toHaveValue(/^sao-caetano-de-odivelas-/);
    await slug.fill('meu-slug-manual');
    await expect(slug).toHaveValue('meu-slug-manual');
    await dialog.getByLabel('Nome').fill(`${name}!`);
    await expect(slug).toHaveValue(/^sao-caetano-de-odivelas-/);
    await dialog.getByRole('button', { name: 'Criar' }).click();
    await expectToast(page, 'Sucesso', 'Município criado com sucesso!');

    await page.getByRole('searchbox', { name: 'Buscar municípios' }).fill(name);
    await row(page, name).getByRole('button', { name: /Editar/ }).click();
    await expect(page.getByRole('dialog', { name: 'Editar Município' })).toBeVisible();
    await page.getByRole('dialog').getByLabel('Nome').fill(`${name} II`);
    await page.getByRole('dialog').getByRole('button', { name: 'Atualizar' }).click();
    await expectToast(page, 'Sucesso', 'Município atualizado com sucesso!');

    await row(page, `${name} II`).getByRole('button', { name: /Excluir/ }).click();
    await expect(page.getByRole('alertdialog')).toContainText('Tem certeza que deseja excluir este município?');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
    await expectToast(page, 'Sucesso', 'Município excluído com sucesso!');
    check();
  });

  test('renomear município protegido e excluir município com notícias mostram o motivo', async ({ page }) => {
    const [belem] = (await adminApi().request(readItems('municipalities', { filter: { name: { _eq: 'Belém' } }, fields: ['id'] }))) as Array<{ id: string }>;
    const news = await arrangeNews({ title: unique('Em Belém'), municipality_id: belem!.id });
    try {
      await signIn(page, 'super_admin');
      await page.goto('/admin/municipalities');
      await page.getByRole('searchbox', { name: 'Buscar municípios' }).fill('Brasil');
      await row(page, 'Brasil').first().getByRole('button', { name: /Editar/ }).click();
      await page.getByRole('dialog').getByLabel('Nome').fill('Brasil Novo Nome');
      await page.getByRole('dialog').getByRole('button', { name: 'Atualizar' }).click();
      await expectToast(page, 'Erro', 'Erro ao atualizar município: Município protegido pelo sistema não pode ser excluído ou renomeado');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();

      await page.getByRole('searchbox', { name: 'Buscar municípios' }).fill('Belém');
      await row(page, 'Belém').first().getByRole('button', { name: /Excluir/ }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
      await expectToast(page, 'Erro', 'Erro ao excluir município: Não é possível excluir um município que possui notícias associadas');
    } finally {
      await removeNews(news.id);
    }
  });

  test('busca sem resultado mostra o estado vazio', async ({ page }) => {
    await signIn(page, 'super_admin');
    await page.goto('/admin/municipalities');
    await page.getByRole('searchbox', { name: 'Buscar municípios' }).fill('zzz-nenhum');
    await expect(page.getByText('Nenhum município encontrado')).toBeVisible();
  });

  test('nomes em ordem pt-BR: "Belém" antes de "Belterra"', async ({ page }) => {
    await signIn(page, 'super_admin');
    await page.goto('/admin/municipalities');
    await page.getByRole('searchbox', { name: 'Buscar municípios' }).fill('Bel');
    const names = page.getByRole('row').locator('td:first-child');
    await expect(names.filter({ hasText: 'Belterra' })).toBeVisible();
    const shown = (await names.allTextContents()).map((n) => n.replace('Sistema', '').trim());
    expect(shown.indexOf('Belém')).toBeGreaterThanOrEqual(0);
    expect(shown.indexOf('Belém')).toBeLessThan(shown.indexOf('Belterra'));
    expect(shown).toEqual([...shown].sort(comparePtBR));
  });
});
