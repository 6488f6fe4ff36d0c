/** News: role-filtered list, the story editor page's rules and deletion, proven in the UI and on the server. */
import { expect, test, type Page } from '@playwright/test';
import { createItem, deleteItem, readItems, updateItem } from '../../directus/scripts/lib/client.ts';
import { adminApi, failOnPageErrors, signIn } from './support.ts';
import { apiAs, arrangeNews, expectToast, removeNews, unique, userIdOf, storyEditor } from './admin-support.ts';

const row = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });

/** Types a search and waits until the list took it (the address carries it after a pause), so a page opened from the list comes back to it. */
async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Buscar notícias' }).fill(text);
  await expect(page).toHaveURL((url) => url.searchParams.get('busca') === text);
}

test('super_admin cria, edita, publica e exclui uma notícia', async ({ page }) => {
  const check = failOnPageErrors(page);
  const title = unique('Enchente no Guamá');
  await signIn(page, 'super_admin');
  await page.goto('/admin/news');
  await page.getByRole('link', { name: 'Nova Notícia' }).click();
  const dialog = storyEditor(page, 'Nova Notícia');
  await expect(dialog.getByLabel('Status')).toHaveValue('draft');
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await expect(dialog.getByText('Título é obrigatório')).toBeVisible();
  await expect(dialog.getByText('Conteúdo é obrigatório')).toBeVisible();
  await dialog.getByLabel('Título').fill(title);
  await expect(dialog.getByText(/Slug: enchente-no-guama-/)).toBeVisible();
  await dialog.getByLabel('Conteúdo').fill('A chuva forte alagou ruas do bairro.');
  await dialog.getByLabel('Categoria').selectOption({ label: 'Política' });
  await dialog.getByLabel('Município').selectOption({ label: 'Belém' });
  await expect(dialog.getByLabel('Data de publicação')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await expectToast(page, 'Sucesso', 'Notícia criada com sucesso');

  await search(page, title);
  await expect(row(page, title)).toContainText('Rascunho');
  await expect(row(page, title)).toContainText('A chuva forte alagou ruas do bairro....');
  await row(page, title).getByRole('link', { name: `Editar ${title}` }).click();
  const edit = storyEditor(page, 'Editar Notícia');
  await edit.getByLabel('Resumo').fill('Resumo editado');
  await edit.getByLabel('Status').selectOption('published');
  await expect(edit.getByLabel('Data de publicação')).toBeVisible();
  await edit.getByRole('button', { name: 'Atualizar' }).click();
  await expectToast(page, 'Sucesso', 'Notícia atualizada com sucesso');
  await expect(row(page, title)).toContainText('Publicado');
  await expect(row(page, title)).toContainText('Resumo editado');

  const [saved] = (await adminApi().request(readItems('news', { filter: { title: { _eq: title } }, fields: ['status', 'published_at', 'slug'] }))) as Array<{
    status: string;
    published_at: string | null;
    slug: string;
  }>;
  expect(saved?.status).toBe('published');
  expect(saved?.published_at).not.toBeNull();

  await row(page, title).getByRole('button', { name: `Excluir ${title}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Tem certeza que deseja excluir esta notícia?');
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expectToast(page, 'Sucesso', 'Notícia excluída com sucesso');
  await expect(page.getByText('Nenhuma notícia encontrada')).toBeVisible();
  check();
});

test('editor agenda a publicação de uma notícia pendente e a exclui', async ({ page }) => {
  const news = await arrangeNews({ title: unique('Pendente para o editor'), status: 'pending' });
  try {
    await signIn(page, 'editor');
    await page.goto('/admin/news');
    await search(page, news.title);
    await row(page, news.title).getByRole('link', { name: `Editar ${news.title}` }).click();
    const edit = storyEditor(page, 'Editar Notícia');
    // Editors cannot move a news to another municipality.
    await expect(edit.getByLabel('Município')).toBeDisabled();
    await edit.getByLabel('Status').selectOption('published');
    await edit.getByLabel('Data de publicação').fill('2030-01-15T10:30');
    await edit.getByRole('button', { name: 'Atualizar' }).click();
    await expectToast(page, 'Sucesso', 'Notícia atualizada com sucesso');
    const [saved] = (await adminApi().request(readItems('news', { filter: { id: { _eq: news.id } }, fields: ['status', 'published_at'] }))) as Array<{ status: string; published_at: string }>;
    expect(saved?.status).toBe('published');
    expect(new Date(saved!.published_at).toISOString()).toBe('2030-01-15T13:30:00.000Z');
    // An editor's list shows pending news only: the published one left it.
    await expect(page.getByText('Nenhuma notícia encontrada')).toBeVisible();
  } finally {
    await removeNews(news.id);
  }
});

test('editor começa nas pendentes e alcança publicadas, rascunhos e arquivadas pelo filtro de status', async ({ page }) => {
  const pending = await arrangeNews({ title: unique('Lista pendente'), status: 'pending' });
  const draft = await arrangeNews({ title: unique('Lista rascunho'), status: 'draft' });
  const published = await arrangeNews({ title: unique('Lista publicada'), status: 'published' });
  try {
    await signIn(page, 'editor');
    await page.goto('/admin/news');
    const filter = page.getByRole('combobox', { name: 'Filtrar por status' });
    await expect(filter).toHaveValue('pending');
    await search(page, 'Lista ');
    await expect(row(page, pending.title)).toBeVisible();
    await expect(row(page, draft.title)).toHaveCount(0);
    for (const status of await page.getByRole('row').locator('td:nth-child(2)').allTextContents()) expect(status).toBe('Pendente');
    // The published story the editor must correct is one filter away, with the same search.
    await filter.selectOption('published');
    await expect(row(page, published.title)).toBeVisible();
    await expect(row(page, pending.title)).toHaveCount(0);
    await row(page, published.title).getByRole('link', { name: `Editar ${published.title}` }).click();
    await expect(storyEditor(page, 'Editar Notícia').getByLabel('Título')).toHaveValue(published.title);
    // Back from the editor page to the same list: filter and search kept (they live in the address).
    await page.getByRole('link', { name: '← Voltar para Notícias' }).click();
    await expect(filter).toHaveValue('published');
    await expect(page.getByRole('searchbox', { name: 'Buscar notícias' })).toHaveValue('Lista ');
    await filter.selectOption('draft');
    await expect(row(page, draft.title)).toBeVisible();
    await expect(row(page, published.title)).toHaveCount(0);
  } finally {
    await removeNews(pending.id);
    await removeNews(draft.id);
    await removeNews(published.id);
  }
});

test('produtor cria rascunho no próprio município, sem "Publicado" e sem excluir', async ({ page }) => {
  const title = unique('Feira do Ver-o-Peso');
  await signIn(page, 'producer');
  await page.goto('/admin/news');
  await page.getByRole('link', { name: 'Nova Notícia' }).click();
  const dialog = storyEditor(page, 'Nova Notícia');
  await expect(dialog.getByLabel('Status').locator('option')).toHaveText(['Rascunho', 'Pendente']);
  await expect(dialog.getByLabel('Município')).toBeDisabled();
  await expect(dialog.getByLabel('Município')).toHaveValue(/.+/);
  await expect(dialog.getByLabel('Município').locator('option:checked')).toHaveText('Belém');
  await expect(dialog.getByLabel('Destaque')).toHaveCount(0);
  await dialog.getByLabel('Título').fill(title);
  await dialog.getByLabel('Conteúdo').fill('x'.repeat(200));
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await expectToast(page, 'Sucesso', 'Notícia criada com sucesso');
  await search(page, title);
  await expect(row(page, title)).toContainText(`${'x'.repeat(150)}...`);
  await expect(row(page, title).getByRole('link', { name: `Editar ${title}` })).toBeVisible();
  await expect(row(page, title).getByRole('button', { name: /Excluir/ })).toHaveCount(0);

  const [saved] = (await adminApi().request(
    readItems('news', { filter: { title: { _eq: title } }, fields: ['id', 'status', 'author_id', 'municipality_id.name'] as never }),
  )) as unknown as Array<{ id: string; status: string; author_id: string; municipality_id: { name: string } }>;
  expect(saved?.status).toBe('draft');
  expect(saved?.author_id).toBe(await userIdOf('produtor@portal.test'));
  expect(saved?.municipality_id.name).toBe('Belém');
  await removeNews(saved!.id);
});

test('o servidor também recusa o que a tela esconde do produtor', async () => {
  const producer = await apiAs('producer');
  // Action: publish directly through the API.
  const publish = producer.request(createItem('news', { title: unique('Tentativa'), content: 'texto', status: 'published' } as never));
  // Assert
  await expect(publish).rejects.toMatchObject({ errors: [{ message: 'Produtores só podem salvar notícias como rascunho ou pendente' }] });

  const other = await arrangeNews({ title: unique('De outro autor'), status: 'draft' });
  try {
    await expect(producer.request(deleteItem('news', other.id))).rejects.toMatchObject({ errors: [{ extensions: { code: 'FORBIDDEN' } }] });
  } finally {
    await removeNews(other.id);
  }
});

test('editor não muda o município de uma notícia existente (servidor)', async () => {
  const news = await arrangeNews({ title: unique('Município fixo'), status: 'pending' });
  try {
    const editor = await apiAs('editor');
    const [other] = (await adminApi().request(readItems('municipalities', { filter: { name: { _eq: 'Santarém' } }, fields: ['id'] }))) as Array<{ id: string }>;
    await expect(editor.request(updateItem('news', news.id, { municipality_id: other?.id ?? null } as never))).rejects.toMatchObject({
      errors: [{ message: 'Apenas super admin pode alterar o município' }],
    });
  } finally {
    await removeNews(news.id);
  }
});

test('lista de notícias: estado vazio e erro de carregamento', async ({ page }) => {
  await signIn(page, 'super_admin');
  await page.goto('/admin/news');
  await search(page, 'nada-corresponde-a-esta-busca-xyz');
  await expect(page.getByText('Nenhuma notícia encontrada')).toBeVisible();
  await page.route('**/api/items/news?**', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[{"message":"boom"}]}' }));
  await page.reload();
  await expectToast(page, 'Erro', 'Não foi possível carregar as notícias');
  await expect(page.getByRole('alert').filter({ hasText: 'Não foi possível carregar as notícias' }).first()).toBeVisible();
});

test('editor é impedido de sobrescrever a edição de outra pessoa e não perde o que digitou', async ({ page }) => {
  const news = await arrangeNews({ title: unique('Conflito'), status: 'pending' });
  try {
    await signIn(page, 'editor');
    await page.goto('/admin/news');
    await search(page, news.title);
    await row(page, news.title).getByRole('link', { name: `Editar ${news.title}` }).click();
    const edit = storyEditor(page, 'Editar Notícia');
    await edit.getByLabel('Título').fill(`${news.title} (editor)`);
    // Meanwhile someone else saves the story.
    await adminApi().request(updateItem('news', news.id, { summary: 'Mudança do colega' } as never));
    await edit.getByRole('button', { name: 'Atualizar' }).click();
    await expectToast(page, 'Erro', 'Esta notícia foi alterada por');
    await expectToast(page, 'Erro', 'recarregue para ver as mudanças');
    await expect(edit.getByLabel('Título')).toHaveValue(`${news.title} (editor)`);
    const [saved] = (await adminApi().request(readItems('news', { filter: { id: { _eq: news.id } }, fields: ['title', 'summary'] }))) as Array<{ title: string; summary: string }>;
    expect(saved).toEqual({ title: news.title, summary: 'Mudança do colega' });
  } finally {
    await removeNews(news.id);
  }
});
