/** Ads, settings, events, staff profiles and the placeholders, as super_admin and editor. */
import { expect, test, type Page } from '@playwright/test';
import { createItem, deleteItem, deleteUser, readItems, readUsers, updateItem } from '../../directus/scripts/lib/client.ts';
import { adFactory } from '../../directus/seed/factories.ts';
import { mailsTo } from '../../scripts/lib/mail-catcher.ts';
import { adminApi, failOnPageErrors, linkIn, mailFor, signIn } from './support.ts';
import { expectToast, sidebar, unique } from './admin-support.ts';
import { expectNoAxeViolations } from './site-support.ts';
import { DEFAULT_SETTINGS } from '@portal/domain/settings';
import { SITE_WIDE } from '@portal/domain/build-contract';
import { STAFF_ALL_ROWS } from '@portal/domain/query-rules';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Releases } from '@portal/builder/releases';
import { buildTargeted } from '@portal/builder/site-build';
import { startFrontServer } from '@portal/edge/front-server';
import { stackState } from './support.ts';
import { publishedNews } from './site-support.ts';

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const ERROR = { status: 500, contentType: 'application/json', body: '{"errors":[{"message":"falha simulada"}]}' };
/** Fails a collection's paged list reads (page=…), leaving the session's own reads alone. */
/** Fails a screen's list read: a page of it, or the whole table a name-sorted list reads (decision 023). */
// The list's own read: a page, or every row of a list sorted in pt-BR order (STAFF_ALL_ROWS, the staff's cap).
const LIST_READ = new RegExp(`[?&](page=|limit=${STAFF_ALL_ROWS}(&|$))`);
const fail500 = (page: Page, glob: string) => page.route(glob, (r) => (LIST_READ.test(r.request().url()) ? r.fulfill(ERROR) : r.continue()));

test.describe('publicidade', () => {
  test('"Gerenciar Publicidade": criar, buscar, filtrar, alternar status e excluir', async ({ page }) => {
    const check = failOnPageErrors(page);
    const title = unique('Loja do Centro');
    await signIn(page, 'super_admin');
    await page.goto('/admin/ads');
    await expect(page.getByRole('heading', { name: 'Gerenciar Publicidade' })).toBeVisible();
    await page.getByRole('button', { name: 'Novo Anúncio' }).click();
    await expect(page.getByRole('heading', { name: 'Criar Anúncio' })).toBeVisible();
    await expect(page.getByLabel('Tipo')).toHaveValue('banner');
    await expect(page.getByLabel('Posição')).toHaveValue('top');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Título é obrigatório')).toBeVisible();
    await expect(page.getByText('Conteúdo é obrigatório')).toBeVisible();

    await page.getByLabel('Tipo').selectOption('google_adsense');
    await expect(page.getByLabel('URL de destino')).toBeDisabled();
    await expect(page.getByLabel('Publisher ID')).toHaveAttribute('placeholder', 'ca-pub-XXXXXXXXX');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Publisher ID é obrigatório')).toBeVisible();
    await expect(page.getByText('Ad Unit ID é obrigatório')).toBeVisible();

    await page.getByLabel('Tipo').selectOption('sidebar');
    await page.getByLabel('Título').fill(title);
    await page.getByLabel('Conteúdo (HTML)').fill('<p>Promoção de açaí com 20% de desconto em toda a loja do centro de Belém</p>');
    await page.getByLabel('URL de destino').fill('não é url');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('URL inválida')).toBeVisible();
    await page.getByLabel('URL de destino').fill('https://loja.example.com');
    await page.getByLabel('Posição').selectOption('bottom');
    await page.getByLabel('Data de início').fill('2026-01-01');
    await page.getByLabel('Data de término').fill('2026-12-31');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'Sucesso', 'Anúncio criado com sucesso!');

    const [saved] = (await adminApi().request(
      readItems('ads', { filter: { title: { _eq: title } }, fields: ['id', 'start_date', 'end_date', 'position'] }),
    )) as Array<{
      id: string;
      start_date: string;
      end_date: string;
      position: string;
    }>;
    expect(new Date(saved!.start_date).toISOString()).toBe('2026-01-01T03:00:00.000Z');
    expect(new Date(saved!.end_date).toISOString()).toBe('2027-01-01T02:59:59.999Z');

    await page.getByRole('searchbox', { name: 'Buscar anúncios' }).fill('açaí com 20%');
    await expect(row(page, title)).toContainText('Promoção de açaí com 20% de desconto em toda a loj...');
    await expect(row(page, title)).toContainText('Sidebar');
    await expect(row(page, title)).toContainText('Rodapé');
    await expect(row(page, title)).toContainText('Ativo');
    await page.getByLabel('Filtrar por tipo').selectOption('banner');
    await expect(page.getByText('Nenhum anúncio encontrado')).toBeVisible();
    await page.getByLabel('Filtrar por tipo').selectOption('sidebar');
    await row(page, title)
      .getByRole('switch', { name: `Status de ${title}` })
      .click();
    await expectToast(page, 'Sucesso', 'Anúncio desativado com sucesso!');
    await expect(row(page, title)).toContainText('Inativo');

    await row(page, title)
      .getByRole('button', { name: `Editar ${title}` })
      .click();
    await expect(page.getByRole('heading', { name: 'Editar Anúncio' })).toBeVisible();
    await expect(page.getByLabel('Data de término')).toHaveValue('2026-12-31');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'Sucesso', 'Anúncio atualizado com sucesso!');

    await row(page, title)
      .getByRole('button', { name: `Excluir ${title}` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirmar exclusão' });
    await expect(confirm).toContainText('Tem certeza que deseja excluir este anúncio? Esta ação não pode ser desfeita.');
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expectToast(page, 'Sucesso', 'Anúncio excluído com sucesso!');
    check();
  });

  test('erros de carregamento e de status', async ({ page }) => {
    const ad = (await adminApi().request(createItem('ads', adFactory({ title: unique('Anúncio erro') }) as never))) as { id: string; title: string };
    try {
      await signIn(page, 'super_admin');
      await page.goto('/admin/ads');
      await page.getByRole('searchbox', { name: 'Buscar anúncios' }).fill(ad.title);
      await expect(row(page, ad.title)).toBeVisible();
      await page.route('**/api/items/ads/**', (r) => (r.request().method() === 'PATCH' ? r.fulfill(ERROR) : r.continue()));
      await row(page, ad.title).getByRole('switch').click();
      await expectToast(page, 'Erro', 'Não foi possível alterar o status do anúncio.');
      await fail500(page, '**/api/items/ads?**');
      await page.reload();
      await expectToast(page, 'Erro', 'Não foi possível carregar os anúncios.');
    } finally {
      await adminApi().request(deleteItem('ads', ad.id));
    }
  });
});

