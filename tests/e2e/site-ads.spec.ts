/**
 * Issue #34: every ad type and position the form offers appears where a
 * reader sees it (decision 055). The ads are made through the API, the live
 * pipeline's own build for an ads change (LIVE_ONLY: /live.json and the pages
 * that are not stories) is laid over a copy of the suite's site, and the
 * public pages are read in a browser: the banner under the header and above
 * the footer, the sidebar (house ad and AdSense), the ad inside a story (a
 * story page built before the ad, reached by /live.json) and the popup.
 *
 * The ads are real rows in the shared database, read by the build as readers
 * read them (current window only). So that another test's pages do not show
 * them (a popup would cover its buttons), their window closes 90 s after they
 * are made, they are deleted as soon as the build has read them, and this
 * browser's clock is held inside the window.
 */
import { expect, test, type Page } from '@playwright/test';
import { createItems, deleteItems } from '../../directus/scripts/lib/client.ts';
import { adFactory } from '../../directus/seed/factories.ts';
import { LIVE_ONLY } from '@portal/domain/build-contract';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Releases } from '@portal/builder/releases';
import { buildTargeted } from '@portal/builder/site-build';
import { startFrontServer } from '@portal/edge/front-server';
import { adminApi, failOnPageErrors, stackState } from './support.ts';
import { expectNoAxeViolations, publishedNews } from './site-support.ts';

const CLIENT = 'ca-pub-2026000000000034';

/** Top edge of an element on the page. */
const top = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!.y;

