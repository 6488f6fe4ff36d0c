/**
 * A newsroom's rhythm (issue #8): a publish every 30 s and a correction of a
 * published story every 45 s, with an ad edit, an urgent-message edit and an
 * unpublish during it. Each change is timed from the API call that made it to
 * the moment a reader sees it through the front server:
 * - publish: the story answers 200 and is listed on the home and its category page;
 * - correction: the story page shows the new summary;
 * - ad / urgent message: /live.json (and, for the urgent message, the home) carries it;
 * - unpublish: the story answers 404.
 * Changes overlap like in a real newsroom: nothing waits for the previous one.
 */
import type { Knex } from 'knex';
import { createItem, readItems, updateItem, type PortalClient } from '../../../directus/scripts/lib/client.ts';
import { percentile } from './measure.ts';

export type Kind = 'publish' | 'correction' | 'ad' | 'urgent' | 'unpublish';
export type KindResult = { samples: number[]; p50: number; p95: number; max: number; missed: number };

const WAIT_MS = 120_000;

async function text(url: string): Promise<{ status: number; body: string }> {
  try {
    const res = await fetch(url, { headers: { 'cache-control': 'no-cache' } });
    return { status: res.status, body: await res.text() };
  } catch {
    return { status: 0, body: '' };
  }
}

/** Polls until `seen` holds; the time from t0, or null after two minutes. */
async function timeUntil(t0: number, seen: () => Promise<boolean>): Promise<number | null> {
  for (;;) {
    if (await seen()) return Date.now() - t0;
    if (Date.now() - t0 > WAIT_MS) return null;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function runRhythm(o: { siteUrl: string; client: PortalClient; knex: Knex; minutes: number; log: (s: string) => void }): Promise<Record<Kind, KindResult>> {
  const { siteUrl, client, knex } = o;
  const samples: Record<Kind, number[]> = { publish: [], correction: [], ad: [], urgent: [], unpublish: [] };
  const missed: Record<Kind, number> = { publish: 0, correction: 0, ad: 0, urgent: 0, unpublish: 0 };
  const record = (kind: Kind, ms: number | null) => {
    if (ms === null) missed[kind]++;
    else samples[kind].push(ms);
    o.log(`ritmo: ${kind} ${ms === null ? 'NÃO chegou ao ar em 120 s' : `${ms} ms`}`);
  };
  const cats = (await knex('categories').select('id', 'slug')) as Array<{ id: string; slug: string }>;
  const published: Array<{ id: string; slug: string }> = [];
  const running: Promise<void>[] = [];
  let n = 0;

  const publish = async () => {
    const cat = cats[n++ % cats.length]!;
    const draft = (await client.request(
      createItem('news', { title: `Ritmo ${n} ${Date.now()}`, summary: 'Resumo da publicação do ritmo.', content: '<p>Texto do ritmo.</p>', status: 'draft', category_id: cat.id }),
    )) as { id: string; slug: string };
    const t0 = Date.now();
    await client.request(updateItem('news', draft.id, { status: 'published' }));
    const ms = await timeUntil(t0, async () => {
      if ((await text(`${siteUrl}/news/${draft.slug}/`)).status !== 200) return false;
      const [home, category] = await Promise.all([text(`${siteUrl}/`), text(`${siteUrl}/category/${cat.slug}/`)]);
      return home.body.includes(`/news/${draft.slug}`) && category.body.includes(`/news/${draft.slug}`);
    });
    record('publish', ms);
    published.push(draft);
  };
  const correct = async () => {
    const story = published.at(-1);
    if (!story) return;
    const summary = `Resumo corrigido ${Date.now()}`;
    const t0 = Date.now();
    await client.request(updateItem('news', story.id, { summary }));
    record('correction', await timeUntil(t0, async () => (await text(`${siteUrl}/news/${story.slug}/`)).body.includes(summary)));
  };
  const editAd = async () => {
    const [ad] = (await client.request(readItems('ads', { filter: { ad_type: { _eq: 'sidebar' }, is_active: { _eq: true } }, limit: 1 }))) as Array<{ id: string }>;
    const content = `<p>Oferta do ritmo ${Date.now()}</p>`;
    const t0 = Date.now();
    if (ad) await client.request(updateItem('ads', ad.id, { content }));
    else await client.request(createItem('ads', { title: 'Anúncio do ritmo', ad_type: 'sidebar', position: 'top', content, is_active: true }));
    record('ad', await timeUntil(t0, async () => (await text(`${siteUrl}/live.json`)).body.includes(JSON.stringify(content).slice(1, -1))));
  };
  const urgent = async () => {
    const message = `Urgente do ritmo ${Date.now()}`;
    const t0 = Date.now();
    await client.request(updateItem('settings', 'urgent_message', { value: message }));
    record('urgent', await timeUntil(t0, async () => (await text(`${siteUrl}/live.json`)).body.includes(message) && (await text(`${siteUrl}/`)).body.includes(message)));
  };
  const unpublish = async () => {
    const story = published.shift();
    if (!story) return;
    const t0 = Date.now();
    await client.request(updateItem('news', story.id, { status: 'draft' }));
    record('unpublish', await timeUntil(t0, async () => (await text(`${siteUrl}/news/${story.slug}/`)).status === 404));
  };

  const end = o.minutes * 60_000;
  const once: Array<[number, () => Promise<void>]> = [
    [end * 0.3, editAd],
    [end * 0.5, urgent],
    [end * 0.7, unpublish],
  ];
  const t0 = Date.now();
  let nextPublish = 0;
  let nextCorrection = 15_000;
  while (Date.now() - t0 < end) {
    const t = Date.now() - t0;
    if (t >= nextPublish) {
      running.push(publish());
      nextPublish += 30_000;
    }
    if (t >= nextCorrection) {
      running.push(correct());
      nextCorrection += 45_000;
    }
    while (once.length && t >= once[0]![0]) running.push(once.shift()![1]());
    await new Promise((r) => setTimeout(r, 250));
  }
  await Promise.all(running);
  const out = {} as Record<Kind, KindResult>;
  for (const k of Object.keys(samples) as Kind[]) {
    const s = samples[k];
    out[k] = { samples: s, p50: s.length ? percentile(s, 50) : NaN, p95: s.length ? percentile(s, 95) : NaN, max: s.length ? Math.max(...s) : NaN, missed: missed[k] };
  }
  return out;
}
