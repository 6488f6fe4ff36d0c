/**
 * Live coverage in the back office (issue #30, items 1 and 6), in Chromium
 * against the real stack: an editor starts a coverage from the story editor,
 * writes and publishes an entry on its desk, pins it, corrects it and turns it
 * into a story (a draft linked both ways); a producer of the coverage's
 * municipality writes a pending entry she cannot publish, and an editor
 * approves it; a producer of another municipality is refused in pt-BR; the
 * editor ends the coverage. The desk also works on a phone.
 */
import { expect, test, type Page } from '@playwright/test';
import { ENTRY_MUNICIPALITY_ERROR, ENTRY_NEEDS_LIVE, ENTRY_STATUS_ERROR } from '@portal/domain/live';
import { createItem, deleteUser, readItems, signedIn, updateItem } from '../../directus/scripts/lib/client.ts';
import { adminApi, failOnPageErrors, signIn, signInAs, stackState } from './support.ts';
import {
  apiAs,
  arrangeNews,
  arrangeStaff,
  expectAdminAxeClean,
  expectToast,
  horizontalOverflow,
  removeNews,
  smallTapTargets,
  storyEditor,
  unique,
} from './admin-support.ts';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

type EntryRow = {
  id: string;
  status: string;
  pinned: boolean;
  correction_note: string | null;
  corrected_at: string | null;
  promoted_news_id: string | null;
  published_at: string | null;
};

let coverage: { id: string; title: string; slug: string };
const cleanup: Array<() => Promise<unknown>> = [];

async function municipality(name: string): Promise<string> {
  const [m] = (await adminApi().request(readItems('municipalities', { filter: { name: { _eq: name } }, fields: ['id'] }))) as Array<{ id: string }>;
  return m!.id;
}

async function entries(): Promise<EntryRow[]> {
  return (await adminApi().request(
    readItems('news_live_entries', {
      filter: { news_id: { _eq: coverage.id } },
      fields: ['id', 'status', 'pinned', 'correction_note', 'corrected_at', 'promoted_news_id', 'published_at'],
      sort: ['created_at'],
    }),
  )) as EntryRow[];
}

const entryCard = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

async function openDesk(page: Page) {
  await page.goto('/admin/ao-vivo');
  await page.getByRole('link', { name: coverage.title }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/ao-vivo/${coverage.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: coverage.title })).toBeVisible();
}

/** Types an entry in the desk's form and sends it with the button its status names. */
async function writeEntry(page: Page, text: string, button: string) {
  const form = page.getByRole('form', { name: 'Nova atualização' });
  await form.getByRole('textbox', { name: 'Texto da atualização' }).click();
  await page.keyboard.type(text);
  await form.getByRole('button', { name: button }).click();
}

test.beforeAll(async () => {
  coverage = await arrangeNews({ title: unique('Círio de Nazaré ao vivo'), status: 'published', municipality_id: await municipality('Belém') } as never);
  cleanup.push(() => removeNews(coverage.id));
});
test.afterAll(async () => {
  for (const c of cleanup.reverse()) await c().catch(() => undefined);
});

