/**
 * A newsroom's rhythm (issue #8): a publish every 30 s and a correction of a
 * published story every 45 s, with an ad edit, an urgent-message edit, an
 * unpublish, a category and a municipality renamed (and back) and a byline
 * changed (and back) during it. Each change is timed from the API call that
 * made it to the moment a reader sees it through the front server:
 * - publish (a story with its photo, embargoed until then, as a newsroom's go out): the story answers 200,
 *   its photo is readable, and it is listed on the home and its category page;
 * - correction: the story page shows the new summary;
 * - ad / urgent message: /live.json (and, for the urgent message, the home) carries it;
 * - unpublish: the story answers 404;
 * - category / municipality (renamed as the admin does: name and address): the
 *   list answers at its new address with the new name and its newest story,
 *   and the home shows the new name (the newest story is in that list);
 * - byline: the author's page answers at the address of the new name, with it.
 * Changes overlap like in a real newsroom: nothing waits for the previous one.
 */
import type { Knex } from 'knex';
import sharp from 'sharp';
import { createItem, readItems, updateItem, uploadFiles, type PortalClient } from '../../../directus/scripts/lib/client.ts';
import { AD_WINDOW_FILTER } from '@portal/domain/news-access';
import { isPubliclyVisible } from '@portal/domain/news-status';
import { categorySlug, municipalitySlug, newsSlug } from '@portal/domain/slug';
import { percentile } from './measure.ts';

export type Kind = 'publish' | 'correction' | 'ad' | 'urgent' | 'unpublish' | 'category' | 'municipality' | 'byline';
const KINDS: Kind[] = ['publish', 'correction', 'ad', 'urgent', 'unpublish', 'category', 'municipality', 'byline'];
export type KindResult = { samples: number[]; p50: number; p95: number; max: number; missed: number };

const WAIT_MS = 120_000;

