/**
 * Hostile public, round two (issue #32, finding 1), in Chromium: a producer's
 * body that once broke out of an attribute through the embed rewrite, once an
 * editor published it, with an editor's session present in the browser. It
 * must not run; page script must not reach the staff session; and the page's
 * CSP must refuse inline script even if markup got in some other way.
 */
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { createItem, updateItem } from '../../directus/scripts/lib/client.ts';
import { buildSite, startFrontServer } from '../../scripts/lib/stack.ts';
import { signIn, stackState } from './support.ts';
import { apiAs, removeNews, storyEditor, unique } from './admin-support.ts';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

const HOSTILE = [
  '<p>Texto da matéria.</p>',
  '<p><a title="<p>https://youtu.be/dQw4w9WgXcQ</p><img src=x onerror=window.__xss=1>" href="https://x.test">leia</a></p>',
  `<p><img src="/api/assets/0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d" alt='"><img src=x onerror=window.__xss=2>'></p>`,
  '<svg><p>svg</p><img src=x onload=window.__xss=3></svg><p>fim</p>',
].join('');

let server: Server | undefined;
let storyId: string | undefined;
test.afterAll(async () => {
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
  if (storyId) await removeNews(storyId);
});

test('a hostile body published by an editor does not run with a staff session open, and the page allows no inline script', async ({ page }) => {
  // A producer writes it; an editor publishes it (the path the attack took).
  const producer = await apiAs('producer');
  const draft = (await producer.request(createItem('news', { title: unique('XSS embed'), content: HOSTILE, status: 'pending' } as never))) as { id: string; slug: string };
  storyId = draft.id;
  const editor = await apiAs('editor');
  await editor.request(updateItem('news', draft.id, { status: 'published' } as never));

  const s = stackState();
  const outDir = path.join(path.dirname(s.siteDir), 'site-hostile-xss');
  await buildSite({ directusUrl: s.directusUrl, directusToken: s.siteReaderToken, outDir, siteUrl: s.siteUrl });
  server = await startFrontServer({ port: 0, siteDir: outDir, adminDir: s.adminDir, directusUrl: s.directusUrl });
  // Same host as the admin (cookies are per host, not per port): the editor's session goes along.
  const base = `http://localhost:${(server.address() as AddressInfo).port}`;

  await signIn(page, 'editor');
  const dialogs: string[] = [];
  page.on('dialog', async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  const response = await page.goto(`${base}/news/${draft.slug}`);
  const csp = response!.headers()['content-security-policy']!;
  expect(csp.split('; ').find((d) => d.startsWith('script-src'))).not.toContain("'unsafe-inline'");
  await expect(page.getByText('Texto da matéria.')).toBeVisible();
  await expect(page.getByText('fim', { exact: true })).toBeVisible();

  // Nothing of the body ran, and it left no element with an event handler.
  await page.waitForLoadState('load');
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  const handlers = await page.locator('article *').evaluateAll((els) => els.flatMap((e) => [...e.attributes].map((a) => a.name)).filter((n) => n.startsWith('on')));
  expect(handlers).toEqual([]);
  expect(await page.locator('article .prose-article a[title]').getAttribute('title')).toContain('<img src=x');
  expect(dialogs).toEqual([]);

  // Even markup injected some other way does not run: the CSP refuses inline handlers and scripts
  // (the browser reports each refusal, which is the state this waits for).
  await page.evaluate(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(e.effectiveDirective));
    document.body.insertAdjacentHTML('beforeend', '<img src="/nao-existe.png" onerror="window.__csp=1">');
    const script = document.createElement('script');
    script.textContent = 'window.__csp = 2';
    document.body.append(script);
  });
  await expect.poll(() => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations.length)).toBe(2);
  expect(await page.evaluate(() => (window as unknown as { __csp?: number }).__csp)).toBeUndefined();

  // And page script cannot reach the staff session: an httpOnly cookie, no token in storage.
  expect(await page.evaluate(() => document.cookie)).not.toContain('directus_session_token');
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(stored).not.toMatch(/access_token|refresh_token|eyJ/);
  const cookies = await page.context().cookies(base);
  expect(cookies.find((c) => c.name === 'directus_session_token')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
});

test('the admin preview gives no credentials to links or images of another site', async ({ page }) => {
  await signIn(page, 'editor');
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto('/admin/news');
  await page.getByRole('link', { name: 'Nova Notícia' }).click();
  const dialog = storyEditor(page, 'Nova Notícia');
  await dialog.getByLabel('Título').fill(unique('Prévia hostil'));
  // Pasted as HTML, as an API write or an import could hold it.
  await dialog.locator('[contenteditable="true"]').first().evaluate((el) => {
    const data = new DataTransfer();
    data.setData('text/html', '<p>Veja <a href="https://evil.test/api/assets/0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d">isto</a></p><p><img src="https://evil.test/api/assets/0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d"></p>');
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await dialog.getByRole('button', { name: 'Prévia como na página pública' }).click();
  const html = await dialog.getByTestId('body-preview').innerHTML();
  expect(html).not.toContain('access_token');
  expect(html).not.toContain('<img');
  expect(requests.filter((u) => u.includes('evil.test'))).toEqual([]);
});
