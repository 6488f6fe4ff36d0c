/** Shared e2e helpers: where the stack is, signing in, and an admin API client for arranging data. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { tokenClient } from '../../directus/scripts/lib/client.ts';
import { mailsTo, type CaughtMail } from '../../scripts/lib/mail-catcher.ts';
export { linkIn } from '../../scripts/lib/mail-catcher.ts';

export const DEMO_PASSWORD = 'portal-demo-2026';
export const DEMO = {
  super_admin: 'admin@portal.test',
  editor: 'editor@portal.test',
  producer: 'produtor@portal.test',
} as const;

export function stackState(): { siteUrl: string; directusUrl: string; adminToken: string; siteReaderToken: string; siteDir: string; adminDir: string; inboxUrl: string } {
  return JSON.parse(readFileSync(path.resolve(process.env.E2E_DIR ?? '.cache/e2e', 'state.json'), 'utf8'));
}

/** Admin API client (bootstrap token) to arrange or inspect data behind the UI. */
export function adminApi() {
  const s = stackState();
  return tokenClient(s.directusUrl, s.adminToken);
}

export async function signIn(page: Page, role: keyof typeof DEMO) {
  await signInAs(page, DEMO[role], DEMO_PASSWORD);
}

/** Signs in through /auth with any account (a throwaway staff member, say). */
export async function signInAs(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin/);
}

/** Fails the test on any uncaught page error or console.error. */
export function failOnPageErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return () => expect(errors, 'erros no console da página').toEqual([]);
}

/** The newest mail the local inbox got for `address`, waiting up to 20 s for it to arrive. */
export async function mailFor(address: string): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(async () => (found = (await mailsTo(stackState().inboxUrl, address))[0]), { timeout: 20_000, message: `e-mail para ${address}` })
    .toBeTruthy();
  return found!;
}
