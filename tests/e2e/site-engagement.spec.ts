/** Public site: likes, views, sharing, live ads and the LGPD consent for AdSense. */
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { topCount } from '@portal/domain/engagement';
import { readItems } from '../../directus/scripts/lib/client.ts';
import { adminApi, failOnPageErrors } from './support.ts';
import { publishedNews } from './site-support.ts';

test.describe('engagement', () => {
  test('the like toggles "TOP" / "1 TOP" / "n TOPs" and survives a reload', async ({ page }) => {
    const noErrors = failOnPageErrors(page);
    const news = await publishedNews();
    const n = news[news.length - 1]!;
    await page.goto(`/news/${n.slug}`);
    const like = page.getByTestId('like-button');
    await expect(like).toBeEnabled();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    const before = await page.request.get(`/api/portal/counts?ids=${n.id}`).then((r) => r.json());
    const likes0 = before[n.id].likes as number;
    await expect(like).toHaveText(likes0 > 0 ? topCount(likes0) : 'TOP');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toHaveText(topCount(likes0 + 1));
    await page.reload();
    await expect(page.getByTestId('like-button')).toBeEnabled();
    await expect(page.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('like-button')).toHaveText(topCount(likes0 + 1));
    await page.getByTestId('like-button').click();
    await expect(page.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('like-button')).toHaveText(likes0 > 0 ? topCount(likes0) : 'TOP');
    expect(await page.evaluate(() => localStorage.getItem('portal:session_id'))).toMatch(/^[0-9a-f-]{36}$/);
    noErrors();
  });

  test('a failed like shows the catalogue error toast', async ({ page }) => {
    const [n] = await publishedNews();
    await page.route('**/api/portal/likes', (r) => r.fulfill({ status: 500, json: { errors: [{ message: 'falha' }] } }));
    await page.goto(`/news/${n!.slug}`);
    await expect(page.getByTestId('like-button')).toBeEnabled();
    await page.getByTestId('like-button').click();
    await expect(page.getByRole('alert')).toContainText('Não foi possível processar sua curtida');
  });

  test('an article view is one call to the application: the view is recorded once', async ({ page }) => {
    const [, n] = await publishedNews();
    const views = () => page.request.get(`/api/portal/counts?ids=${n!.id}`).then(async (r) => (await r.json())[n!.id].views as number);
    const v0 = await views();
    const dynamic: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      // Images and shared, cacheable JSON (rankings, active ads) aside, what reaches the application.
      const shared = ['/api/portal/rankings'].includes(u.pathname) || u.pathname.startsWith('/api/assets/');
      if (u.pathname.startsWith('/api/') && !shared) dynamic.push(`${r.method()} ${u.pathname}`);
    });
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/portal/article-view') && r.request().method() === 'POST');
    await page.goto(`/news/${n!.slug}`);
    expect((await answered).status()).toBe(200);
    await expect.poll(views).toBe(v0 + 1);
    expect(dynamic).toEqual(['POST /api/portal/article-view']);
  });

  test('a visit from the WhatsApp link and one from another page of the portal are told apart (issue #29)', async ({ page }) => {
    const [a, b] = await publishedNews();
    const lastChannel = async (newsId: string) =>
      ((await adminApi().request(readItems('news_views', { filter: { news_id: { _eq: newsId } }, sort: ['-id'], limit: 1, fields: ['channel'] }))) as Array<{ channel: string }>)[0]?.channel;
    const viewed = () => page.waitForResponse((r) => r.url().endsWith('/api/portal/article-view') && r.request().method() === 'POST');
    let answered = viewed();
    await page.goto(`/news/${a!.slug}?utm_source=whatsapp&utm_medium=social`);
    expect((await answered).request().postDataJSON()).toMatchObject({ utm_source: 'whatsapp' });
    await expect.poll(() => lastChannel(a!.id)).toBe('whatsapp');
    // From the home page, a link to a story: the portal's own referrer goes as a path only.
    await page.goto('/');
    answered = viewed();
    await page.locator(`a[href*="/news/${b!.slug}"]:visible`).first().click();
    expect((await answered).request().postDataJSON()).toMatchObject({ referrer: '/' });
    await expect.poll(() => lastChannel(b!.id)).toBe('internal');
  });

  test('share without native share copies the link with the "Link copiado!" toast', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const [n] = await publishedNews();
    await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await page.goto(`/news/${n!.slug}`);
    await expect(page.getByRole('button', { name: 'Compartilhar' })).toBeEnabled();
    await page.getByRole('button', { name: 'Compartilhar' }).click();
    await expect(page.getByText('Link copiado!')).toBeVisible();
    await expect(page.getByText('O link da notícia foi copiado para a área de transferência')).toBeVisible();
    // Tagged with where it came from (issue #29).
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/news/${n!.slug}\\?utm_source=link&utm_medium=copy$`));
  });

  test('WhatsApp shares the headline and the tagged address, with no script needed (issue #29)', async ({ page }) => {
    const [n] = await publishedNews();
    await page.goto(`/news/${n!.slug}`);
    const link = page.getByRole('link', { name: 'Compartilhar no WhatsApp' });
    await expect(link).toBeVisible();
    const href = new URL((await link.getAttribute('href'))!);
    expect(href.origin + href.pathname).toBe('https://wa.me/');
    const text = href.searchParams.get('text')!;
    expect(text.split('\n')[0]).toBe(await page.getByRole('heading', { level: 1 }).innerText());
    expect(text.split('\n')[1]).toMatch(new RegExp(`/news/${n!.slug}\\?utm_source=whatsapp&utm_medium=social$`));
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
  });
});

test.describe('ads', () => {
  test('AdSense loads only after the reader accepts the consent banner', async ({ page }) => {
    const adNetwork: string[] = [];
    await page.route('https://pagead2.googlesyndication.com/**', (r) => {
      adNetwork.push(r.request().url());
      return r.fulfill({ contentType: 'text/javascript', body: 'window.adsbygoogle = window.adsbygoogle || [];' });
    });
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Consentimento de cookies' });
    await expect(banner).toBeVisible();
    // Until consent, the top slot shows a house ad, not the AdSense unit.
    await expect(page.locator('[data-portal-ad-slot="top"] ins.adsbygoogle')).toBeHidden();
    expect(adNetwork).toEqual([]);
    await banner.getByRole('button', { name: 'Aceitar' }).click();
    await expect(banner).toBeHidden();
    await expect.poll(() => adNetwork.length).toBe(1);
    expect(adNetwork[0]).toContain('client=ca-pub-');
    await page.reload();
    await expect(page.getByRole('region', { name: 'Consentimento de cookies' })).toBeHidden();
    // Consent can be withdrawn from the footer: the banner asks again.
    await page.getByRole('button', { name: 'Preferências de cookies' }).click();
    await expect(page.getByRole('region', { name: 'Consentimento de cookies' })).toBeVisible();
  });

  test('refusing keeps the ad network away', async ({ page }) => {
    const adNetwork: string[] = [];
    await page.route('https://pagead2.googlesyndication.com/**', (r) => (adNetwork.push(r.request().url()), r.abort()));
    await page.goto('/');
    await page.getByRole('button', { name: 'Recusar' }).click();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Consentimento de cookies' })).toBeHidden();
    // Wait for the page to settle (no request for 500 ms, polled by Playwright), not a fixed time.
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-portal-ad-slot="top"] ins.adsbygoogle')).toBeHidden();
    expect(adNetwork).toEqual([]);
  });
  // Settings and ads changed after the build reach old pages through /live.json: admin-content.spec.ts, with a real targeted build.
});

test.describe('budgets', () => {
  test('an article page ships at most 80 KB of JavaScript (gzip) and 300 KB in all', async ({ page }) => {
    const [n] = await publishedNews();
    const sizes: { url: string; type: string; gz: number }[] = [];
    page.on('response', async (r) => {
      if (r.url().includes('googlesyndication')) return;
      const body = await r.body().catch(() => null);
      if (!body) return;
      const type = r.request().resourceType();
      // Images are already compressed; text is counted as a server would send it gzipped.
      sizes.push({ url: r.url(), type, gz: type === 'image' ? body.length : gzipSync(body).length });
    });
    await page.goto(`/news/${n!.slug}`, { waitUntil: 'networkidle' });
    const js = sizes.filter((s) => s.type === 'script').reduce((a, s) => a + s.gz, 0);
    const all = sizes.reduce((a, s) => a + s.gz, 0);
    expect(
      js,
      `JS: ${sizes
        .filter((s) => s.type === 'script')
        .map((s) => `${s.url} ${s.gz}`)
        .join(', ')}`,
    ).toBeLessThanOrEqual(80 * 1024);
    expect(all).toBeLessThanOrEqual(300 * 1024);
  });
});
