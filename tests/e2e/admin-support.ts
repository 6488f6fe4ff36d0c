/** Helpers for the admin e2e specs: arranging data as super_admin, a TOTP generator, toasts, axe and tap targets. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { createItem, createUser, deleteItem, readItems, signedIn } from '../../directus/scripts/lib/client.ts';
import { ROLE_IDS } from '../../directus/access/ids.ts';
import { newsFactory, type NewsInput } from '../../directus/seed/factories.ts';
import type { Role } from '@portal/domain/roles';
import { adminApi, DEMO, DEMO_PASSWORD, stackState } from './support.ts';

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The spec's sidebar table (section 2 + 6), written out rather than derived, so a domain slip shows. */
// The spec's sidebar, plus the live coverages issue #30 adds for all staff and the health page issue #28 adds for super_admin.
export const SIDEBAR: Record<Role, string[]> = {
  super_admin: ['Dashboard', 'Notícias', 'Coberturas ao vivo', 'Categorias', 'Municípios', 'Eventos', 'Perfis', 'Publicidade', 'Rádio Web', 'TV Web', 'Relatórios', 'Newsletter', 'Saúde do portal', 'Configurações'],
  editor: ['Dashboard', 'Notícias', 'Coberturas ao vivo', 'Categorias', 'Eventos', 'Rádio Web', 'TV Web', 'Relatórios'],
  producer: ['Dashboard', 'Notícias', 'Coberturas ao vivo'],
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

/** The story editor page (issue #34: a page with its own address, no longer a dialog): its content, named by its heading. */
export const storyEditor = (page: Page, heading: 'Nova Notícia' | 'Editar Notícia' = 'Editar Notícia') =>
  page.getByRole('main').filter({ has: page.getByRole('heading', { level: 1, name: heading, exact: true }) });

const AXE = path.resolve('node_modules/axe-core/axe.min.js');

/**
 * axe-core on an admin screen: WCAG 2.0–2.2 A/AA (2.2 brings `target-size`,
 * 24 px or enough room around a target) and best practices, 0 violations.
 */
export async function expectAdminAxeClean(page: Page) {
  // Evaluated, not injected as a <script>: the admin's CSP (rightly) refuses inline scripts.
  await page.evaluate(readFileSync(AXE, 'utf8'));
  const violations = await page.evaluate(async () => {
    type Result = { violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> };
    const axe = (window as unknown as { axe: { run: (d: Document, o: object) => Promise<Result> } }).axe;
    // A bar stuck to the screen's bottom (the story's Cancelar/Atualizar) lies over whatever is scrolled
    // under it, a different part at each position: axe would count that as the covered controls' size.
    // During the run it sits where it is in the page, so every control, the bar's own included, is measured.
    const stuck = [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => {
      const s = getComputedStyle(el);
      return s.position === 'sticky' && s.bottom !== 'auto';
    });
    for (const el of stuck) el.style.position = 'static';
    try {
      const r = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] });
      return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
    } finally {
      for (const el of stuck) el.style.position = '';
    }
  });
  expect(violations, 'violações axe-core').toEqual([]);
}

/**
 * Controls smaller than `min` px (44 on a phone: WCAG 2.5.5, Apple and Android
 * guidance). A link inside running text is exempt (WCAG's inline exception);
 * a checkbox counts together with its label, which taps it too. Controls
 * inside `exclude` (a selector) are left out.
 */
export async function smallTapTargets(page: Page, min = 44, exclude?: string): Promise<string[]> {
  return page.evaluate(([min, exclude]) => {
    const out: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="switch"], [role="button"], [tabindex="0"]',
    );
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      // Not shown: inside a closed <details> (laid out, never painted) or a skip link until focused (1×1).
      if (!el.checkVisibility({ contentVisibilityAuto: true }) || (r.width <= 1 && r.height <= 1)) continue;
      if (exclude && el.closest(exclude)) continue;
      // The text around an inline link is its nearest non-inline ancestor's ("Por <strong><a>…</a></strong> · há 2 h").
      let block = el.parentElement;
      while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
      const inline = el.tagName === 'A' && getComputedStyle(el).display === 'inline' && (block?.textContent ?? '').trim().length > (el.textContent ?? '').trim().length;
      if (inline) continue;
      let box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      const label = el.matches('input[type="checkbox"], input[type="radio"]') ? (el.closest('label') ?? (el.id ? document.querySelector(`label[for="${el.id}"]`) : null)) : null;
      if (label) {
        const l = label.getBoundingClientRect();
        box = { left: Math.min(box.left, l.left), top: Math.min(box.top, l.top), right: Math.max(box.right, l.right), bottom: Math.max(box.bottom, l.bottom) };
      }
      const w = box.right - box.left;
      const h = box.bottom - box.top;
      if (w < min - 0.5 || h < min - 0.5) {
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
        out.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(w)}×${Math.round(h)}`);
      }
    }
    return out;
  }, [min, exclude] as const);
}

/** No page wider than the screen: nothing scrolls sideways. */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Every toast on screen is clear of every visible button and link (issue #34: a toast covered "Criar"). */
export async function expectToastsClearOfControls(page: Page) {
  const overlaps = await page.evaluate(() => {
    const toasts = [...document.querySelectorAll('[aria-label="Notificações"] > [role="status"], [aria-label="Notificações"] > [role="alert"]')].map((t) => t.getBoundingClientRect());
    const hits: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea')) {
      if (el.closest('[aria-label="Notificações"]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.bottom < 0 || r.top > innerHeight) continue;
      for (const t of toasts) {
        if (r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top) hits.push(el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName);
      }
    }
    return { toasts: toasts.length, hits };
  });
  expect(overlaps.toasts, 'toasts na tela').toBeGreaterThan(0);
  expect(overlaps.hits, 'controles cobertos por um toast').toEqual([]);
}
