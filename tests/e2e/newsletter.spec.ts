/** Newsletter (issue #13) in Chromium: footer → confirmation mail → confirmed; super_admin's list, CSV and digest test; unsubscribe. */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectToast, sidebar } from './admin-support.ts';
import { expectNoAxeViolations } from './site-support.ts';
import { mailHeader } from '../../scripts/lib/mail-catcher.ts';
import { failOnPageErrors, linkIn, mailFor, signIn, stackState } from './support.ts';

test('a reader subscribes in the footer, confirms by mail, shows up for super_admin, and can leave with one click', async ({ page, browser }) => {
  // The whole journey (two mails, two browsers, a CSV): it reached its last step at 32.7 s in CI, past the 30 s default.
  test.slow();
  const noErrors = failOnPageErrors(page);
  const email = `leitora-news-${Date.now()}@exemplo.com.br`;
  await page.goto('/');
  const footer = page.locator('footer');
  await expect(footer.getByText('Ao se inscrever você aceita receber a newsletter semanal')).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Política de Privacidade' }).first()).toHaveAttribute('href', '/privacidade');
  const box = footer.getByRole('textbox', { name: 'Seu email' });
  await box.fill('sem-arroba');
  await footer.getByRole('button', { name: 'Inscrever' }).click();
  await expect(footer.getByText('Informe um e-mail válido.')).toBeVisible();
  await box.fill(email);
  await footer.getByRole('button', { name: 'Inscrever' }).click();
  await expect(footer.getByText('Quase lá! Enviamos um link de confirmação para o seu e-mail.')).toBeVisible();
  noErrors();

  const mail = await mailFor(email);
  expect(mail.subject).toBe('Confirme sua inscrição na newsletter do Portal Pará');
  await page.goto(linkIn(mail, 'Confirmar inscrição'));
  await expect(page).toHaveURL(/\/newsletter\/confirmada$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inscrição confirmada');
  await expectNoAxeViolations(page);

  // super_admin: the subscriber, confirmed; filter, CSV, and a test of the digest.
  const staff = await browser.newPage();
  await signIn(staff, 'super_admin');
  await sidebar(staff).getByRole('link', { name: 'Newsletter' }).click();
  await expect(staff.getByRole('heading', { name: 'Newsletter' })).toBeVisible();
  await staff.getByRole('searchbox', { name: 'Buscar inscritos' }).fill(email);
  const row = staff.getByRole('row', { name: new RegExp(email) });
  await expect(row.getByText('Confirmada')).toBeVisible();
  await staff.getByLabel('Situação', { exact: true }).selectOption('pending');
  await expect(staff.getByText('Nenhum inscrito encontrado')).toBeVisible();
  await staff.getByLabel('Situação', { exact: true }).selectOption('confirmed');
  await expect(row).toBeVisible();
  const download = staff.waitForEvent('download');
  await staff.getByRole('button', { name: 'Exportar CSV' }).click();
  const csv = readFileSync((await (await download).path())!, 'utf8');
  expect(csv).toContain('email,situacao,versao_consentimento,pedido_em,confirmado_em,cancelado_em');
  expect(csv).toContain(`${email},Confirmada,2026-11,`);
  await staff.getByRole('button', { name: 'Enviar teste para mim' }).click();
  await expectToast(staff, 'Teste enviado para admin@portal.test.');
  const digest = await mailFor('admin@portal.test');
  expect(digest.subject).toBe('[Teste] As mais lidas da semana no Portal Pará');
  await expectNoAxeViolations(staff);
  await staff.close();

  // The mail's unsubscribe link.
  const unsubscribe = /^<([^>]+)>/.exec((await mailHeader(stackState().inboxUrl, mail.id, 'List-Unsubscribe'))!)![1]!;
  await page.goto(unsubscribe);
  await expect(page).toHaveURL(/\/newsletter\/cancelada$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inscrição cancelada');
});
