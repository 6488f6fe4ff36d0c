/**
 * "Receber alertas" in Chromium (issue #29, item 3): never asked on first paint;
 * an invitation from the second story on; the consent text before the browser's
 * question; the subscription kept by the server and removed from the page; the
 * service worker registered at /alertas/, controlling no page.
 *
 * Chromium's push service (Google's, over the network) cannot be reached from
 * this machine, so where a subscription is made the page gets one from a stand-in
 * PushManager with well-formed keys; everything else (permission, worker, the
 * portal's routes and database) is real. The delivery side is proven against a
 * local RFC 8030 service in tests/api/push.test.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { readItems } from '../../directus/scripts/lib/client.ts';
import { builtContent, expectNoAxeViolations, publishedNews } from './site-support.ts';
import { expectAdminAxeClean, expectToast } from './admin-support.ts';
import { adminApi, failOnPageErrors, signIn, stackState } from './support.ts';

// A real P-256 point and 16-byte secret: the server checks their shape.
const KEYS = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };

/** The stand-in for the browser's push service (see above): subscribe, getSubscription and unsubscribe. */
async function standInPushService(page: Page, endpoint: string) {
  await page.addInitScript(
    ({ endpoint, keys }) => {
      let current: object | null = null;
      const make = () => ({
        endpoint,
        options: {},
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => ((current = null), true),
      });
      PushManager.prototype.subscribe = async function () {
        current = make();
        return current as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return current as PushSubscription | null;
      };
    },
    { endpoint, keys: KEYS },
  );
}

/** Alerts' code loads when the reader reaches a box (alerts-loader.ts): scroll to the footer's, and wait for it. */
async function reachFooterBox(page: Page) {
  await page.locator('footer').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('alerts-footer').getByRole('button', { name: /Receber alertas|Parar alertas/ })).toBeVisible();
}

const stored = async (endpoint: string) =>
  (await adminApi().request(readItems('push_subscriptions', { filter: { endpoint: { _eq: endpoint } }, fields: ['endpoint', 'consent_version'] }))) as Array<{ endpoint: string; consent_version: string }>;

test('no question on first paint: no alerts code, no worker; the footer offers alerts once reached, the invitation waits for a second story', async ({ page }) => {
  const noErrors = failOnPageErrors(page);
  // Pages of the build (not stories published later by other specs): the site serves these.
  const [first, second] = await publishedNews();
  const loaded: string[] = [];
  page.on('request', (r) => {
    if (/\/_astro\/alerts\.[^/]*\.js$/.test(r.url())) loaded.push(r.url());
  });
  await page.goto(`/news/${first!.slug}/`);
  await page.waitForLoadState('networkidle');
  expect(loaded, 'alerts code before the reader reaches a box').toEqual([]);
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  await reachFooterBox(page);
  expect(loaded).toHaveLength(1);
  await expect(page.getByTestId('alerts-invite')).toBeHidden();
  await page.goto(`/news/${second!.slug}/`);
  await page.locator('[data-alerts-slot]').first().scrollIntoViewIfNeeded();
  const invite = page.getByTestId('alerts-invite');
  await expect(invite.getByRole('heading', { name: 'Quer saber primeiro? Receba alertas de notícias urgentes neste navegador.' })).toBeVisible();
  // Declined: gone, and not back on the next visit.
  await invite.getByRole('button', { name: 'Receber alertas' }).click();
  await invite.getByRole('button', { name: 'Agora não' }).click();
  await expect(invite).toBeHidden();
  await page.reload();
  await reachFooterBox(page);
  await expect(page.getByTestId('alerts-invite')).toBeHidden();
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  noErrors();
});

