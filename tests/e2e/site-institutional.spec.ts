/**
 * Issue #34, items 10 and 11: the footer's Sobre nós, Expediente and Contato
 * lead to real pages whose text the super_admin edits; the copyright year is
 * the current one; the radio and TV cards claim nothing that is not so; the
 * privacy page reads as Portuguese (no "e10 TOPs", "em7 dias", "paracontato@").
 */
import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { readItems, updateItem } from '../../directus/scripts/lib/client.ts';
import { belemYear } from '@portal/domain/dates';
import { SITE_WIDE } from '@portal/domain/build-contract';
import { DEFAULT_SETTINGS } from '@portal/domain/settings';
import { Releases } from '@portal/builder/releases';
import { buildTargeted } from '@portal/builder/site-build';
import { startFrontServer } from '@portal/edge/front-server';
import { adminApi, failOnPageErrors, signIn, stackState } from './support.ts';
import { expectToast } from './admin-support.ts';
import { expectNoAxeViolations, publishedNews } from './site-support.ts';

test('the footer leads to Sobre nós, Expediente and Contato; the year is this year; the cards claim only what is true', async ({ page }) => {
  const noErrors = failOnPageErrors(page);
  await page.goto('/');
  const footer = page.locator('footer');
  await expect(footer).toContainText(`© ${belemYear(new Date())} `);
  // The sidebar: no "ON AIR" on a radio nobody is playing, no "AO VIVO" without a broadcast.
  await expect(page.getByText('ON AIR')).toHaveCount(0);
  const tv = page.getByRole('region', { name: 'TV Web' });
  await expect(tv.getByText('Sem transmissão ao vivo no momento')).toBeVisible();
  await expect(tv.getByText('AO VIVO', { exact: true })).toBeHidden();
  const institutional = page.getByRole('navigation', { name: 'Institucional' });
  for (const [name, url, first] of [
    ['Sobre nós', '/sobre', DEFAULT_SETTINGS.page_about.split('\n\n')[0]!],
    ['Expediente', '/expediente', DEFAULT_SETTINGS.page_masthead.split('\n\n')[0]!],
    ['Contato', '/contato', DEFAULT_SETTINGS.page_contact.split('\n\n')[0]!],
  ] as const) {
    await page.goto('/');
    await institutional.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${url}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.locator('article')).toContainText(first);
    await expect(page).toHaveTitle(new RegExp(`^${name} \\| `));
  }
  // Contato also gives the portal's contact lines.
  await expect(page.locator('article').getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  await expectNoAxeViolations(page);
  noErrors();
});

test('the privacy page reads as Portuguese: no number glued to a word', async ({ page }) => {
  await page.goto('/privacidade');
  const text = (await page.locator('article').innerText()).replace(/\s+/g, ' ');
  expect(text).toMatch(/de uma mesma notícia e \d+ TOPs por minuto/);
  expect(text).toMatch(/apagados em \d+ dias/);
  expect(text).toMatch(/escreva para \S+@/);
  // A letter glued to a number or a number to a word (BR-316, 13.709/2018 and 10h are not).
  expect(text.match(/(?<![\p{L}\d/.-])\p{L}+\d+(?![\d/.-])|(?<![\p{L}\d])\d+\p{L}{3,}/gu) ?? []).toEqual([]);
});

test('the super_admin edits "Sobre nós" in Configurações and the rebuilt page shows it', async ({ page }) => {
  test.setTimeout(180_000);
  const s = stackState();
  const api = adminApi();
  const [stored] = (await api.request(readItems('settings', { filter: { key: { _eq: 'page_about' } }, fields: ['key', 'value'] }))) as Array<{ value: string | null }>;
  const text = `Somos a redação do Portal Pará, teste ${Date.now()}.`;
  const channel = `https://whatsapp.com/channel/teste${Date.now()}`;
  // Releases of their own: the suite's site copied with hard links, then the live pipeline's
  // real targeted build of a site-wide change (what a settings write asks the builder for) over it.
  const root = mkdtempSync(path.join(path.dirname(s.siteDir), 'institutional-'));
  const releases = new Releases(root);
  const before = releases.prepare();
  execFileSync('cp', ['-al', `${s.siteDir}/.`, before]);
  releases.activate(before);
  const front = await startFrontServer({ port: 0, siteDir: releases.current, adminDir: s.adminDir, directusUrl: s.directusUrl });
  const site = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  try {
    await signIn(page, 'super_admin');
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: 'Páginas institucionais' })).toBeVisible();
    await page.getByLabel('Sobre nós (/sobre)').fill(`${text}\n\nSegundo parágrafo.`);
    // The newsroom's WhatsApp channel in the same save (issue #29).
    await page.getByLabel('Canal no WhatsApp').fill(channel);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'Sucesso', 'Configurações salvas com sucesso!');
    const after = await buildTargeted(SITE_WIDE, null, releases, { directusUrl: s.directusUrl, directusToken: s.siteReaderToken, siteUrl: s.siteUrl });
    releases.activate(after);
    await page.goto(`${site}/sobre`);
    const paragraphs = page.locator('article p');
    await expect(paragraphs.first()).toHaveText(text);
    await expect(paragraphs.nth(1)).toHaveText('Segundo parágrafo.');
    // "Siga no WhatsApp": in the rebuilt footer, and on a story built before (brought in by /live.json).
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Siga no WhatsApp' })).toHaveAttribute('href', channel);
    const [story] = await publishedNews();
    await page.goto(`${site}/news/${story!.slug}`);
    await expect(page.getByTestId('follow-whatsapp').getByRole('link', { name: 'Siga no WhatsApp' })).toHaveAttribute('href', channel);
  } finally {
    await api.request(updateItem('settings', 'whatsapp_channel_url', { value: '' }));
    await api.request(updateItem('settings', 'page_about', { value: stored?.value ?? DEFAULT_SETTINGS.page_about }));
    await new Promise((r) => front.close(r));
    rmSync(root, { recursive: true, force: true });
  }
});
