/** Helpers for the admin e2e specs: arranging data as super_admin, a TOTP generator and toasts. */
import { createHmac } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { createItem, createUser, deleteItem, readItems, signedIn } from '../../directus/scripts/lib/client.ts';
import { ROLE_IDS } from '../../directus/access/ids.ts';
import { newsFactory, type NewsInput } from '../../directus/seed/factories.ts';
import type { Role } from '@portal/domain/roles';
import { adminApi, DEMO, DEMO_PASSWORD, stackState } from './support.ts';

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The spec's sidebar table (section 2 + 6), written out rather than derived, so a domain slip shows. */
export const SIDEBAR: Record<Role, string[]> = {
  super_admin: ['Dashboard', 'Notícias', 'Categorias', 'Municípios', 'Eventos', 'Perfis', 'Publicidade', 'Rádio Web', 'TV Web', 'Relatórios', 'Configurações'],
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

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits), what authenticator apps compute. */
export function totp(secret: string, now = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const bytes = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000)));
  const h = createHmac('sha1', bytes).update(counter).digest();
  const o = h[h.length - 1]! & 15;
  return String((h.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A toast with the spec's title and message. */
export async function expectToast(page: Page, title: string, message?: string) {
  const region = page.getByRole('region', { name: 'Notificações' });
  const toast = region.locator('div[role="status"], div[role="alert"]').filter({ hasText: title });
  if (message) await expect(toast.filter({ hasText: message }).first()).toBeVisible();
  else await expect(toast.first()).toBeVisible();
}

export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Menu administrativo' });
