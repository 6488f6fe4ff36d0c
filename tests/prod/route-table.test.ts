/**
 * One route table, two servers (issue #11): every kind of request a reader,
 * an editor or a crawler makes gets the same status, content type, caching
 * and security headers from `npm start`'s front server and from nginx with
 * deploy/nginx.conf. HSTS is nginx's alone (TLS ends there in production).
 */
import { describe, expect, inject, it } from 'vitest';
import { literalNewsSlug } from '../../domain/src/slug.ts';

const SECURITY = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options', 'permissions-policy'];

type Seen = { status: number; type: string; cache: string; location: string; security: Record<string, string> };

async function ask(base: string, path: string): Promise<Seen> {
  const res = await fetch(base + path, { redirect: 'manual' });
  await res.arrayBuffer();
  return {
    status: res.status,
    type: (res.headers.get('content-type') ?? '').toLowerCase().replace(/\s/g, ''),
    cache: res.headers.get('cache-control') ?? '',
    location: res.headers.get('location') ?? '',
    security: Object.fromEntries(SECURITY.map((h) => [h, res.headers.get(h) ?? ''])),
  };
}

async function table(): Promise<Array<[string, string]>> {
  const nginx = inject('nginxUrl');
  const news = (await (await fetch(`${nginx}/api/items/news?fields=slug,title&limit=50&sort=-published_at`)).json()).data as Array<{ slug: string; title: string }>;
  const story = news[0]!;
  const accented = news.find((n) => literalNewsSlug(n.title) !== n.slug);
  const index = await (await fetch(`${nginx}/auth`)).text();
  const asset = /\/_admin\/assets\/[^"]+\.js/.exec(index)?.[0];
  const entry = [
    ['home', '/'],
    ['story', `/news/${story.slug}`],
    ['story, trailing slash', `/news/${story.slug}/`],
    ['missing story', '/news/esta-noticia-nao-existe'],
    ['category', '/category/politica'],
    ['municipality', '/municipio/belem'],
    ['municipality archive', '/municipio/belem/arquivo/'],
    ['author', '/autor/joana-tavares'],
    ['unknown path', '/pagina-que-nao-existe'],
    ['admin sign-in', '/auth'],
    ['admin route', '/admin/news'],
    ['admin asset', asset ?? '/_admin/assets/ausente.js'],
    ['API health', '/api/server/health'],
    ['API public read', '/api/items/categories?limit=1'],
    ['RSS', '/rss.xml'],
    ['category RSS', '/category/politica/rss.xml'],
    ['sitemap index', '/sitemap.xml'],
    ['pages sitemap', '/sitemaps/pages.xml'],
    ['Google News sitemap', '/news-sitemap.xml'],
    ['robots', '/robots.txt'],
    ['search entry', '/pagefind/pagefind-entry.json'],
    ['search page', '/busca'],
    ['privacy page', '/privacidade'],
    ['corrections page', '/correcoes'],
    ['live state', '/live.json'],
    ['search delta', '/search-delta.json'],
    ['logo', '/logo.svg'],
  ] as Array<[string, string]>;
  if (accented) entry.push(["old portal's address (301)", `/news/${literalNewsSlug(accented.title)}`]);
  return entry;
}

describe('one route table, two servers', () => {
  it('front server and nginx answer every route alike', async () => {
    const routes = await table();
    const diffs: string[] = [];
    for (const [label, path] of routes) {
      const [front, nginx] = await Promise.all([ask(inject('frontUrl'), path), ask(inject('nginxUrl'), path)]);
      for (const k of ['status', 'type', 'cache', 'location'] as const) {
        if (front[k] !== nginx[k]) diffs.push(`${label} ${path}: ${k} front=${JSON.stringify(front[k])} nginx=${JSON.stringify(nginx[k])}`);
      }
      for (const h of SECURITY) {
        if (front.security[h] !== nginx.security[h]) diffs.push(`${label} ${path}: ${h} front=${JSON.stringify(front.security[h])} nginx=${JSON.stringify(nginx.security[h])}`);
      }
    }
    expect(diffs).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(22);
  });

  it('the routes answer what they should (not merely the same wrong thing twice)', async () => {
    const nginx = inject('nginxUrl');
    const expectations: Array<[string, number, RegExp]> = [
      ['/', 200, /text\/html/],
      ['/news/esta-noticia-nao-existe', 404, /text\/html/],
      ['/pagina-que-nao-existe', 404, /text\/html/],
      ['/admin/news', 200, /text\/html/],
      ['/api/server/health', 200, /json/],
      ['/sitemap.xml', 200, /xml/],
      ['/live.json', 200, /application\/json/],
    ];
    for (const [path, status, type] of expectations) {
      const r = await ask(nginx, path);
      expect([path, r.status], path).toEqual([path, status]);
      expect(r.type, path).toMatch(type);
    }
    const missing = await (await fetch(`${nginx}/news/esta-noticia-nao-existe`)).text();
    expect(missing).toContain('Notícia não encontrada');
  });
});
