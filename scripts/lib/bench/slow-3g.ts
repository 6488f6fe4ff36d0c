/**
 * Islands on a slow phone network (issue #34 item 3): Chromium (playwright-core)
 * throttled through CDP to 400 ms latency and 400 kbps each way, cache off
 * (a first visit), against the front server as `npm start` runs it. For each
 * page: when the text is painted (first contentful paint) and when its
 * islands can be used — on the story, TOP and Compartilhar enabled; on the
 * home page, the municipality filter of Últimas Notícias. Goal ≤ 4 s.
 * Measured twice: as a browser asks (Accept-Encoding with br and gzip) and
 * with compression refused (Accept-Encoding: identity), the server before #34.
 */
import { chromium, type Page } from 'playwright-core';

export const SLOW_3G = { offline: false, latency: 400, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8 };
export const ISLANDS_GOAL_MS = 4_000;

export type Slow3gTiming = { page: string; encoding: 'browser' | 'identity'; textMs: number; islandsMs: number; scriptKb: number };

/** When the islands a page needs are ready (performance.now() in the page), or null while not. Plain functions: the CSP forbids eval. */
const READY: Record<string, () => number | null> = {
  article: () => {
    const bs = [...document.querySelectorAll('article button')] as HTMLButtonElement[];
    const top = bs.find((b) => /TOP/.test(b.textContent ?? ''));
    const share = bs.find((b) => /Compartilhar/.test(b.textContent ?? ''));
    return top && share && !top.disabled && !share.disabled ? performance.now() : null;
  },
  home: () => {
    const s = document.querySelector('select');
    return s && !s.disabled ? performance.now() : null;
  },
};

/** Polled from here (page.evaluate runs under the page's CSP; waitForFunction would need eval). */
async function readyAt(page: Page, name: string, timeoutMs = 60_000): Promise<number> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const at = await page.evaluate(READY[name]!).catch(() => null);
    if (at !== null) return at;
    if (Date.now() > until) throw new Error(`${name}: ilhas não ficaram prontas em ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function measure(page: Page, name: string, url: string, encoding: Slow3gTiming['encoding']): Promise<Slow3gTiming> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  if (encoding === 'identity') await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
  let scriptBytes = 0;
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number; requestId: string }) => {
    if (scripts.has(e.requestId)) scriptBytes += e.encodedDataLength;
  });
  const scripts = new Set<string>();
  cdp.on('Network.responseReceived', (e: { requestId: string; type: string }) => {
    if (e.type === 'Script') scripts.add(e.requestId);
  });
  await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
  // The story's islands hydrate on load (client:only); the home's when seen (client:visible): scroll them in.
  if (name === 'home') await page.locator('#latest-title').scrollIntoViewIfNeeded({ timeout: 60_000 });
  const islandsMs = await readyAt(page, name);
  const textMs = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1);
  await cdp.detach();
  return { page: name, encoding, textMs: Math.round(textMs), islandsMs: Math.round(islandsMs), scriptKb: +(scriptBytes / 1024).toFixed(1) };
}

export async function slow3gIslands(o: { siteUrl: string; articleSlug: string; log?: (s: string) => void }): Promise<Slow3gTiming[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const out: Slow3gTiming[] = [];
  try {
    for (const encoding of ['browser', 'identity'] as const) {
      for (const [name, url] of [
        ['article', `${o.siteUrl}/news/${o.articleSlug}/`],
        ['home', `${o.siteUrl}/`],
      ] as const) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'pt-BR' });
        const page = await context.newPage();
        const t = await measure(page, name, url, encoding);
        o.log?.(`3G lento, ${name} (${encoding === 'browser' ? 'br/gzip' : 'sem compressão'}): texto ${t.textMs} ms, ilhas ${t.islandsMs} ms, scripts ${t.scriptKb} KB`);
        out.push(t);
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return out;
}
