/**
 * The archive at scale with a real Directus and real Astro builds (issue #8
 * item 4; docs/decisions/015-archive-at-scale.md): the sitemap index splits,
 * month pages list a category's stories, and a publish rewrites its own month
 * and the indexes while every other month keeps its file from the last release.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuilder } from '@portal/builder/service';
import { movedAddress } from '@portal/edge/redirects';
import { randomUUID } from 'node:crypto';
import { dbDate } from '../../directus/extensions/shared/db-date.ts';
import { admin, newsFactory, rawDb } from './support.ts';
import { startTestBuilder, type TestBuilder } from './test-builder.ts';
import { categorySlug } from '../../domain/src/slug.ts';

// Two URLs per sitemap file, so three stories in a month make two files.
const MAX_URLS = '2';
let builder: ReturnType<typeof startBuilder>;
let pipeline: TestBuilder;
let category: string;
const root = mkdtempSync(path.join(os.tmpdir(), 'portal-archive-'));
const file = (...p: string[]) => path.join(builder.releases.current, ...p);
const read = (...p: string[]) => readFileSync(file(...p), 'utf8');
const monthPage = (ym: string) => file('category', category, ...ym.split('-'), 'index.html');
/** The same stories are all in one municipality, whose pages are built the same way (issue #12, item 6). */
let town: string;
const townMonthPage = (ym: string) => file('municipio', town, ...ym.split('-'), 'index.html');
const stamp = Date.now();

