/** Helpers for the admin e2e specs: arranging data as super_admin, a TOTP generator and toasts. */
import { expect, type Page } from '@playwright/test';
import { createItem, createUser, deleteItem, readItems, signedIn } from '../../directus/scripts/lib/client.ts';
import { ROLE_IDS } from '../../directus/access/ids.ts';
import { newsFactory, type NewsInput } from '../../directus/seed/factories.ts';
import type { Role } from '@portal/domain/roles';
import { adminApi, DEMO, DEMO_PASSWORD, stackState } from './support.ts';

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The spec's sidebar table (section 2 + 6), written out rather than derived, so a domain slip shows. */
export const SIDEBAR: Record<Role, string[]> = {
  super_admin: ['Dashboard', 'Notícias', 'Categorias', 'Municípios', 'Eventos', 'Perfis', 'Publicidade', 'Rádio Web', 'TV Web', 'Relatórios', 'Newsletter', 'Configurações'],
  editor: ['Dashboard', 'Notícias', 'Categorias', 'Eventos', 'Rádio Web', 'TV Web', 'Relatórios'],
  producer: ['Dashboard', 'Notícias'],
};

export async function userIdOf(email: string): Promise<string> {
  const rows = (await adminApi().request(readItems('profiles', { filter: { email: { _eq: email } }, fields: ['user_id'] }))) as Array<{ user_id: string }>;
  return rows[0]!.user_id;
}

export async function arrangeNews(overrides: NewsInput = {}) {
  return (await adminApi().request(createItem('news', newsFactory(overrides) as never))) as { id: string; title: string; slug: string };
}

export async function removeNews(id: string) {
  await adminApi().request(deleteItem('news', id)).catch(() => undefined);
}

/** A signed-in SDK client as a demo role, to prove the server refuses what the UI hides. */
export const apiAs = (role: keyof typeof DEMO) => signedIn(stackState().directusUrl, DEMO[role], DEMO_PASSWORD);

/** A throwaway staff account (for flows that change the account, like two-factor sign-in). */
export async function arrangeStaff(role: Role, password = 'senha-teste-2026') {
  const email = `${unique('staff').replace(/\s+/g, '-').toLowerCase()}@portal.test`;
  const user = (await adminApi().request(createUser({ email, password, role: ROLE_IDS[role], first_name: 'Pessoa', last_name: 'Teste', status: 'active' }))) as { id: string };
  return { id: user.id, email, password };
}

/** A toast with the spec's title and message. */
export async function expectToast(page: Page, title: string, message?: string) {
  const region = page.getByRole('region', { name: 'Notificações' });
  const toast = region.locator('div[role="status"], div[role="alert"]').filter({ hasText: title });
  if (message) await expect(toast.filter({ hasText: message }).first()).toBeVisible();
  else await expect(toast.first()).toBeVisible();
}

export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Menu administrativo' });
