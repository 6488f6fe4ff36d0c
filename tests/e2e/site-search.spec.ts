/**
 * Search between full builds (domain/src/search-delta.ts): the page merges the
 * recent index a targeted build wrote, shows each story once and drops the
 * ones taken down since. Real builds of the live pipeline into releases of
 * this test's own (a full build, then a targeted one), served on their own port.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { updateItem } from '../../directus/scripts/lib/client.ts';
import { parseDelta, storyUrl } from '@portal/domain/search-delta';
import { Releases } from '@portal/builder/releases';
import { buildFull, buildTargeted } from '@portal/builder/site-build';
import { startFrontServer } from '@portal/edge/front-server';
import { adminApi, stackState } from './support.ts';
import { arrangeNews, removeNews } from './admin-support.ts';

test('the search page merges the recent index of a targeted build: each story once, the ones taken down gone', async ({ page }) => {
  test.setTimeout(240_000);
  const s = stackState();
  const api = adminApi();
  // A word only these two stories carry, so the results are exactly theirs.
  const word = `igarape${Date.now().toString(36)}`;
  const publishedAt = new Date(Date.now() - 60_000).toISOString();
  const [kept, gone] = (await Promise.all(
    ['kept', 'gone'].map((k) =>
      arrangeNews({ title: `Igarapé ${word} ${k}`, content: `Reportagem sobre o ${word}.`, status: 'published', published_at: publishedAt }),
    ),
  )) as [Awaited<ReturnType<typeof arrangeNews>>, Awaited<ReturnType<typeof arrangeNews>>];

  const root = mkdtempSync(path.join(path.dirname(s.siteDir), 'search-'));
  const releases = new Releases(root);
  const o = { directusUrl: s.directusUrl, directusToken: s.siteReaderToken, siteUrl: s.siteUrl };
  const front = await startFrontServer({ port: 0, siteDir: releases.current, adminDir: s.adminDir, directusUrl: s.directusUrl });
  const base = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  const search = async () => {
    await page.goto(`${base}/busca?q=${word}`);
    await expect(page.getByText(new RegExp(`\\d+ resultados? para "${word}"`))).toBeVisible();
    return page.locator('#search-results li h2 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  };
  try {
    // Both stories are in the full index.
    releases.activate(await buildFull(releases, o));
    expect((await search()).sort()).toEqual([`/news/${gone.slug}`, `/news/${kept.slug}`].sort());
    // Then one is edited (so it is in both indexes) and one is taken down, and a publish's targeted build runs.
    await api.request(updateItem('news', kept.id, { summary: `Resumo revisto sobre o ${word}.` }));
    await api.request(updateItem('news', gone.id, { status: 'draft' }));
    releases.activate(await buildTargeted({ full: false, news: [kept.id, gone.id], slugs: [kept.slug, gone.slug] }, null, releases, o));
    const delta = parseDelta(readFileSync(path.join(releases.current, 'search-delta.json'), 'utf8'));
    expect(delta?.recent).toBe(true);
    expect(delta?.removed).toContain(storyUrl(gone.slug));
    const recent: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/pagefind-recent/fragment/')) recent.push(r.url());
    });
    // The edited story is listed once (its recent record), the one taken down not at all.
    expect(await search()).toEqual([`/news/${kept.slug}`]);
    await expect(page.locator('#search-status')).toHaveText(`1 resultado para "${word}"`);
    expect(recent.length, 'o resultado veio do índice recente').toBeGreaterThan(0);
  } finally {
    await Promise.all([removeNews(kept.id), removeNews(gone.id)]);
    await new Promise((r) => front.close(r));
    rmSync(root, { recursive: true, force: true });
  }
});

test('a full index split in parts is searched whole: stories in different parts are all found', async ({ page }) => {
  test.setTimeout(240_000);
  const s = stackState();
  const word = `furo${Date.now().toString(36)}`;
  // Far apart in time, so the parts (slices of the newest-first list) hold them apart.
  const ages = [1, 40, 400].map((days) => new Date(Date.now() - days * 86_400_000).toISOString());
  const stories = await Promise.all(
    ages.map((at, i) => arrangeNews({ title: `Furo ${word} ${i}`, content: `Apuração sobre o ${word}.`, status: 'published', scheduled_at: at })),
  );
  const root = mkdtempSync(path.join(path.dirname(s.siteDir), 'search-parts-'));
  const releases = new Releases(root);
  const front = await startFrontServer({ port: 0, siteDir: releases.current, adminDir: s.adminDir, directusUrl: s.directusUrl });
  const base = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  const before = process.env.PORTAL_SEARCH_SHARD_SIZE;
  process.env.PORTAL_SEARCH_SHARD_SIZE = '3';
  try {
    releases.activate(await buildFull(releases, { directusUrl: s.directusUrl, directusToken: s.siteReaderToken, siteUrl: s.siteUrl }));
    const parts = parseDelta(readFileSync(path.join(releases.current, 'search-delta.json'), 'utf8'))!.parts;
    expect(parts).toBeGreaterThan(2);
    expect(existsSync(path.join(releases.current, `pagefind-${parts}`, 'pagefind-entry.json'))).toBe(true);
    const folders = new Set<string>();
    page.on('request', (r) => {
      const m = /^\/(pagefind(?:-\d+)?)\/fragment\//.exec(new URL(r.url()).pathname);
      if (m) folders.add(m[1]!);
    });
    await page.goto(`${base}/busca?q=${word}`);
    await expect(page.locator('#search-status')).toHaveText(`3 resultados para "${word}"`);
    const found = await page.locator('#search-results li h2 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(found.sort()).toEqual(stories.map((n) => `/news/${n.slug}`).sort());
    expect(folders.size, 'os resultados vieram de partes diferentes do índice').toBeGreaterThan(1);
  } finally {
    if (before === undefined) delete process.env.PORTAL_SEARCH_SHARD_SIZE;
    else process.env.PORTAL_SEARCH_SHARD_SIZE = before;
    await Promise.all(stories.map((n) => removeNews(n.id)));
    await new Promise((r) => front.close(r));
    rmSync(root, { recursive: true, force: true });
  }
});