async function until(check: () => boolean, timeoutMs: number, label: string) {
  const t0 = Date.now();
  while (!check()) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`tempo esgotado esperando: ${label}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function publish(title: string, at: string) {
  const r = await admin().post(
    '/items/news',
    newsFactory({ title, status: 'published', scheduled_at: at, category_id: categoryIdValue, municipality_id: townIdValue }),
  );
  if (r.status !== 200) throw new Error(`${r.status} ${JSON.stringify(r.errors)}`);
  return r.data as { id: string; slug: string; published_at: string };
}

let categoryIdValue: string;
let townIdValue: string;
const stories: Record<string, { id: string; slug: string }> = {};

beforeAll(async () => {
  process.env.PORTAL_SITEMAP_MAX_URLS = MAX_URLS;
  const c = await admin().post('/items/categories', { name: `Arquivo Teste ${stamp}` });
  categoryIdValue = c.data.id;
  category = c.data.slug;
  const m = await admin().post('/items/municipalities', { name: `Município Arquivo ${stamp}`, slug: `municipio-arquivo-${stamp}` });
  townIdValue = m.data.id;
  town = m.data.slug;
  // Belém time: 2024-03-01T01:00Z is still 29 February there.
  stories.jan = await publish(`Janeiro antigo ${stamp}`, '2024-01-10T15:00:00.000Z');
  stories.feb = await publish(`Virada de fevereiro ${stamp}`, '2024-03-01T01:00:00.000Z');
  stories.mar1 = await publish(`Março um ${stamp}`, '2024-03-05T15:00:00.000Z');
  stories.mar2 = await publish(`Março dois ${stamp}`, '2024-03-10T15:00:00.000Z');
  stories.mar3 = await publish(`Março três ${stamp}`, '2024-03-20T15:00:00.000Z');
  // A busy month: 201 stories in June 2023, written straight to the table (as `npm run seed` does).
  const db = await rawDb();
  try {
    const rows = Array.from({ length: 201 }, (_, i) => {
      const at = dbDate(db, new Date(Date.UTC(2023, 5, 2, 12) + i * 3600_000));
      return {
        id: randomUUID(),
        title: `Junho ${i + 1} ${stamp}`,
        content: 'Texto.',
        slug: `junho-${i + 1}-${stamp}`,
        status: 'published',
        category_id: categoryIdValue,
        published_at: at,
        first_published_at: at,
        created_at: at,
      };
    });
    for (let i = 0; i < rows.length; i += 40) await db('news').insert(rows.slice(i, i + 40));
  } finally {
    await db.destroy();
  }
  pipeline = await startTestBuilder(root, { catchUpMs: 60_000 });
  builder = pipeline.builder;
}, 180_000);

afterAll(async () => {
  delete process.env.PORTAL_SITEMAP_MAX_URLS;
  await pipeline.stop();
});

const urlsIn = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe('sitemap index', () => {
  it('robots.txt points to the index; the index lists the pages file and one file per month, split past the limit', () => {
    expect(read('robots.txt')).toContain('Sitemap: http://localhost:4321/sitemap.xml');
    const index = read('sitemap.xml');
    expect(index).toContain('<sitemapindex');
    const files = urlsIn(index);
    expect(files).toContain('http://localhost:4321/sitemaps/pages.xml');
    expect(files).toContain('http://localhost:4321/sitemaps/news-2024-03.xml');
    expect(files).toContain('http://localhost:4321/sitemaps/news-2024-03-2.xml');
    expect(files).toContain('http://localhost:4321/sitemaps/news-2024-02.xml');
    // Every listed file exists.
    for (const f of files) expect(existsSync(file(new URL(f).pathname))).toBe(true);
  });

  it('no file holds more URLs than the limit, and every story is in exactly one file of its Belém month', () => {
    const all: string[] = [];
    for (const name of readdirSync(file('sitemaps')).filter((n) => n.startsWith('news-'))) {
      const urls = urlsIn(read('sitemaps', name));
      expect(urls.length).toBeLessThanOrEqual(Number(MAX_URLS));
      all.push(...urls);
    }
    for (const s of Object.values(stories)) expect(all.filter((u) => u.endsWith(`/news/${s.slug}`))).toHaveLength(1);
    expect(read('sitemaps', 'news-2024-02.xml')).toContain(`/news/${stories.feb!.slug}`);
    expect(read('sitemaps', 'pages.xml')).toContain(`/category/${category}/2024/03/`);
  });

  it('the Google News sitemap is kept', () => {
    expect(read('news-sitemap.xml')).toContain('xmlns:news=');
  });
});

describe('category archive', () => {
  it('the category page links to its archive, which lists months with counts (pt-BR, Belém time)', () => {
    expect(read('category', category, 'index.html')).toContain(`href="/category/${category}/arquivo/"`);
    const html = read('category', category, 'arquivo', 'index.html');
    expect(html).toMatch(/Março de 2024<\/span>\s*<span[^>]*>3 notícias/);
    expect(html).toContain('Fevereiro de 2024');
    expect(html).toContain('Janeiro de 2024');
    expect(html).toContain(`href="/category/${category}/2024/03/"`);
  });

  it('a month page lists its stories newest first, with canonical and title', () => {
    const html = readFileSync(monthPage('2024-03'), 'utf8');
    const order = ['Março três', 'Março dois', 'Março um'].map((t) => html.indexOf(`${t} ${stamp}`));
    expect(order.every((i) => i > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html).not.toContain(`Virada de fevereiro ${stamp}`);
    expect(html).toContain(`<link rel="canonical" href="http://localhost:4321/category/${category}/2024/03/"`);
    expect(html).toMatch(/<title>[^<]*Março de 2024/);
  });
});

describe('archive pagination', () => {
  it('a month of 201 stories has two pages of 200 and 1, linked both ways', () => {
    const first = readFileSync(monthPage('2023-06'), 'utf8');
    const second = read('category', category, '2023', '06', '2', 'index.html');
    expect(first.match(/data-archive-item/g)).toHaveLength(200);
    expect(second.match(/data-archive-item/g)).toHaveLength(1);
    // Newest first: the 201st of June opens page 1, the 1st is alone on page 2.
    expect(first).toContain(`Junho 201 ${stamp}`);
    expect(second).toContain(`Junho 1 ${stamp}<`);
    expect(first).toContain(`href="/category/${category}/2023/06/2/" rel="next"`);
    expect(second).toContain(`href="/category/${category}/2023/06/" rel="prev"`);
    expect(second).toContain('Página 2 de 2');
    expect(read('sitemaps', 'pages.xml')).toContain(`/category/${category}/2023/06/2/</loc>`);
  });
});

describe('a publish rewrites only its month', () => {
  it('a new story in March rewrites March, the archive index and the sitemap index; January keeps its file', async () => {
    const inode = (p: string) => statSync(p).ino;
    const before = {
      jan: inode(monthPage('2024-01')),
      mar: inode(monthPage('2024-03')),
      index: inode(file('sitemap.xml')),
      janMap: inode(file('sitemaps', 'news-2024-01.xml')),
      townJan: inode(townMonthPage('2024-01')),
      // A list the story is not in: its page stays the live release's file.
      otherList: inode(file('category', 'esportes', 'index.html')),
    };
    // Action
    const late = await publish(`Março quatro ${stamp}`, '2024-03-25T15:00:00.000Z');
    // Assert
    await until(() => readFileSync(monthPage('2024-03'), 'utf8').includes(`Março quatro ${stamp}`), 90_000, 'mês reescrito');
    expect(inode(monthPage('2024-03'))).not.toBe(before.mar);
    expect(inode(file('sitemap.xml'))).not.toBe(before.index);
    expect(read('category', category, 'arquivo', 'index.html')).toMatch(/Março de 2024<\/span>\s*<span[^>]*>4 notícias/);
    expect(urlsIn(read('sitemap.xml'))).toContain('http://localhost:4321/sitemaps/news-2024-03-2.xml');
    expect(read('sitemaps', 'news-2024-03.xml')).toContain(`/news/${late.slug}`);
    // Untouched months are the previous release's files (same inode through the hard-link clone).
    expect(inode(monthPage('2024-01'))).toBe(before.jan);
    expect(inode(file('sitemaps', 'news-2024-01.xml'))).toBe(before.janMap);
    // The municipality's pages follow in the same targeted build.
    expect(readFileSync(townMonthPage('2024-03'), 'utf8')).toContain(`Março quatro ${stamp}`);
    expect(read('municipio', town, 'index.html')).toContain(`Março quatro ${stamp}`);
    expect(read('municipio', town, 'arquivo', 'index.html')).toMatch(/Março de 2024<\/span>\s*<span[^>]*>4 notícias/);
    expect(inode(townMonthPage('2024-01'))).toBe(before.townJan);
    expect(inode(file('category', 'esportes', 'index.html'))).toBe(before.otherList);
    stories.mar4 = late;
  });

  it('unpublishing takes the story off its month page and sitemap, and rewrites no other month', async () => {
    const june = statSync(monthPage('2023-06')).ino;
    // Action
    await admin().patch(`/items/news/${stories.mar2!.id}`, { status: 'draft' });
    // Assert
    await until(() => !readFileSync(monthPage('2024-03'), 'utf8').includes(`Março dois ${stamp}`), 90_000, 'retirada do mês');
    // The hook named the month the story left: the build wrote that one, not every month.
    expect(statSync(monthPage('2023-06')).ino).toBe(june);
    const march = [read('sitemaps', 'news-2024-03.xml'), existsSync(file('sitemaps', 'news-2024-03-2.xml')) ? read('sitemaps', 'news-2024-03-2.xml') : ''].join(
      '',
    );
    expect(march).not.toContain(`/news/${stories.mar2!.slug}`);
    expect(read('category', category, 'arquivo', 'index.html')).toMatch(/Março de 2024<\/span>\s*<span[^>]*>3 notícias/);
  });

  it('a month emptied by an unpublish leaves no page or sitemap behind', async () => {
    expect(existsSync(monthPage('2024-01'))).toBe(true);
    // Action
    await admin().patch(`/items/news/${stories.jan!.id}`, { status: 'draft' });
    // Assert
    await until(() => !existsSync(monthPage('2024-01')), 90_000, 'mês vazio retirado');
    expect(existsSync(townMonthPage('2024-01'))).toBe(false);
    expect(existsSync(file('sitemaps', 'news-2024-01.xml'))).toBe(false);
    expect(urlsIn(read('sitemap.xml'))).not.toContain('http://localhost:4321/sitemaps/news-2024-01.xml');
    expect(existsSync(monthPage('2024-03'))).toBe(true);
  });
});

describe('settings, ads and events (LIVE_ONLY)', () => {
  it('an urgent message rewrites the home page and /live.json, and no list page (they read it from /live.json)', async () => {
    const inode = (p: string) => statSync(p).ino;
    const lists = [file('category', category, 'index.html'), file('municipio', town, 'index.html'), monthPage('2024-03')];
    const before = lists.map(inode);
    const prior = (await admin().get('/items/settings/urgent_message')).data.value as string | null;
    const message = `Aviso de teste ${stamp}`;
    // Action
    expect((await admin().patch('/items/settings/urgent_message', { value: message })).status).toBe(200);
    try {
      // Assert
      await until(() => read('live.json').includes(message) && read('index.html').includes(message), 90_000, 'aviso no ar');
      expect(lists.map(inode)).toEqual(before);
    } finally {
      await admin().patch('/items/settings/urgent_message', { value: prior });
    }
  });
});

describe('a catalogue change', () => {
  it('a category moved to a new address has its archive months there at once, not at the next full build', async () => {
    const moved = `${category}-novo`;
    // Action
    const r = await admin().patch(`/items/categories/${categoryIdValue}`, { slug: moved });
    expect(r.status).toBe(200);
    // Assert
    await until(() => existsSync(file('category', moved, '2024', '03', 'index.html')), 90_000, 'meses no novo endereço');
    expect(read('category', moved, 'arquivo', 'index.html')).toContain(`/category/${moved}/2024/03`);
    category = moved;
  });

  it('a category renamed as the admin renames it (name and address): its own pages at once, every month, and no other list; later builds keep the new name', async () => {
    // A full build first: it settles the catch-ups owed for earlier changes, so none lands in between.
    await builder.trigger({ full: true });
    const release = builder.status.release;
    const inode = (p: string) => statSync(p).ino;
    const others = [file('category', 'esportes', 'index.html'), file('municipio', town, 'index.html'), townMonthPage('2024-03')];
    const before = others.map(inode);
    const oldName = (await admin().get(`/items/categories/${categoryIdValue}`)).data.name as string;
    const oldSlug = category;
    const name = `Arquivo Renomeado ${stamp}`;
    const moved = categorySlug(name);
    // Action
    expect((await admin().patch(`/items/categories/${categoryIdValue}`, { name, slug: moved })).status).toBe(200);
    // Assert: every month of the list at its new address, its stories with the new name.
    await until(() => existsSync(file('category', moved, 'index.html')), 60_000, 'categoria no novo endereço');
    for (const month of [['2023', '06'], ['2023', '06', '2'], ['2024', '03']]) expect(existsSync(file('category', moved, ...month, 'index.html')), month.join('/')).toBe(true);
    // The cards' badge: the name itself (the page title is made from the address, spec section 4).
    expect(read('category', moved, 'index.html')).toContain(`badge-category">${name}<`);
    expect(read('category', moved, '2024', '03', 'index.html')).toContain(`/news/${stories.mar1!.slug}`);
    expect(read('category', moved, 'rss.xml')).toContain(`<category>${name}</category>`);
    // The old address is gone with the same build, and it and every page under it answer with a 301 to the same page at the new one.
    expect(existsSync(file('category', oldSlug))).toBe(false);
    expect(movedAddress(builder.releases.current, `/category/${oldSlug}/`)).toBe(`/category/${moved}/`);
    expect(movedAddress(builder.releases.current, `/category/${oldSlug}/2023/06/2/`)).toBe(`/category/${moved}/2023/06/2/`);
    // No other list was rendered (their cards show the new name from the catch-up: 'soon').
    expect(builder.status.release).toBe(release);
    expect(others.map(inode)).toEqual(before);
    // Action: a publish later, a targeted build over the rows the release was made from.
    const late = await publish(`Depois do novo nome ${stamp}`, '2024-03-26T15:00:00.000Z');
    // Assert: the older stories of that list keep the new name (re-joined by id), the new one has it.
    await until(() => readFileSync(townMonthPage('2024-03'), 'utf8').includes(late.slug), 90_000, 'publicação no mês do município');
    const town03 = readFileSync(townMonthPage('2024-03'), 'utf8');
    expect(town03).toContain(`/news/${stories.mar1!.slug}`);
    expect(town03).toContain(`· ${name}`);
    expect(town03).not.toContain(oldName);
    expect(read('category', moved, '2024', '03', 'index.html')).toContain(`/news/${late.slug}`);
    expect(read('news', late.slug, 'index.html')).toContain(`href="/category/${moved}"`);
    category = moved;
    stories.late = late;
  });

  it('a municipality renamed: its pages at the new address at once, with the new name', async () => {
    const name = `Município Renomeado ${stamp}`;
    const slug = `municipio-renomeado-${stamp}`;
    // Action
    expect((await admin().patch(`/items/municipalities/${townIdValue}`, { name, slug })).status).toBe(200);
    // Assert
    await until(() => existsSync(file('municipio', slug, '2024', '03', 'index.html')), 60_000, 'município no novo endereço');
    expect(read('municipio', slug, 'index.html')).toContain(name);
    expect(read('municipio', slug, '2024', '03', 'index.html')).toContain(`/news/${stories.late!.slug}`);
    // The home page's municipality filter offers the new name.
    expect(existsSync(file('municipios', `${slug}.json`))).toBe(true);
    expect(read('index.html')).toContain(name);
    expect(existsSync(file('municipio', town))).toBe(false);
    expect(movedAddress(builder.releases.current, `/municipio/${town}/arquivo/`)).toBe(`/municipio/${slug}/arquivo/`);
    // Action: back to its first address.
    const first = town;
    expect((await admin().patch(`/items/municipalities/${townIdValue}`, { slug: first })).status).toBe(200);
    // Assert: the list is there again, no loop; the address it left redirects to it.
    await until(() => existsSync(file('municipio', first, 'index.html')) && !existsSync(file('municipio', slug)), 60_000, 'município de volta ao endereço');
    expect(movedAddress(builder.releases.current, `/municipio/${first}/`)).toBeNull();
    expect(movedAddress(builder.releases.current, `/municipio/${slug}/`)).toBe(`/municipio/${first}/`);
    expect((await admin().get(`/items/list_redirects?filter[municipality_id][_eq]=${townIdValue}&fields=slug`)).data).toEqual([{ slug }]);
  });
});