test("the consent comes before the browser's question; a blocked browser is told how to allow", async ({ page, context }) => {
  await context.clearPermissions();
  const [story] = await publishedNews();
  await page.goto(`/news/${story!.slug}/`);
  await reachFooterBox(page);
  const footer = page.getByTestId('alerts-footer');
  await footer.getByRole('button', { name: 'Receber alertas' }).click();
  await expect(footer.getByText(/Aceito receber neste navegador alertas de notícias urgentes do portal/)).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute('href', '/privacidade#alertas');
  await expectNoAxeViolations(page);
  // The reader (or the browser) says no to the browser's question.
  await page.evaluate(() => (Notification.requestPermission = async () => 'denied'));
  await footer.getByRole('button', { name: 'Ativar alertas' }).click();
  await expect(footer.getByText('Os alertas estão bloqueados neste navegador. Para receber, permita as notificações deste site nas configurações do navegador.')).toBeVisible();
});

test('a reader turns alerts on (consent kept by the server) and off again from the page; the worker controls no page', async ({ page, context }) => {
  const noErrors = failOnPageErrors(page);
  await context.grantPermissions(['notifications']);
  const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Date.now().toString(36)}`;
  await standInPushService(page, endpoint);
  await page.goto('/');
  await reachFooterBox(page);
  const footer = page.getByTestId('alerts-footer');
  await footer.getByRole('button', { name: 'Receber alertas' }).click();
  await footer.getByRole('button', { name: 'Ativar alertas' }).click();
  await expect(footer.getByText('Pronto: você vai receber os alertas de notícias urgentes neste navegador.')).toBeVisible();
  await expect(footer.getByRole('button', { name: 'Parar alertas' })).toBeVisible();
  expect(await stored(endpoint)).toEqual([{ endpoint, consent_version: '2026-11' }]);
  // Registered for /alertas/ only: this page (and every other) stays uncontrolled, served as built.
  const worker = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration('/alertas/');
    return { scope: reg?.scope, controlled: !!navigator.serviceWorker.controller };
  });
  expect(worker).toEqual({ scope: `${new URL(page.url()).origin}/alertas/`, controlled: false });
  await page.reload();
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(false);

  await reachFooterBox(page);
  await page.getByTestId('alerts-footer').getByRole('button', { name: 'Receber alertas' }).click();
  await page.getByTestId('alerts-footer').getByRole('button', { name: 'Ativar alertas' }).click();
  await page.getByTestId('alerts-footer').getByRole('button', { name: 'Parar alertas' }).click();
  await expect(page.getByTestId('alerts-footer').getByText('Alertas desativados neste navegador.')).toBeVisible();
  await expect.poll(async () => (await stored(endpoint)).length).toBe(0);
  noErrors();
});

test('an editor sends a live story as an alert after seeing how many will get it; a producer is offered none', async ({ page, browser }) => {
  const noErrors = failOnPageErrors(page);
  const { directusUrl } = stackState();
  // One reader subscribed (the push service itself is out of reach from here: its delivery is counted as failed).
  const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-editor-${Date.now().toString(36)}`;
  const sub = await fetch(`${directusUrl}/portal/push/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ subscription: { endpoint, keys: KEYS }, consent: '2026-11' }),
  });
  expect(sub.status).toBe(200);
  try {
    const [story] = (await builtContent(directusUrl, stackState().adminToken)).published;
    await signIn(page, 'editor');
    await page.goto(`/admin/news/${story!.id}`);
    await page.getByRole('button', { name: 'Enviar alerta' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Enviar alerta aos leitores' });
    await expect(dialog.getByText(/^O alerta vai para \d+ (leitor inscrito|leitores inscritos)\. Restam \d alertas? de 3 nesta hora\.$/)).toBeVisible();
    await expectAdminAxeClean(page);
    await dialog.getByRole('button', { name: 'Enviar alerta' }).click();
    await expectToast(page, 'Sucesso', 'Alerta enviado para');
    noErrors();

    const producer = await browser.newPage();
    await signIn(producer, 'producer');
    await producer.goto('/admin/news');
    await expect(producer.getByRole('heading', { name: 'Gerenciar Notícias' })).toBeVisible();
    await expect(producer.getByRole('button', { name: 'Alerta da mensagem urgente' })).toHaveCount(0);
    await producer.close();
  } finally {
    await fetch(`${directusUrl}/portal/push/unsubscribe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ endpoint }) });
  }
});