test('every ad type and position the form offers appears where a reader sees it', async ({ page }) => {
  test.setTimeout(180_000);
  const s = stackState();
  const api = adminApi();
  const tag = `${Date.now().toString(36)}`;
  const text = {
    bannerTop: `Faixa do topo ${tag}`,
    bannerBottom: `Faixa do rodapé ${tag}`,
    sidebar: `Lateral ${tag}`,
    inline: `Na notícia ${tag}`,
    popup: `Janela ${tag}`,
  };
  const madeAt = Date.now();
  const WINDOW = { start_date: new Date(madeAt - 86_400_000).toISOString(), end_date: new Date(madeAt + 90_000).toISOString() };
  const root = mkdtempSync(path.join(path.dirname(s.siteDir), 'ads-'));
  const releases = new Releases(root);
  const before = releases.prepare();
  execFileSync('cp', ['-al', `${s.siteDir}/.`, before]);
  releases.activate(before);
  const ads = (await api.request(
    createItems('ads', [
      // The form's defaults: banner, top.
      adFactory({ title: `Banner topo ${tag}`, ad_type: 'banner', position: 'top', content: `<p>${text.bannerTop}</p>`, link_url: 'https://example.com/topo', ...WINDOW }),
      adFactory({ title: `Banner rodapé ${tag}`, ad_type: 'banner', position: 'bottom', content: `<p>${text.bannerBottom}</p>`, ...WINDOW }),
      adFactory({ title: `Lateral ${tag}`, ad_type: 'sidebar', position: 'top', content: `<p>${text.sidebar}</p>`, ...WINDOW }),
      adFactory({ title: `AdSense ${tag}`, ad_type: 'google_adsense', position: 'bottom', content: null, google_ad_client: CLIENT, google_ad_slot: '3434', ...WINDOW }),
      adFactory({ title: `Inline ${tag}`, ad_type: 'inline', position: 'center', content: `<p>${text.inline}</p>`, ...WINDOW }),
      adFactory({ title: `Popup ${tag}`, ad_type: 'popup', position: 'center', content: `<p>${text.popup}</p>`, ...WINDOW }),
    ] as never),
  )) as Array<{ id: string; title: string }>;
  let front: Awaited<ReturnType<typeof startFrontServer>> | null = null;
  try {
    // What the live pipeline runs for an ads change.
    releases.activate(await buildTargeted(LIVE_ONLY, null, releases, { directusUrl: s.directusUrl, directusToken: s.siteReaderToken, siteUrl: s.siteUrl }));
  } finally {
    // Built: the rows are no longer needed (nor left for other tests' builds).
    await api.request(deleteItems('ads', ads.map((a) => a.id)));
  }
  try {
    front = await startFrontServer({ port: 0, siteDir: releases.current, adminDir: s.adminDir, directusUrl: s.directusUrl });
    const base = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
    const noErrors = failOnPageErrors(page);
    const adNetwork: string[] = [];
    await page.route('https://pagead2.googlesyndication.com/**', (r) => {
      adNetwork.push(r.request().url());
      return r.fulfill({ contentType: 'text/javascript', body: 'window.adsbygoogle = window.adsbygoogle || [];' });
    });
    await page.clock.setFixedTime(new Date(madeAt + 1_000));
    await page.goto(`${base}/`);

    // Popup: a modal dialog, once per visit, closed by "Fechar".
    const popup = page.getByRole('dialog', { name: 'Publicidade' });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText(text.popup);
    await expect(popup.getByRole('button', { name: 'Fechar' })).toBeFocused();
    await expectNoAxeViolations(page);
    await popup.getByRole('button', { name: 'Fechar' }).click();
    await expect(popup).toBeHidden();

    // Banners: under the header and above the footer, on every page.
    const bannerTop = page.getByRole('complementary', { name: 'Publicidade (faixa do topo)' });
    await expect(bannerTop.getByRole('link', { name: text.bannerTop })).toHaveAttribute('href', 'https://example.com/topo');
    await expect(bannerTop.getByRole('link', { name: text.bannerTop })).toHaveAttribute('target', '_blank');
    const bannerBottom = page.getByRole('complementary', { name: 'Publicidade (faixa do rodapé)' });
    await expect(bannerBottom).toContainText(text.bannerBottom);
    await expect(bannerBottom).toBeVisible();
    // Top to bottom: header, banner, page, banner, footer.
    const ys = await Promise.all(
      ['header', '[data-portal-ad-slot="banner-top"]', 'main', '[data-portal-ad-slot="banner-bottom"]', 'footer'].map((sel) => top(page, sel)),
    );
    expect([...ys].sort((a, b) => a - b)).toEqual(ys);
    expect(new Set(ys).size).toBe(ys.length);

    // Sidebar: the house ad at the top; AdSense at the bottom once the reader accepts.
    await expect(page.getByRole('complementary', { name: 'Publicidade (Topo)' })).toContainText(text.sidebar);
    const consent = page.getByRole('region', { name: 'Consentimento de cookies' });
    await expect(consent).toBeVisible();
    expect(adNetwork).toEqual([]);
    await consent.getByRole('button', { name: 'Aceitar' }).click();
    await expect.poll(() => adNetwork.length).toBe(1);
    expect(adNetwork[0]).toContain(`client=${CLIENT}`);
    const adsense = page.locator(`[data-portal-ad-slot="bottom"] ins.adsbygoogle[data-ad-client="${CLIENT}"]`);
    await expect(adsense).toHaveAttribute('data-ad-slot', '3434');
    expect(await adsense.evaluate((el) => !el.closest('[hidden]'))).toBe(true);
    await expectNoAxeViolations(page);

    // The same visit: the popup does not come back.
    await page.reload();
    await expect(bannerTop).toContainText(text.bannerTop);
    await expect(popup).toBeHidden();

    // A story built before the ad existed: the inline ad after its second paragraph, from /live.json.
    const [story] = await publishedNews();
    await page.goto(`${base}/news/${story!.slug}`);
    const inline = page.locator('article .prose-article').getByRole('complementary', { name: 'Publicidade (na notícia)' });
    await expect(inline).toContainText(text.inline);
    await expect(inline).toBeVisible();
    await expect(bannerTop).toContainText(text.bannerTop);
    await expectNoAxeViolations(page);
    noErrors();
  } finally {
    if (front) await new Promise((r) => front!.close(r));
    rmSync(root, { recursive: true, force: true });
  }
});