test('an editor starts the coverage, writes, publishes, pins and corrects an entry, and turns it into a story', async ({ page }) => {
  const check = failOnPageErrors(page);
  await signIn(page, 'editor');
  await page.goto(`/admin/news/${coverage.id}`);
  const editor = storyEditor(page);
  await editor.getByRole('button', { name: 'Iniciar cobertura ao vivo' }).click();
  const start = page.getByRole('alertdialog', { name: 'Iniciar cobertura ao vivo?' });
  await start.getByRole('button', { name: 'Iniciar cobertura' }).click();
  await expectToast(page, 'Sucesso', 'Cobertura ao vivo iniciada');
  await expect(editor.getByRole('button', { name: 'Encerrar cobertura' })).toBeVisible();
  const [mode] = (await adminApi().request(readItems('news', { filter: { id: { _eq: coverage.id } }, fields: ['live_status', 'live_started_at'] }))) as Array<{
    live_status: string;
    live_started_at: string | null;
  }>;
  expect(mode).toMatchObject({ live_status: 'live' });
  expect(mode!.live_started_at).toBeTruthy();

  // The story's form still saves after the mode change (it is based on the version the change made).
  await editor.getByRole('button', { name: 'Atualizar' }).click();
  await expectToast(page, 'Sucesso', 'Notícia atualizada com sucesso');

  // The list marks it and links to its desk; so does the sidebar's list of coverages.
  await page.goto(`/admin/news?status=published&busca=${encodeURIComponent(coverage.title)}`);
  const row = page.getByRole('row').filter({ hasText: coverage.title });
  await expect(row.getByText('Ao vivo', { exact: true })).toBeVisible();
  await row.getByRole('link', { name: `Mesa da cobertura ao vivo: ${coverage.title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: coverage.title })).toBeVisible();
  await expect(page.getByRole('link', { name: /Ver página pública/ })).toHaveAttribute('href', `/news/${coverage.slug}`);
  await expect(page.getByText('Nenhuma atualização ainda')).toBeVisible();

  const text = `A berlinda deixa a Catedral da Sé às 7h ${Date.now().toString(36)}`;
  await writeEntry(page, text, 'Publicar atualização');
  await expectToast(page, 'Sucesso', 'Atualização publicada');
  const card = entryCard(page, text);
  await expect(card.getByText('Publicado', { exact: true })).toBeVisible();
  expect(await entries()).toMatchObject([{ status: 'published', pinned: false }]);
  expect((await entries())[0]!.published_at).toBeTruthy();

  await card.getByRole('button', { name: 'Fixar no topo' }).click();
  await expect(card.getByText('Fixada no topo')).toBeVisible();
  expect((await entries())[0]!.pinned).toBe(true);

  await card.getByRole('button', { name: 'Corrigir' }).click();
  const correct = page.getByRole('dialog', { name: 'Corrigir atualização' });
  await correct.getByLabel('Nota de correção').fill('A berlinda saiu às 6h30, não às 7h.');
  await correct.getByRole('button', { name: 'Registrar correção' }).click();
  await expect(card.getByTestId('entry-correction')).toContainText('Correção: A berlinda saiu às 6h30, não às 7h.');
  const [corrected] = await entries();
  expect(corrected).toMatchObject({ correction_note: 'A berlinda saiu às 6h30, não às 7h.' });
  expect(corrected!.corrected_at).toBeTruthy();

  await card.getByRole('button', { name: 'Transformar em notícia' }).click();
  const promote = page.getByRole('alertdialog', { name: 'Transformar em notícia?' });
  await promote.getByRole('button', { name: 'Criar notícia' }).click();
  const done = page.getByRole('dialog', { name: 'Notícia criada' });
  await expect(done).toBeVisible();
  const [promoted] = await entries();
  expect(promoted!.promoted_news_id).toBeTruthy();
  cleanup.push(() => removeNews(promoted!.promoted_news_id!));
  const [story] = (await adminApi().request(
    readItems('news', { filter: { id: { _eq: promoted!.promoted_news_id! } }, fields: ['title', 'status', 'content', 'from_live_news_id', 'municipality_id'] }),
  )) as Array<{ title: string; status: string; content: string; from_live_news_id: string; municipality_id: string }>;
  expect(story).toMatchObject({ status: 'draft', from_live_news_id: coverage.id, municipality_id: await municipality('Belém') });
  expect(text.startsWith(story!.title.split(' ').slice(0, 5).join(' '))).toBe(true);
  expect(story!.content).toContain(text);
  await done.getByRole('link', { name: 'Abrir a notícia' }).click();
  await expect(storyEditor(page).getByLabel('Título')).toHaveValue(story!.title);
  check();
});

test('a producer of Belém writes a pending entry she cannot publish; an editor approves it', async ({ page, browser }) => {
  const check = failOnPageErrors(page);
  await signIn(page, 'producer');
  await openDesk(page);
  const form = page.getByRole('form', { name: 'Nova atualização' });
  await expect(form.getByLabel('Status').getByRole('option')).toHaveText(['Rascunho', 'Pendente']);
  await expect(form.getByLabel('Fixar no topo')).toHaveCount(0);
  const text = `Romeiros descansam na Praça da República ${Date.now().toString(36)}`;
  await writeEntry(page, text, 'Enviar para revisão');
  await expectToast(page, 'Sucesso', 'Atualização enviada para revisão');
  const card = entryCard(page, text);
  await expect(card.getByText('Pendente', { exact: true })).toBeVisible();
  // Her own pending entry: she may edit it, nothing else; the editor's entry offers her nothing.
  await expect(card.getByRole('button')).toHaveText(['Editar']);
  await expect(page.getByRole('article').filter({ hasNotText: text }).getByRole('button')).toHaveCount(0);
  const mine = (await entries()).find((e) => e.status === 'pending')!;
  // The server refuses her publishing it, in pt-BR, whatever the client.
  const producer = await apiAs('producer');
  await expect(producer.request(updateItem('news_live_entries', mine.id, { status: 'published' }))).rejects.toMatchObject({
    errors: [{ message: ENTRY_STATUS_ERROR }],
  });
  check();

  const context = await browser.newContext();
  const editorPage = await context.newPage();
  try {
    await signIn(editorPage, 'editor');
    await openDesk(editorPage);
    const pending = entryCard(editorPage, text);
    await pending.getByRole('button', { name: 'Aprovar e publicar' }).click();
    await expectToast(editorPage, 'Sucesso', 'Atualização publicada');
    await expect(pending.getByText('Publicado', { exact: true })).toBeVisible();
    expect((await entries()).find((e) => e.id === mine.id)).toMatchObject({ status: 'published' });
  } finally {
    await context.close();
  }
});

test('a producer of another municipality reads the refusal and is refused by the server in pt-BR', async ({ page }) => {
  const staff = await arrangeStaff('producer');
  cleanup.push(() => adminApi().request(deleteUser(staff.id)));
  const [profile] = (await adminApi().request(readItems('profiles', { filter: { user_id: { _eq: staff.id } }, fields: ['id'] }))) as Array<{ id: string }>;
  await adminApi().request(updateItem('profiles', profile!.id, { municipality_id: await municipality('Marabá') }));
  const check = failOnPageErrors(page);
  await signInAs(page, staff.email, staff.password);
  await openDesk(page);
  await expect(page.getByTestId('write-refusal')).toHaveText(ENTRY_MUNICIPALITY_ERROR);
  await expect(page.getByRole('form', { name: 'Nova atualização' })).toHaveCount(0);
  const api = await signedIn(stackState().directusUrl, staff.email, staff.password);
  await expect(api.request(createItem('news_live_entries', { news_id: coverage.id, body: '<p>De Marabá.</p>', status: 'pending' }))).rejects.toMatchObject({
    errors: [{ message: ENTRY_MUNICIPALITY_ERROR }],
  });
  check();
});

test('on a phone the desk fits the screen, its controls are 44 px and axe finds nothing', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    locale: 'pt-BR',
    timezoneId: 'America/Belem',
  });
  const page = await context.newPage();
  try {
    await signIn(page, 'producer');
    await openDesk(page);
    await expect(page.getByRole('textbox', { name: 'Texto da atualização' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await smallTapTargets(page)).toEqual([]);
    await expectAdminAxeClean(page);
  } finally {
    await context.close();
  }
});

test('the editor ends the coverage: the desk takes no new entry', async ({ page }) => {
  const check = failOnPageErrors(page);
  await signIn(page, 'editor');
  await openDesk(page);
  await page.getByRole('button', { name: 'Encerrar cobertura' }).click();
  const end = page.getByRole('alertdialog', { name: 'Encerrar a cobertura ao vivo?' });
  await expect(end).toContainText('as páginas abertas pelos leitores param de se atualizar');
  await end.getByRole('button', { name: 'Encerrar cobertura' }).click();
  await expectToast(page, 'Sucesso', 'Cobertura encerrada');
  await expect(page.getByTestId('write-refusal')).toHaveText(ENTRY_NEEDS_LIVE);
  await expect(page.getByRole('button', { name: 'Retomar cobertura' })).toBeVisible();
  const [mode] = (await adminApi().request(readItems('news', { filter: { id: { _eq: coverage.id } }, fields: ['live_status', 'live_ended_at'] }))) as Array<{
    live_status: string;
    live_ended_at: string | null;
  }>;
  expect(mode).toMatchObject({ live_status: 'ended' });
  expect(mode!.live_ended_at).toBeTruthy();
  check();
});
