/**
 * The newsroom on a phone (issue #34): a 390×844 touch screen, as reporters in
 * the municipalities use it. A producer writes a story with a photo and sends
 * it for review; an editor approves and publishes it, then registers a
 * correction; two people on one story see each other; a reload keeps the
 * draft on the story's own address.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { readItems } from '../../directus/scripts/lib/client.ts';
import { demoImage } from '../../directus/seed/images.ts';
import { adminApi, DEMO, failOnPageErrors, signIn } from './support.ts';
import { arrangeNews, expectToast, expectToastsClearOfControls, horizontalOverflow, removeNews, smallTapTargets, storyEditor, unique, userIdOf } from './admin-support.ts';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'pt-BR', timezoneId: 'America/Belem' };
test.use(PHONE);
test.describe.configure({ mode: 'serial' });

const created: string[] = [];
test.afterAll(async () => {
  for (const id of created) await removeNews(id);
});

/** A story's card in the phone list: the list's table shows as cards below 640 px. */
const card = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });

async function stored(id: string) {
  const [row] = (await adminApi().request(
    readItems('news', { filter: { id: { _eq: id } }, fields: ['id', 'title', 'status', 'featured_image', 'author_id', 'published_at'] }),
  )) as Array<{ id: string; title: string; status: string; featured_image: string | null; author_id: string; published_at: string | null }>;
  return row!;
}

async function nameOf(email: string) {
  const [p] = (await adminApi().request(readItems('profiles', { filter: { email: { _eq: email } }, fields: ['full_name'] }))) as Array<{ full_name: string }>;
  return p!.full_name;
}

/** Opens the menu drawer and goes to one of its screens; the drawer closes on the way. */
async function menuTo(page: Page, label: string) {
  const nav = page.getByRole('navigation', { name: 'Menu administrativo' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Abrir menu' }).tap();
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: label }).tap();
  await expect(nav).toBeHidden();
}

async function phonePage(browser: Browser, role: keyof typeof DEMO) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await signIn(page, role);
  return page;
}

test('no celular: a produtora escreve com foto e envia para revisão; o editor aprova, publica e corrige', async ({ page, browser }) => {
  test.slow();
  const check = failOnPageErrors(page);
  const title = unique('Feira da Pedreira');

  // The producer, from her phone.
  await signIn(page, 'producer');
  await menuTo(page, 'Notícias');
  await expect(page).toHaveURL(/\/admin\/news$/);
  await page.getByRole('link', { name: 'Nova Notícia' }).tap();
  await expect(page).toHaveURL(/\/admin\/news\/new$/);
  const editor = storyEditor(page, 'Nova Notícia');
  await editor.getByLabel('Título').fill(title);
  await editor.getByRole('textbox', { name: 'Conteúdo' }).tap();
  await page.keyboard.type('Bancas de farinha e tucupi tomam a rua aos domingos.');

  // The photo: the crop dialog takes the whole screen.
  await editor.getByRole('button', { name: 'Enviar imagem' }).tap();
  await page.getByRole('dialog', { name: 'Enviar Imagem' }).getByLabel('Selecionar imagem').setInputFiles({ name: 'feira.jpg', mimeType: 'image/jpeg', buffer: await demoImage(2) });
  const crop = page.getByRole('dialog', { name: 'Recortar Imagem' });
  await expect(crop).toBeVisible();
  expect((await crop.boundingBox())!.width).toBe(390);
  await crop.getByRole('button', { name: 'Enviar imagem' }).tap();
  // The dialog closes once the crop and its 4:3 and 1:1 versions are stored (the server checks each file first).
  await expect(crop).toHaveCount(0, { timeout: 60_000 });
  await expectToast(page, 'Sucesso', 'Imagem carregada com sucesso');
  await expect(editor.getByRole('img', { name: 'Imagem destacada' })).toBeVisible();
  // The toast takes its own room at the top: "Criar" and every other control stay uncovered.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectToastsClearOfControls(page);
  expect(await horizontalOverflow(page)).toBe(0);

  await editor.getByRole('button', { name: 'Criar' }).tap();
  await expectToast(page, 'Sucesso', 'Notícia criada com sucesso');
  await expectToastsClearOfControls(page);
  await expect(page).toHaveURL(/\/admin\/news(\?|$)/);
  await expect(card(page, title)).toContainText('Rascunho');
  // A card, not a squeezed table row.
  expect(await card(page, title).evaluate((tr) => getComputedStyle(tr).display)).toBe('block');
  const [row] = (await adminApi().request(readItems('news', { filter: { title: { _eq: title } }, fields: ['id'] }))) as Array<{ id: string }>;
  const id = row!.id;
  created.push(id);
  expect((await stored(id)).featured_image).toMatch(/^\/api\/assets\/[0-9a-f-]{36}$/);

  // She sends it for review: told so, and it stays in her list.
  await card(page, title).getByRole('link', { name: `Editar ${title}` }).tap();
  await expect(page).toHaveURL(new RegExp(`/admin/news/${id}$`));
  await storyEditor(page).getByLabel('Status').selectOption('pending');
  await storyEditor(page).getByRole('button', { name: 'Atualizar' }).tap();
  await expectToast(page, 'Enviada para revisão', 'Um editor vai revisar a notícia. Ela continua na sua lista, com o status Pendente.');
  await expect(page.getByRole('combobox', { name: 'Filtrar por status' })).toHaveValue('unpublished');
  await expect(card(page, title)).toContainText('Pendente');
  expect((await stored(id)).status).toBe('pending');
  expect(await smallTapTargets(page)).toEqual([]);
  check();

  // The editor, on her phone: the story is in her review queue; she publishes it.
  const desk = await phonePage(browser, 'editor');
  const deskCheck = failOnPageErrors(desk);
  await menuTo(desk, 'Notícias');
  await expect(desk.getByRole('combobox', { name: 'Filtrar por status' })).toHaveValue('pending');
  await desk.getByRole('searchbox', { name: 'Buscar notícias' }).fill(title);
  await card(desk, title).getByRole('link', { name: `Editar ${title}` }).tap();
  await expect(storyEditor(desk).getByRole('img', { name: 'Imagem destacada' })).toBeVisible();
  await storyEditor(desk).getByLabel('Status').selectOption('published');
  await storyEditor(desk).getByRole('button', { name: 'Atualizar' }).tap();
  await expectToast(desk, 'Sucesso', 'Notícia atualizada com sucesso');
  const published = await stored(id);
  expect(published.status).toBe('published');
  expect(published.published_at).not.toBeNull();
  expect(published.author_id).toBe(await userIdOf(DEMO.producer));

  // A reader points out a mistake: the editor registers a correction on the live story.
  await desk.getByRole('combobox', { name: 'Filtrar por status' }).selectOption('published');
  await card(desk, title).getByRole('link', { name: `Editar ${title}` }).tap();
  const live = storyEditor(desk);
  await live.getByRole('button', { name: 'Correções' }).tap();
  await live.getByLabel('Nova correção').fill('A feira acontece aos domingos e feriados, não só aos domingos.');
  await live.getByRole('button', { name: 'Registrar correção' }).tap();
  await expectToast(desk, 'Sucesso', 'Correção registrada; a notícia e a página de correções serão atualizadas');
  const notes = (await adminApi().request(readItems('news_corrections', { filter: { news_id: { _eq: id } }, fields: ['note'] }))) as Array<{ note: string }>;
  expect(notes.map((n) => n.note)).toEqual(['A feira acontece aos domingos e feriados, não só aos domingos.']);
  expect(await horizontalOverflow(desk)).toBe(0);
  expect(await smallTapTargets(desk)).toEqual([]);
  deskCheck();
  await desk.context().close();
});

