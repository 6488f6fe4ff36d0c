/**
 * Corrections and history (issue #12, items 1 and 2), in the browser: an
 * editor attaches a correction and a fresh production build shows it on the
 * article and on /correcoes; the history panel lists the saves, diffs one and
 * restores it through the server.
 */
import path from 'node:path';
import type { Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { buildSite, startFrontServer } from '../../scripts/lib/stack.ts';
import { failOnPageErrors, signIn, stackState } from './support.ts';
import { apiAs, arrangeNews, expectToast, removeNews, unique, storyEditor } from './admin-support.ts';
import { expectNoAxeViolations } from './site-support.ts';
import { readItems, updateItem } from '../../directus/scripts/lib/client.ts';

// A build of its own, on its own port (the shared build stays untouched; see site-empty-states).
// Clear of the editor spec's ports (the empty-site port + 1 + its worker index).
const PORT = Number(process.env.E2E_CORRECTIONS_SITE_PORT ?? Number(process.env.E2E_EMPTY_SITE_PORT ?? 4408) + 10);
const base = `http://localhost:${PORT}`;
let server: Server | undefined;

test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.afterAll(async () => {
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
});

const row = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });

async function openPublished(page: Page, title: string) {
  await page.goto('/admin/news');
  await page.getByRole('combobox', { name: 'Filtrar por status' }).selectOption('published');
  await page.getByRole('searchbox', { name: 'Buscar notícias' }).fill(title);
  // The list keeps its search in the address (the editor's way back returns to it): wait until it is there.
  await expect(page).toHaveURL(/[?&]busca=/);
  await row(page, title)
    .getByRole('link', { name: `Editar ${title}` })
    .click();
  return storyEditor(page, 'Editar Notícia');
}

test('an editor attaches a correction; the built article and /correcoes show it', async ({ page }) => {
  const check = failOnPageErrors(page);
  const story = await arrangeNews({ title: unique('Ponte do Outeiro'), status: 'published', content: 'A ponte foi inaugurada em 1980.' });
  const note = `A ponte foi inaugurada em 1981, não em 1980 (${Date.now().toString(36)}).`;
  try {
    await signIn(page, 'editor');
    const dialog = await openPublished(page, story.title);
    await dialog.getByRole('button', { name: 'Correções' }).click();
    await expect(dialog.getByText('Nenhuma correção registrada.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Registrar correção' }).click();
    await expect(dialog.getByText('Descreva a correção')).toBeVisible();
    await dialog.getByLabel('Nova correção').fill(note);
    await dialog.getByRole('button', { name: 'Registrar correção' }).click();
    await expectToast(page, 'Sucesso', 'Correção registrada; a notícia e a página de correções serão atualizadas');
    await expect(dialog.getByRole('list', { name: 'Correções registradas' })).toContainText(note);
    check();

    // The site as the next build makes it.
    const s = stackState();
    const outDir = path.join(path.dirname(s.siteDir), 'site-corrections');
    await buildSite({ directusUrl: s.directusUrl, directusToken: s.siteReaderToken, outDir, siteUrl: base });
    server = await startFrontServer({ port: PORT, siteDir: outDir, adminDir: s.adminDir, directusUrl: s.directusUrl });

    await page.goto(`${base}/news/${story.slug}`);
    const corrections = page.getByRole('complementary', { name: 'Correções' });
    await expect(corrections).toContainText(`Correção: ${note}`);
    await expect(page.getByTestId('article-updated')).toContainText(/Atualizado em \d\d\/\d\d\/\d{4} \d\d:\d\d/);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(Date.parse(ld.dateModified)).toBeGreaterThan(Date.parse(ld.datePublished));

    await page.goto(`${base}/`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Correções' }).click();
    await expect(page).toHaveURL(/\/correcoes$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Correções');
    const first = page.getByTestId('corrections-list').getByRole('listitem').first();
    await expect(first).toContainText(note);
    await expect(first.getByRole('link', { name: story.title })).toHaveAttribute('href', `/news/${story.slug}`);
    await expectNoAxeViolations(page);
  } finally {
    await removeNews(story.id);
  }
});

test('the history lists each save, diffs a version against the current one and restores it', async ({ page }) => {
  const check = failOnPageErrors(page);
  const original = unique('Prefeito visita obra');
  const story = await arrangeNews({ title: original, status: 'published', content: 'O prefeito visitou a obra nesta manhã.' });
  try {
    // A bad edit by a colleague (the super_admin), through the API like any save.
    const wrong = `${original} errado`;
    const other = await apiAs('super_admin');
    await other.request(updateItem('news', story.id, { title: wrong, content: 'O governador visitou a obra nesta manhã.' } as never));

    await signIn(page, 'editor');
    const dialog = await openPublished(page, wrong);
    await dialog.getByRole('button', { name: 'Histórico de versões' }).click();
    const versions = dialog.getByRole('list', { name: 'Versões salvas' }).getByRole('button');
    await expect(versions).toHaveCount(2);
    await expect(versions.first()).toContainText(/Edição · Publicado$/);
    await versions.last().click();
    const diff = dialog.getByTestId('revision-diff');
    // Readable text, marked: what the current version dropped and what it added (issue #34).
    await expect(diff.locator('[data-field-diff] del')).toHaveText(['prefeito']);
    await expect(diff.locator('[data-field-diff] ins')).toHaveText(['errado', 'governador']);
    // The editor with both panels open (history, diff and corrections) stays accessible.
    await dialog.getByRole('button', { name: 'Correções' }).click();
    await expect(dialog.getByText('Nenhuma correção registrada.')).toBeVisible();
    await expectNoAxeViolations(page);
    await diff.getByRole('button', { name: 'Restaurar esta versão' }).click();
    // Over a live story, it asks first (issue #34).
    const confirm = page.getByRole('alertdialog', { name: 'Restaurar esta versão?' });
    await expect(confirm).toContainText('Esta notícia está publicada');
    await confirm.getByRole('button', { name: 'Restaurar' }).click();
    await expectToast(page, 'Sucesso', 'Versão restaurada com sucesso');
    // The editor page loads the restored story.
    await expect(dialog.getByLabel('Título')).toHaveValue(original);
    await dialog.getByRole('link', { name: '← Voltar para Notícias' }).click();
    // Back on the list it came from, with that list's search, before typing a new one over it.
    const search = page.getByRole('searchbox', { name: 'Buscar notícias' });
    await expect(search).toHaveValue(wrong);
    await search.fill(original);
    await expect(page).toHaveURL(new RegExp(`[?&]busca=${encodeURIComponent(original).replace(/%20/g, '(\\+|%20)')}`));
    await expect(row(page, original)).toContainText('Publicado');

    const editor = await apiAs('editor');
    const [saved] = await editor.request(readItems('news', { filter: { id: { _eq: story.id } }, fields: ['title', 'content', 'status'] }));
    expect(saved).toEqual({ title: original, content: 'O prefeito visitou a obra nesta manhã.', status: 'published' });
    check();
  } finally {
    await removeNews(story.id);
  }
});