test.describe('configurações', () => {
  // Other specs run beside this one against the same Directus: leave the settings as found.
  let original: Array<{ key: string; value: string | null }> = [];
  test.beforeEach(async () => {
    original = (await adminApi().request(readItems('settings', { fields: ['key', 'value'], limit: -1 }))) as typeof original;
  });
  // Only what these tests change is put back: another spec may be saving other settings meanwhile.
  const CHANGED = ['urgent_message', 'twitter_url', 'facebook_url'];
  test.afterEach(async () => {
    for (const { key, value } of original.filter((o) => CHANGED.includes(o.key))) await adminApi().request(updateItem('settings', key, { value }));
  });

  test('salva as quatro seções; vazio é salvo como texto vazio', async ({ page }) => {
    const check = failOnPageErrors(page);
    const message = unique('Chuva forte em Belém');
    await signIn(page, 'super_admin');
    await page.goto('/admin/settings');
    for (const heading of ['Informações Gerais', 'Redes Sociais', 'Configurações de Mídia', 'Configurações do Site']) {
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(page.getByLabel('Email de Contato')).toHaveAttribute('type', 'email');
    await page.getByLabel('Mensagem da Seção Urgente').fill(message);
    await page.getByLabel('Twitter').fill('');
    await page.getByLabel('Facebook').fill('facebook.com/semprotocolo');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Informe uma URL completa (https://...)')).toBeVisible();
    await page.getByLabel('Facebook').fill('https://facebook.com/portalpara');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'Sucesso', 'Configurações salvas com sucesso!');
    const rows = (await adminApi().request(readItems('settings', { fields: ['key', 'value'], limit: -1 }))) as Array<{ key: string; value: string | null }>;
    const byKey = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    expect(byKey.urgent_message).toBe(message);
    expect(byKey.twitter_url).toBe('');
    expect(byKey.facebook_url).toBe('https://facebook.com/portalpara');
    check();
  });

  // In this file so it never runs beside the settings test above (a file's tests run in order).
  test('mensagem urgente e anúncio desligado chegam a páginas já construídas pelo /live.json de um build real', async ({ page }) => {
    test.setTimeout(120_000);
    const s = stackState();
    const api = adminApi();
    // Releases of their own: the suite's site copied with hard links, then the live
    // pipeline's real targeted build of a site-wide change laid over it (no stub of
    // /live.json). A story page is not re-rendered by it and learns from /live.json;
    // so does a home page built before the change (one a browser or CDN still holds).
    const root = mkdtempSync(path.join(path.dirname(s.siteDir), 'live-'));
    const releases = new Releases(root);
    const before = releases.prepare();
    execFileSync('cp', ['-al', `${s.siteDir}/.`, before]);
    releases.activate(before);
    const built = JSON.parse(readFileSync(path.join(before, 'live.json'), 'utf8')) as { ads: { bottom: Array<{ id: string }> } };
    const bottom = built.ads.bottom[0]!;
    expect(bottom, 'o site de teste tem um anúncio no rodapé').toBeTruthy();
    const [story] = await publishedNews();
    const article = readFileSync(path.join(before, 'news', story!.slug, 'index.html'), 'utf8');
    const [urgent] = await api.request(readItems('settings', { filter: { key: { _eq: 'urgent_message' } }, fields: ['key', 'value'] }));
    const message = unique('Alerta de maré alta em Belém');
    const cachedHome = path.join(root, 'cached-home');
    const fronts = await Promise.all(
      [releases.current, cachedHome].map((siteDir) => startFrontServer({ port: 0, siteDir, adminDir: s.adminDir, directusUrl: s.directusUrl })),
    );
    const [live, cached] = fronts.map((f) => `http://127.0.0.1:${(f.address() as AddressInfo).port}`);
    const ad = page.locator(`[data-portal-ad-slot="bottom"] [data-ad-id="${bottom.id}"]`);
    const urgentText = page.locator('[data-setting="urgent_message"]').first();
    try {
      await page.goto(`${live}/`);
      await expect(ad).toBeVisible();
      // A copy of the site as built so far (a browser or CDN holding the old home page).
      execFileSync('cp', ['-al', `${before}/.`, cachedHome]);
      await api.request(updateItem('ads', bottom.id, { is_active: false } as never));
      await api.request(updateItem('settings', 'urgent_message', { value: message }));
      const after = await buildTargeted(SITE_WIDE, null, releases, { directusUrl: s.directusUrl, directusToken: s.siteReaderToken, siteUrl: s.siteUrl });
      releases.activate(after);
      // The story page is byte for byte the one built before both changes ...
      expect(readFileSync(path.join(after, 'news', story!.slug, 'index.html'), 'utf8')).toBe(article);
      expect(article).not.toContain(message);
      await page.goto(`${live}/news/${story!.slug}`);
      await expect(urgentText).toHaveText(message);
      // ... and the old home page, served beside the new /live.json, drops the ad and shows the message.
      // Replaced, not written through: the hard link is shared with the suite's site.
      rmSync(path.join(cachedHome, 'live.json'));
      copyFileSync(path.join(after, 'live.json'), path.join(cachedHome, 'live.json'));
      expect(readFileSync(path.join(cachedHome, 'index.html'), 'utf8')).toContain(`data-ad-id="${bottom.id}"`);
      await page.goto(`${cached}/`);
      await expect(urgentText).toHaveText(message);
      await expect(ad).toBeHidden();
      // The rebuilt home itself no longer carries the ad.
      expect(readFileSync(path.join(after, 'index.html'), 'utf8')).not.toContain(`data-ad-id="${bottom.id}"`);
    } finally {
      await api.request(updateItem('ads', bottom.id, { is_active: true } as never));
      await api.request(updateItem('settings', 'urgent_message', { value: urgent?.value ?? null }));
      await Promise.all(fronts.map((f) => new Promise((r) => f.close(r))));
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('erro ao carregar e ao salvar', async ({ page }) => {
    await signIn(page, 'super_admin');
    await page.route('**/api/items/settings?**', (r) => r.fulfill(ERROR));
    await page.goto('/admin/settings');
    await expectToast(page, 'Erro', 'Não foi possível carregar as configurações.');
    await page.unroute('**/api/items/settings?**');
    await page.reload();
    await page.route('**/api/items/settings/**', (r) => r.fulfill(ERROR));
    // Only what changed is written: a change, so the save reaches the server (and fails there).
    await page.getByLabel('Mensagem da Seção Urgente').fill(unique('Aviso'));
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'Erro', 'Não foi possível salvar as configurações.');
  });
});

test('editor gerencia eventos (tela carregada sob demanda)', async ({ page }) => {
  const check = failOnPageErrors(page);
  const title = unique('Círio de Nazaré');
  await signIn(page, 'editor');
  await page.goto('/admin/events');
  await expect(page.getByRole('heading', { name: 'Gerenciar Eventos' })).toBeVisible();
  await page.getByRole('button', { name: 'Novo Evento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Evento' });
  await dialog.getByLabel('Título').fill(title);
  await dialog.getByLabel('Data do evento').fill('2026-10-11T07:00');
  await dialog.getByLabel('Local').fill('Catedral da Sé');
  await dialog.getByLabel('Link do evento').fill('https://cirio.example.com');
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await expectToast(page, 'Sucesso', 'Evento criado com sucesso');
  await page.getByRole('searchbox', { name: 'Buscar eventos' }).fill(title);
  await expect(row(page, title)).toContainText('11/10/2026 07:00');
  await expect(row(page, title)).toContainText('Catedral da Sé');
  await row(page, title)
    .getByRole('button', { name: `Editar ${title}` })
    .click();
  await page.getByRole('dialog').getByLabel('Ativo').uncheck();
  await page.getByRole('dialog').getByRole('button', { name: 'Atualizar' }).click();
  await expectToast(page, 'Sucesso', 'Evento atualizado com sucesso');
  await expect(row(page, title)).toContainText('Inativo');
  await row(page, title)
    .getByRole('button', { name: `Excluir ${title}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expectToast(page, 'Sucesso', 'Evento excluído com sucesso');
  await expect(page.getByText('Nenhum evento cadastrado')).toBeVisible();
  check();
});

test('super_admin convida um membro da equipe, o convite chega e vale, muda papel e município, e o desativa', async ({ page, browser }) => {
  // Two sessions and a mail round trip: the longest flow of the suite.
  test.slow();
  const check = failOnPageErrors(page);
  const name = unique('Maria Repórter');
  const email = `${name.toLowerCase().replace('ó', 'o').replace(/\s+/g, '.')}@portal.test`;
  await signIn(page, 'super_admin');
  await page.goto('/admin/profiles');
  await expect(page.getByRole('heading', { name: 'Gerenciar Perfis' })).toBeVisible();
  await page.getByRole('button', { name: 'Novo Membro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Membro da Equipe' });
  await dialog.getByLabel('Nome Completo').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Papel').selectOption('producer');
  await dialog.getByLabel('Município').selectOption({ label: 'Santarém' });
  await dialog.getByRole('button', { name: 'Enviar convite' }).click();
  await expectToast(page, 'Sucesso', `Convite enviado para ${email}`);
  await page.getByRole('searchbox', { name: 'Buscar perfis' }).fill(email);
  await expect(row(page, email)).toContainText('Produtor');
  await expect(row(page, email)).toContainText('Santarém');
  await expect(row(page, email)).toContainText('Convite pendente');

  // The invitation arrives in pt-BR; its link lets the new member choose a password and sign in.
  await mailFor(email);
  // Not accepted yet: the screen offers to send it again, never to "reactivate" it (issue #34).
  await expect(row(page, email).getByRole('button', { name: /^Reativar/ })).toHaveCount(0);
  await row(page, email).getByRole('button', { name: `Reenviar convite para ${name}` }).click();
  await expectToast(page, 'Sucesso', `Convite reenviado para ${email}`);
  await expect.poll(async () => (await mailsTo(stackState().inboxUrl, email)).length, { timeout: 20_000 }).toBe(2);
  await expect(row(page, email)).toContainText('Convite pendente');
  const mail = await mailFor(email);
  expect(mail.subject).toBe('Convite para a equipe do Portal Pará');
  const invited = await browser.newPage();
  await invited.goto(linkIn(mail, 'Aceitar convite'));
  await invited.getByLabel('Nova senha', { exact: true }).fill('senha-do-convite-2026');
  await invited.getByLabel('Confirmar nova senha').fill('senha-do-convite-2026');
  await invited.getByRole('button', { name: 'Criar minha senha' }).click();
  await expectToast(invited, 'Convite aceito. Entre com a sua nova senha.');
  await invited.getByLabel('Email').fill(email);
  await invited.getByLabel('Senha', { exact: true }).fill('senha-do-convite-2026');
  await invited.getByRole('button', { name: 'Entrar' }).click();
  await expect(invited).toHaveURL(/\/admin$/);
  await expect(invited.getByRole('banner').getByText('Produtor')).toBeVisible();
  await invited.close();
  await page.reload();
  await page.getByRole('searchbox', { name: 'Buscar perfis' }).fill(email);
  await expect(row(page, email)).toContainText('Ativo');

  await row(page, email)
    .getByRole('button', { name: /Editar/ })
    .click();
  await page.getByRole('dialog', { name: 'Editar Perfil' }).getByLabel('Papel').selectOption('editor');
  await page.getByRole('dialog', { name: 'Editar Perfil' }).getByRole('button', { name: 'Atualizar' }).click();
  await expectToast(page, 'Sucesso', 'Perfil atualizado com sucesso');
  await expect(row(page, email)).toContainText('Editor');

  await row(page, email)
    .getByRole('button', { name: /Desativar/ })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Desativar' }).click();
  await expectToast(page, 'Sucesso', 'Usuário desativado com sucesso');
  await expect(row(page, email)).toContainText('Desativado');

  const [user] = (await adminApi().request(readUsers({ filter: { email: { _eq: email } }, fields: ['id', 'status', 'role'] }))) as Array<{
    id: string;
    status: string;
    role: string;
  }>;
  expect(user?.status).toBe('suspended');
  expect(user?.role).toBe('5a6c0d2e-0002-4b6e-9b1a-7a1f2c000002');
  await adminApi().request(deleteUser(user!.id));
  check();
});

test('Rádio Web e TV Web: o editor muda o programa no ar e a programação, com erros claros', async ({ page }) => {
  const noErrors = failOnPageErrors(page);
  try {
    await signIn(page, 'editor');
    await sidebar(page).getByRole('link', { name: 'Rádio Web' }).click();
    await expect(page.getByRole('heading', { name: 'Gerenciar Rádio Web' })).toBeVisible();
    await page.getByLabel('URL do stream da rádio').fill('ftp://radio');
    await page.getByLabel('Programa no ar').fill('Tarde Cabocla');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Informe uma URL completa (https://...)')).toBeVisible();
    await page.getByLabel('URL do stream da rádio').fill('https://radio.exemplo.com.br/ao-vivo.mp3');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'Rádio Web atualizada. O site mostra a mudança em segundos.');

    await sidebar(page).getByRole('link', { name: 'TV Web' }).click();
    await expect(page.getByRole('heading', { name: 'Gerenciar TV Web' })).toBeVisible();
    await expect(page.getByRole('group', { name: /^Programa \d+$/ })).toHaveCount(3);
    await page.getByRole('button', { name: 'Adicionar programa' }).click();
    const fourth = page.getByRole('group', { name: 'Programa 4' });
    await fourth.getByLabel('Horário').fill('7h');
    await fourth.getByLabel('Título').fill('Bom Dia Pará');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(fourth.getByText('Horário inválido (use HH:MM)')).toBeVisible();
    await fourth.getByLabel('Horário').fill('07:00');
    await page.getByRole('button', { name: 'Remover programa 1' }).click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'TV Web atualizada. O site mostra a mudança em segundos.');
    await page.reload();
    await expect(page.getByRole('group', { name: /^Programa \d+$/ })).toHaveCount(3);
    await expect(page.getByRole('group', { name: 'Programa 3' }).getByLabel('Título')).toHaveValue('Bom Dia Pará');
    await expectNoAxeViolations(page);
    noErrors();
  } finally {
    for (const key of ['radio_stream_url', 'radio_program_name', 'tv_live_title', 'tv_programs'] as const) {
      await adminApi().request(updateItem('settings', key, { value: DEFAULT_SETTINGS[key] } as never));
    }
  }
});

test('telas sob demanda mostram o estado de erro', async ({ page }) => {
  await signIn(page, 'super_admin');
  await fail500(page, '**/api/items/events?**');
  await page.goto('/admin/events');
  await expectToast(page, 'Erro', 'Não foi possível carregar os eventos');
  await fail500(page, '**/api/items/profiles?**');
  await page.goto('/admin/profiles');
  await expectToast(page, 'Erro', 'Não foi possível carregar os perfis');
});

test('Eventos e Perfis carregam sob demanda mostrando "Carregando..." (o "Loading..." da especificação, em português: issue #34)', async ({ page }) => {
  await signIn(page, 'super_admin');
  // Hold the lazy chunks back so the fallback is observable.
  for (const chunk of ['events-screen', 'profiles-screen']) {
    await page.route(`**/_admin/assets/${chunk}-*.js`, async (r) => {
      await new Promise((done) => setTimeout(done, 1500));
      await r.continue();
    });
  }
  await page.getByRole('navigation', { name: 'Menu administrativo' }).getByRole('link', { name: 'Eventos' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Carregando...' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Gerenciar Eventos' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Menu administrativo' }).getByRole('link', { name: 'Perfis' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Carregando...' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Gerenciar Perfis' })).toBeVisible();
});