test('duas pessoas na mesma notícia: cada uma vê quem mais está editando, e quem sai deixa de aparecer', async ({ page, browser }) => {
  test.slow();
  const story = await arrangeNews({ title: unique('Presença'), status: 'pending' });
  created.push(story.id);
  await signIn(page, 'editor');
  await page.goto(`/admin/news/${story.id}`);
  await expect(storyEditor(page).getByLabel('Título')).toHaveValue(story.title);
  await expect(page.getByTestId('presence')).toHaveCount(0);

  const other = await phonePage(browser, 'super_admin');
  await other.goto(`/admin/news/${story.id}`);
  // The second arrival sees the first at once (her first beat answers who is there) ...
  await expect(other.getByTestId('presence')).toHaveText(new RegExp(`^${await nameOf(DEMO.editor)} está editando esta notícia\\.`));
  // ... and the first sees the second at her next beat (every 15 s).
  await expect(page.getByTestId('presence')).toContainText(`${await nameOf(DEMO.super_admin)} está editando esta notícia.`, { timeout: 25_000 });
  // Leaving the page says so: gone at the next beat, not after the 45 s expiry.
  await other.getByRole('link', { name: '← Voltar para Notícias' }).tap();
  await expect(page.getByTestId('presence')).toHaveCount(0, { timeout: 25_000 });
  await other.context().close();
});

test('recarregar /admin/news/:id mantém o rascunho digitado', async ({ page }) => {
  const producer = await userIdOf(DEMO.producer);
  const story = await arrangeNews({ title: unique('Recarregar'), status: 'draft', author_id: producer } as never);
  created.push(story.id);
  await signIn(page, 'producer');
  await page.goto(`/admin/news/${story.id}`);
  const editor = storyEditor(page);
  await editor.getByLabel('Título').fill(`${story.title} revisado`);
  await editor.getByLabel('Resumo').fill('Resumo escrito no ônibus');
  await expect.poll(() => page.evaluate((id) => localStorage.getItem(`portal:news-draft:${id}`), story.id), { timeout: 10_000 }).toContain('Resumo escrito no ônibus');
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/admin/news/${story.id}$`));
  await expect(storyEditor(page).getByRole('status').filter({ hasText: 'Rascunho restaurado' })).toBeVisible();
  await expect(storyEditor(page).getByLabel('Título')).toHaveValue(`${story.title} revisado`);
  await expect(storyEditor(page).getByLabel('Resumo')).toHaveValue('Resumo escrito no ônibus');
  // Nothing was saved behind her back.
  expect((await stored(story.id)).title).toBe(story.title);
  await storyEditor(page).getByRole('button', { name: 'Atualizar' }).tap();
  await expectToast(page, 'Sucesso', 'Notícia atualizada com sucesso');
  expect((await stored(story.id)).title).toBe(`${story.title} revisado`);
});