const unescape = (s: string) => s.replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');

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
  const samples = Object.fromEntries(KINDS.map((k) => [k, []])) as unknown as Record<Kind, number[]>;
  const missed = Object.fromEntries(KINDS.map((k) => [k, 0])) as unknown as Record<Kind, number>;
  const record = (kind: Kind, ms: number | null) => {
    if (ms === null) missed[kind]++;
    else samples[kind].push(ms);
    o.log(`ritmo: ${kind} ${ms === null ? 'NÃO chegou ao ar em 120 s' : `${ms} ms`}`);
  };
  const cats = (await knex('categories').select('id', 'slug')) as Array<{ id: string; slug: string }>;
  const published: Array<{ id: string; slug: string }> = [];
  const running: Promise<void>[] = [];
  let n = 0;

  const jpeg = await sharp({ create: { width: 1200, height: 675, channels: 3, background: { r: 20, g: 90, b: 60 } } }).jpeg().toBuffer();
  const uploadPhoto = async (name: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), name);
    return (await client.request(uploadFiles(form))) as { id: string };
  };

  const publish = async () => {
    const cat = cats[n++ % cats.length]!;
    const photo = await uploadPhoto(`ritmo-${n}.jpg`);
    const draft = (await client.request(
      createItem('news', {
        title: `Ritmo ${n} ${Date.now()}`,
        summary: 'Resumo da publicação do ritmo.',
        content: '<p>Texto do ritmo.</p>',
        featured_image: `/api/assets/${photo.id}`,
        status: 'draft',
        category_id: cat.id,
      }),
    )) as { id: string; slug: string };
    const t0 = Date.now();
    await client.request(updateItem('news', draft.id, { status: 'published' }));
    const ms = await timeUntil(t0, async () => {
      if ((await text(`${siteUrl}/news/${draft.slug}/`)).status !== 200) return false;
      if ((await text(`${siteUrl}/api/assets/${photo.id}`)).status !== 200) return false;
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
    // An ad readers see now (the site's own rule, in its filter form): an active row may be out of its window (the demo's
    // ended campaign), never in /live.json, and an edit to it never reaches a reader (the production bench picked that one once).
    const [ad] = (await client.request(readItems('ads', { filter: { _and: [{ ad_type: { _eq: 'sidebar' } }, AD_WINDOW_FILTER] }, fields: ['id'], limit: 1 }))) as Array<{ id: string }>;
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

  // The newest public story with a list of that kind (so the home shows its name; the rhythm's own publishes have no municipality).
  // Public by the site's own rule: the newest "published" row may be scheduled for later (a demo story is), on no page
  // yet, and a check that waits for it on its list never passes (the category's renames on the production bench).
  type Newest = { slug: string; status: string; published_at: string | Date; category_id: string; municipality_id: string; author_id: string };
  const newest = async (column: 'category_id' | 'municipality_id' | 'author_id') => {
    const rows = (await knex('news')
      .where('status', 'published')
      .whereNotNull('published_at')
      .whereNotNull(column)
      .modify((q) => {
        // Mundo, Brasil and Pará cannot be renamed (protected municipalities).
        if (column === 'municipality_id') q.whereNotIn('municipality_id', knex('municipalities').whereIn('name', ['Mundo', 'Brasil', 'Pará']).select('id'));
      })
      .orderBy('published_at', 'desc')
      .limit(50)
      .select('slug', 'status', 'published_at', 'category_id', 'municipality_id', 'author_id')) as Newest[];
    const now = new Date();
    return rows.find((n) => isPubliclyVisible(n, now));
  };
  const renameList = (kind: 'category' | 'municipality') => async () => {
    const story = await newest(kind === 'category' ? 'category_id' : 'municipality_id');
    if (!story) return record(kind, null);
    const [collection, root, id] = kind === 'category' ? (['categories', 'category', story.category_id] as const) : (['municipalities', 'municipio', story.municipality_id] as const);
    const row = (await knex(collection).where('id', id).first('name', 'slug')) as { name: string; slug: string } | undefined;
    if (!row) return record(kind, null);
    for (const name of [`${row.name} Ritmo ${Date.now() % 100000}`, row.name]) {
      const slug = kind === 'category' ? categorySlug(name) : municipalitySlug(name);
      const t0 = Date.now();
      await client.request(updateItem(collection, id!, { name, slug }));
      record(
        kind,
        await timeUntil(t0, async () => {
          // Exact: a name is a prefix of the one it is renamed to (the old address answers with a 301 to the new one).
          const list = unescape((await text(`${siteUrl}/${root}/${slug}/`)).body);
          // A category's badge is its name; a municipality's is its name in a link to its list (the card's markup: issue #34).
          const badge = kind === 'category' ? `badge-category">${name}<` : `badge-municipality">${name}<`;
          if (!list.includes(badge) || (kind === 'municipality' && !list.includes(`href="/${root}/${slug}"`)) || !list.includes(`/news/${story.slug}`)) return false;
          const home = unescape((await text(`${siteUrl}/`)).body);
          // The home: the category badge of its latest cards, or the name in its municipality filter.
          return kind === 'category' ? home.includes(badge) : home.includes(`"${name}"`) && (await text(`${siteUrl}/municipios/${slug}.json`)).status === 200;
        }),
      );
      const cat = cats.find((c) => c.id === id);
      if (cat) cat.slug = slug;
      await new Promise((r) => setTimeout(r, 15_000));
    }
  };
  const byline = async () => {
    const story = await newest('author_id');
    const profile = story?.author_id ? ((await knex('profiles').where('user_id', story.author_id).first('id', 'full_name')) as { id: string; full_name: string } | undefined) : undefined;
    if (!profile?.full_name) return record('byline', null);
    for (const name of [`${profile.full_name} Ritmo`, profile.full_name]) {
      const t0 = Date.now();
      await client.request(updateItem('profiles', profile.id, { full_name: name }));
      const page = `/autor/${newsSlug(name)}`;
      record(
        'byline',
        // The author's page at the new name's address, and the home's cards linking it (the newest story is theirs).
        await timeUntil(t0, async () => {
          const author = await text(`${siteUrl}${page}/`);
          return author.status === 200 && unescape(author.body).includes(name) && (await text(`${siteUrl}/`)).body.includes(`href="${page}"`);
        }),
      );
      await new Promise((r) => setTimeout(r, 15_000));
    }
  };

  const end = o.minutes * 60_000;
  const once: Array<[number, () => Promise<void>]> = [
    [end * 0.2, renameList('category')],
    [end * 0.3, editAd],
    [end * 0.4, renameList('municipality')],
    [end * 0.5, urgent],
    [end * 0.6, byline],
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
  for (const k of KINDS) {
    const s = samples[k];
    out[k] = { samples: s, p50: s.length ? percentile(s, 50) : NaN, p95: s.length ? percentile(s, 95) : NaN, max: s.length ? Math.max(...s) : NaN, missed: missed[k] };
  }
  return out;
}
