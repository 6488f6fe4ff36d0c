/**
 * `npm run bench -- --live` (issue #30): live coverage at the archive size the
 * issue names (100,000 stories by default), the pipeline as `npm start` runs
 * it (builder with its catch-up full builds, the front server in its own
 * process). A coverage with 2,000 entries; then:
 * - alone: each entry an editor publishes, timed until the coverage's feed and
 *   page carry it (the pipeline's goal: p95 ≤ 2 s);
 * - at once, for `minutes`: 1,000 open readers' pages polling the feed as the
 *   page does (every LIVE_POLL_MS, If-None-Match, each reader from its own
 *   loopback address and connection), the editor publishing an entry every
 *   20 s, the newsroom's rhythm (scripts/lib/bench/rhythm.ts) and the editor's
 *   admin list every 200 ms. An entry is on a reader's screen when that
 *   reader's poll brings it (goal p95 ≤ 10 s); most polls answer 304; the
 *   list's p95 ≤ 300 ms.
 * - the first paint of the 2,000-entry page (≤ 100 KB of HTML) and the live
 *   island's JavaScript in Chromium (≤ 10 KB gzip over an ordinary story's).
 */
import http from 'node:http';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Knex } from 'knex';
import { LIVE_POLL_MS, liveEntryAnchor, liveFeedPath } from '@portal/domain/live';
import { dbDate } from '../../../directus/extensions/shared/db-date.ts';
import { generateNews } from '../../../directus/seed/bulk-news.ts';
import { createItem, updateItem, type PortalClient } from '../../../directus/scripts/lib/client.ts';
import type { DirectusInstance } from '../stack.ts';
import { percentile } from './measure.ts';
import { startPipeline } from './pipeline.ts';
import { cpuUs, editorList } from './readers.ts';
import { runRhythm } from './rhythm.ts';

export const LIVE_GOALS = { screensP95Ms: 10_000, pipelineP95Ms: 2_000, editorP95Ms: 300, firstPaintHtmlKb: 100, islandJsGzipKb: 10 };

