/**
 * The admin side of moving in (issue #27, item 5): super_admin reads the last
 * import's report at /admin/import (reached from the health screen, not the
 * sidebar), and sends imported staff their first invitation from Perfis.
 * The runs and records are arranged through the API as the importer writes them.
 */
import { expect, test, type Page } from '@playwright/test';
import { ROLE_IDS } from '../../directus/access/ids.ts';
import { createItem, createUser, deleteItem, deleteUser, readItems } from '../../directus/scripts/lib/client.ts';
import { mailsTo } from '../../scripts/lib/mail-catcher.ts';
import { apiAs, expectAdminAxeClean, expectToast, horizontalOverflow, sidebar, smallTapTargets, unique } from './admin-support.ts';
import { adminApi, failOnPageErrors, mailFor, signIn, stackState } from './support.ts';

test.describe.configure({ mode: 'serial' });

const arranged = { runs: [] as string[], records: [] as string[], users: [] as string[] };

async function arrangeRun(run: Record<string, unknown>) {
  const row = (await adminApi().request(createItem('import_runs', run as never))) as { id: string };
  arranged.runs.push(row.id);
  return row.id;
}

test.afterAll(async () => {
  const api = adminApi();
  for (const id of arranged.runs) await api.request(deleteItem('import_runs', id)).catch(() => undefined);
  for (const id of arranged.records) await api.request(deleteItem('import_records', id)).catch(() => undefined);
  // The user's profile goes with it (profiles.user_id: ON DELETE CASCADE).
  for (const id of arranged.users) await api.request(deleteUser(id)).catch(() => undefined);
});

const report = (page: Page) => page.getByRole('main');

test('sem importação: a tela diz que nenhuma foi feita e mostra os dois comandos (um ensaio --dry-run não conta)', async ({ page }) => {
  const check = failOnPageErrors(page);
  await arrangeRun({ source: 'hosted', input: '/srv/ensaio', status: 'done', dry_run: true, started_at: new Date().toISOString(), finished_at: new Date().toISOString(), counts: { news: { created: 5, updated: 0, unchanged: 0, skipped: 0 } } });
  await signIn(page, 'super_admin');
  await page.goto('/admin/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Importação do portal anterior' })).toBeVisible();
  await expect(report(page).getByText('Nenhuma importação feita ainda.')).toBeVisible();
  await expect(report(page).getByText('npm run import -- hosted <pasta>')).toBeVisible();
  await expect(report(page).getByText('npm run import -- wordpress <export.xml> --uploads <pasta>')).toBeVisible();
  // Rare enough to stay out of the sidebar; and the health screen has no card for a dry run.
  await expect(sidebar(page).getByRole('link', { name: /Importa/ })).toHaveCount(0);
  await page.goto('/admin/health');
  await expect(page.getByRole('heading', { level: 1, name: 'Saúde do portal' })).toBeVisible();
  await expect(page.getByText('Verificado em')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver relatório da importação' })).toHaveCount(0);
  check();
});