type Options = {
  knex: Knex;
  directus: DirectusInstance;
  admin: PortalClient;
  images: string[];
  authorIds: string[];
  news: number;
  readers: number;
  entries: number;
  minutes: number;
  work: string;
  siteUrl: string;
  builderToken: string;
  ports: { builder: number; front: number };
  db: string;
  log: (s: string) => void;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const stats = (xs: number[]) => ({ samples: xs.length, p50Ms: Math.round(percentile(xs, 50)), p95Ms: Math.round(percentile(xs, 95)), maxMs: Math.round(xs.length ? Math.max(...xs) : 0) });

/** One GET through `agent` (a reader's own address and connection), with the page's revalidation header. */
function get(url: string, agent: http.Agent | undefined, etag: string | null): Promise<{ status: number; etag: string | null; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { ...(etag ? { 'if-none-match': etag } : {}), 'cache-control': 'no-cache', 'accept-encoding': 'identity' }, timeout: 10_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: (res.headers.etag as string | undefined) ?? null, body }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

/** A coverage's 2,000 entries, written as the archive is (straight to the database, dated over the last days). */
async function fillCoverage(knex: Knex, newsId: string, n: number, authors: string[]) {
  const now = Date.now();
  for (let i = 0; i < n; i += 500) {
    const rows = Array.from({ length: Math.min(500, n - i) }, (_, j) => {
      const k = i + j;
      const at = new Date(now - (n - k) * 3 * 60_000);
      return {
        id: randomUUID(),
        news_id: newsId,
        body: `<p>Atualização ${k + 1}: a Defesa Civil informa a situação dos bairros e das vias às ${at.toISOString().slice(11, 16)}. Equipes seguem nas ruas; o nível do rio é acompanhado de hora em hora.</p>`,
        status: 'published',
        published_at: dbDate(knex, at),
        pinned: k === 3 || k === 10,
        image: null,
        image_caption: null,
        author_id: authors[k % authors.length],
        correction_note: k % 97 === 5 ? 'O horário informado antes estava errado.' : null,
        corrected_at: k % 97 === 5 ? dbDate(knex, at) : null,
        created_at: dbDate(knex, at),
        updated_at: dbDate(knex, at),
      };
    });
    await knex('news_live_entries').insert(rows);
  }
}

export async function liveBench(o: Options) {
  const { knex, log, siteUrl } = o;
  let t0 = Date.now();
  await generateNews(knex, o.news, { images: o.images, authorIds: o.authorIds });
  log(`${o.news} notícias publicadas em ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const coverage = (await o.admin.request(
    createItem('news', {
      title: 'Cheia do Tocantins em Marabá: acompanhe ao vivo',
      summary: 'O rio passou da cota de alerta; a Defesa Civil acompanha os bairros ribeirinhos.',
      content: 'A redação acompanha ao vivo a cheia do Tocantins em Marabá.',
      status: 'published',
    } as any),
  )) as { id: string; slug: string };
  await o.admin.request(updateItem('news', coverage.id, { live_status: 'live' } as any));
  await fillCoverage(knex, coverage.id, o.entries - 1, o.authorIds);

  log('build completo (como o npm start faz)…');
  const pipeline = await startPipeline({ work: o.work, name: 'live-site', directus: o.directus, siteUrl, builderToken: o.builderToken, ports: o.ports, admin: false, separateFront: true });
  log(`build completo: ${(pipeline.fullBuildMs / 1000).toFixed(1)} s`);
  const feedUrl = `${siteUrl}${liveFeedPath(coverage.slug)}`;
  const pageUrl = `${siteUrl}/news/${coverage.slug}/`;
  const login = (await fetch(`${o.directus.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'editor@portal.test', password: 'portal-demo-2026' }),
  }).then((r) => r.json())) as { data: { access_token: string } };
  const token = login.data.access_token;
  let seq = 0;
  /** The editor publishes an entry through the API, as the admin's desk does. */
  const publishEntry = async (): Promise<{ id: string; t0: number }> => {
    const t = Date.now();
    const res = await fetch(`${o.directus.url}/items/news_live_entries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ news_id: coverage.id, status: 'published', body: `<p>Medida ${++seq}: o rio subiu mais 4 cm na última hora.</p>` }),
    });
    const json = (await res.json()) as { data?: { id: string }; errors?: Array<{ message: string }> };
    if (!json.data) throw new Error(`atualização recusada: ${res.status} ${json.errors?.[0]?.message ?? ''}`);
    return { id: json.data.id, t0: t };
  };
  /** Until the feed and the page carry the entry (polled every 100 ms from 127.0.0.1). */
  const pipelineTime = async (e: { id: string; t0: number }) => {
    let feedMs: number | null = null;
    let pageMs: number | null = null;
    while ((feedMs === null || pageMs === null) && Date.now() - e.t0 < 120_000) {
      if (feedMs === null && (await get(feedUrl, undefined, null).catch(() => null))?.body.includes(e.id)) feedMs = Date.now() - e.t0;
      if (pageMs === null && (await get(pageUrl, undefined, null).catch(() => null))?.body.includes(liveEntryAnchor(e.id))) pageMs = Date.now() - e.t0;
      await sleep(100);
    }
    return { feedMs, pageMs };
  };

  // 1. The pipeline alone: one entry at a time.
  const alone: Array<{ feedMs: number | null; pageMs: number | null }> = [];
  for (let i = 0; i < 20; i++) {
    await pipeline.builder.idle();
    const r = await pipelineTime(await publishEntry());
    alone.push(r);
    log(`atualização ${i + 1}: feed ${r.feedMs} ms, página ${r.pageMs} ms`);
  }
  await pipeline.builder.idle();

  // 2. The first paint of a 2,000-entry coverage and the island's JavaScript, in Chromium.
  const page = await get(pageUrl, undefined, null);
  const firstPaint = { htmlKb: +(Buffer.byteLength(page.body) / 1024).toFixed(1), htmlGzipKb: +(gzipSync(page.body).length / 1024).toFixed(1) };
  const plainSlug = (await knex('news').where('status', 'published').whereNull('live_status').orderBy('published_at', 'desc').first('slug')).slug as string;
  const js = await javascriptOf([`${siteUrl}/news/${plainSlug}/`, pageUrl]);
  const island = { articleJsGzipKb: js[0]!, liveJsGzipKb: js[1]!, islandJsGzipKb: +(js[1]! - js[0]!).toFixed(1) };
  log(`primeira pintura: ${JSON.stringify(firstPaint)}; JavaScript: ${JSON.stringify(island)}`);

  // 3. Everything at once.
  let stop = false;
  const measured = new Map<string, number>();
  const screens: number[] = [];
  const polls = { total: 0, notModified: 0, ok: 0, errors: 0, retried: 0, other: 0, latency: [] as number[] };
  const reader = async (i: number) => {
    const address = `127.${10 + (i >> 16)}.${(i >> 8) & 255}.${(i & 255) || 1}`;
    const agent = new http.Agent({ keepAlive: true, localAddress: address, maxSockets: 1 } as http.AgentOptions);
    const seen = new Set<string>();
    let etag: string | null = null;
    await sleep(Math.random() * LIVE_POLL_MS);
    while (!stop) {
      const s = performance.now();
      try {
        // A connection the server closed just as the poll went out is retried once, as browsers do for a GET.
        const r: Awaited<ReturnType<typeof get>> = await get(feedUrl, agent, etag).catch(() => {
          polls.retried++;
          return get(feedUrl, agent, etag);
        });
        polls.total++;
        polls.latency.push(performance.now() - s);
        if (r.status === 304) polls.notModified++;
        else if (r.status === 200) {
          polls.ok++;
          etag = r.etag;
          for (const [id, at] of measured) {
            if (!seen.has(id) && r.body.includes(id)) {
              seen.add(id);
              screens.push(Date.now() - at);
            }
          }
        } else polls.other++;
      } catch {
        polls.total++;
        polls.errors++;
      }
      await sleep(LIVE_POLL_MS);
    }
    agent.destroy();
  };
  const pids: Record<string, number> = { 'bench (gerador de carga, editor, construtor)': process.pid, 'servidor da frente': pipeline.frontPid, Directus: o.directus.child.pid! };
  const cpu0 = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, cpuUs(pid)]));
  const idle = await editorList(o.directus.url, token, Date.now() + 3000);
  const readers = Array.from({ length: o.readers }, (_, i) => reader(i));
  const editorRun = editorList(o.directus.url, token, () => stop);
  log(`${o.readers} leitores abertos; ritmo da redação por ${o.minutes} min com uma atualização a cada 20 s…`);
  const rhythm = runRhythm({ siteUrl, client: o.admin, knex, minutes: o.minutes, log: () => {} });
  const underLoad: Array<{ feedMs: number | null; pageMs: number | null }> = [];
  const entriesRun = (async () => {
    const end = Date.now() + o.minutes * 60_000;
    const timing: Promise<void>[] = [];
    while (Date.now() < end) {
      const e = await publishEntry();
      measured.set(e.id, e.t0);
      timing.push(pipelineTime(e).then((r) => void underLoad.push(r)));
      await sleep(20_000);
    }
    await Promise.all(timing);
  })();
  const rhythmResult = await rhythm;
  await entriesRun;
  // The last entry's readers: one more poll interval and the pipeline's time.
  await sleep(LIVE_POLL_MS + 5000);
  stop = true;
  await Promise.all(readers);
  const editor = await editorRun;
  const cpuS = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, +((cpuUs(pid) - cpu0[k]!) / 1e6).toFixed(1)]));
  const expectedScreens = measured.size * o.readers;
  // Stopped, not awaited: a catch-up full build the rhythm caused may have minutes left (stopping ends it).
  await pipeline.stop();

  const feedAlone = alone.map((r) => r.feedMs).filter((x): x is number => x !== null);
  const pageAlone = alone.map((r) => r.pageMs).filter((x): x is number => x !== null);
  const feedLoad = underLoad.map((r) => r.feedMs).filter((x): x is number => x !== null);
  const out = {
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version, db: o.db, date: new Date().toISOString() },
    news: o.news,
    coverageEntries: o.entries,
    fullBuildMs: pipeline.fullBuildMs,
    pipelineAlone: { feed: stats(feedAlone), page: stats(pageAlone), missed: alone.length - Math.min(feedAlone.length, pageAlone.length) },
    underLoad: {
      minutes: o.minutes,
      readers: o.readers,
      pollEveryMs: LIVE_POLL_MS,
      entries: measured.size,
      pipeline: { feed: stats(feedLoad), page: stats(underLoad.map((r) => r.pageMs).filter((x): x is number => x !== null)), missed: underLoad.length - feedLoad.length },
      onScreens: { ...stats(screens), expected: expectedScreens, reached: screens.length },
      polls: { total: polls.total, notModified: polls.notModified, ok: polls.ok, other: polls.other, errors: polls.errors, retried: polls.retried, notModifiedShare: +(polls.notModified / Math.max(1, polls.total)).toFixed(3), p95Ms: Math.round(percentile(polls.latency, 95)) },
      editorList: { idleP95Ms: Math.round(percentile(idle.lat, 95)), ...stats(editor.lat), errors: editor.errors },
      rhythm: rhythmResult,
      cpuS,
    },
    firstPaint,
    javascript: island,
    goals: {
      onScreensP95Ms: `≤ ${LIVE_GOALS.screensP95Ms}`,
      pipelineP95Ms: `≤ ${LIVE_GOALS.pipelineP95Ms}`,
      editorP95Ms: `≤ ${LIVE_GOALS.editorP95Ms}`,
      firstPaintHtmlKb: `≤ ${LIVE_GOALS.firstPaintHtmlKb}`,
      islandJsGzipKb: `≤ ${LIVE_GOALS.islandJsGzipKb}`,
    },
    ok:
      screens.length === expectedScreens &&
      percentile(screens, 95) <= LIVE_GOALS.screensP95Ms &&
      percentile(feedAlone, 95) <= LIVE_GOALS.pipelineP95Ms &&
      percentile(pageAlone, 95) <= LIVE_GOALS.pipelineP95Ms &&
      percentile(editor.lat, 95) <= LIVE_GOALS.editorP95Ms &&
      polls.notModified > polls.total / 2 &&
      firstPaint.htmlKb <= LIVE_GOALS.firstPaintHtmlKb &&
      island.islandJsGzipKb <= LIVE_GOALS.islandJsGzipKb,
  };
  return out;
}

/**
 * The JavaScript (gzip KB) Chromium loads for each page, scrolled to its end as a reader does: the
 * scripts the page's resource timing lists, each fetched again and gzipped here (a response's body is
 * not always kept by the browser for scripts it preloaded).
 */
async function javascriptOf(urls: string[]): Promise<number[]> {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const out: number[] = [];
    for (const url of urls) {
      const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
      await page.goto(url, { waitUntil: 'networkidle' });
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForTimeout(1500);
      const scripts = await page.evaluate(() => [...new Set(performance.getEntriesByType('resource').map((e) => e.name).filter((n) => /\.m?js(\?|$)/.test(n)))]);
      let bytes = 0;
      for (const s of scripts) bytes += gzipSync(Buffer.from(await (await fetch(s)).arrayBuffer())).length;
      out.push(+(bytes / 1024).toFixed(1));
      await page.close();
    }
    return out;
  } finally {
    await browser.close();
  }
}