test('o relatório da última importação: origem, datas, situação, contagens por coleção, avisos e deixados de fora; o cartão da saúde leva até ele', async ({ page }) => {
  const check = failOnPageErrors(page);
  await arrangeRun({
    source: 'wordpress',
    input: '/srv/migracao/portal.WordPress.2026-11-20.xml',
    status: 'done',
    dry_run: false,
    started_at: '2026-11-26T12:00:00.000Z',
    finished_at: '2026-11-26T12:07:00.000Z',
    counts: {
      news: { created: 1234, updated: 2, unchanged: 0, skipped: 3 },
      categories: { created: 8, updated: 0, unchanged: 0, skipped: 0 },
      directus_files: { created: 950, updated: 0, unchanged: 0, skipped: 4 },
      legacy_paths: { created: 2468, updated: 0, unchanged: 0, skipped: 0 },
    },
    warnings: [{ collection: 'news', key: '812', title: 'Festa do Çairé 🎉', message: 'O shortcode [gallery] virou uma lista de imagens.' }],
    skipped: [
      { collection: 'news', key: '77', title: 'Quem somos', reason: 'É uma página, não uma notícia.' },
      { collection: 'directus_files', key: 'foto.jpg', title: 'foto.jpg', reason: 'Arquivo não encontrado na pasta de uploads.' },
    ],
    error: null,
  });
  await signIn(page, 'super_admin');

  // From the health screen's card to the report.
  await page.goto('/admin/health');
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Importação', exact: true }) });
  await expect(card).toContainText('Concluída');
  await expect(card).toContainText('26/11/2026 09:07');
  await expect(card).toContainText('Notícias: 1.234 novas, 2 atualizadas, 3 deixadas de fora · 1 aviso');
  await card.getByRole('link', { name: 'Ver relatório da importação' }).click();
  await expect(page).toHaveURL(/\/admin\/import$/);

  await expect(page.getByRole('heading', { level: 1, name: 'Importação do portal anterior' })).toBeVisible();
  await expect(report(page).getByText('WordPress', { exact: true })).toBeVisible();
  await expect(report(page).getByText('/srv/migracao/portal.WordPress.2026-11-20.xml')).toBeVisible();
  await expect(report(page).getByText(/^26\/11\/2026 09:00 \(/)).toBeVisible();
  await expect(report(page).getByText('Concluída')).toBeVisible();
  const table = page.getByRole('table', { name: 'Registros por coleção' });
  await expect(table.getByRole('row')).toHaveText([
    'ColeçãoNovosAtualizadosSem mudançaDeixados de fora',
    'Notícias1.234203',
    'Categorias8000',
    'Arquivos950004',
    'Endereços antigos2.468000',
  ]);
  const warnings = page.getByRole('region', { name: 'Avisos (1)' });
  await expect(warnings.getByRole('listitem')).toHaveText(['Festa do Çairé 🎉 · NotíciasO shortcode [gallery] virou uma lista de imagens.']);
  const skipped = page.getByRole('region', { name: 'Deixados de fora (2)' });
  await expect(skipped.getByRole('listitem')).toHaveText([/Quem somos · Notícias\s*É uma página, não uma notícia\./, /foto\.jpg · Arquivos\s*Arquivo não encontrado/]);

  // Readable on a laptop and on a phone: no sideways scroll, axe clean, 44 px targets on the phone.
  await expectAdminAxeClean(page);
  expect(await horizontalOverflow(page)).toBe(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table).toBeVisible();
  expect(await horizontalOverflow(page)).toBe(0);
  expect(await smallTapTargets(page)).toEqual([]);
  await expectAdminAxeClean(page);
  check();
});

test('só o super_admin: o editor vê "Acesso Negado" e a API não lhe entrega as importações', async ({ page }) => {
  await signIn(page, 'editor');
  await page.goto('/admin/import');
  await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Importação do portal anterior' })).toHaveCount(0);
  const editor = await apiAs('editor');
  const read = await editor.request(readItems('import_runs', { fields: ['id'] })).then(
    (rows) => rows,
    () => 'recusado' as const,
  );
  expect(read === 'recusado' || (Array.isArray(read) && read.length === 0)).toBe(true);
});

test('um membro importado, com convite pendente, recebe o primeiro convite só quando o super_admin clica "Enviar convite"', async ({ page }) => {
  // A mail round trip.
  test.slow();
  const check = failOnPageErrors(page);
  const suffix = unique('x').slice(2);
  const email = `importada-${suffix}@portal.test`;
  const name = `Iara Importada ${suffix}`;
  // As the importer writes staff: an invited Directus user (no password came over) and its import record.
  const user = (await adminApi().request(createUser({ email, role: ROLE_IDS.producer, status: 'invited', first_name: 'Iara', last_name: `Importada ${suffix}`, provider: 'default' }))) as { id: string };
  arranged.users.push(user.id);
  const recordId = `hosted:user:e2e-${suffix}`;
  await adminApi().request(createItem('import_records', { id: recordId, collection: 'profiles', target: user.id, hash: 'e2e' }));
  arranged.records.push(recordId);

  await signIn(page, 'super_admin');
  await page.goto('/admin/profiles');
  await page.getByRole('searchbox', { name: 'Buscar perfis' }).fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Convite pendente');
  await expect(row.getByRole('button', { name: /^Reenviar convite/ })).toHaveCount(0);
  // Nothing was mailed by the import itself.
  expect(await mailsTo(stackState().inboxUrl, email)).toHaveLength(0);

  await row.getByRole('button', { name: `Enviar convite para ${name}` }).click();
  await expectToast(page, 'Sucesso', `Convite enviado para ${email}`);
  const mail = await mailFor(email);
  expect(mail.subject).toBe('Convite para a equipe do Portal Pará');
  // Sent now: from here on it is a resend, and the member is still pending until they accept.
  await expect(row.getByRole('button', { name: `Reenviar convite para ${name}` })).toBeVisible();
  await expect(row).toContainText('Convite pendente');
  check();
});
