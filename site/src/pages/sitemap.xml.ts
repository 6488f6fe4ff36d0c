import type { APIRoute } from 'astro';
import { categoryPages, content } from '../lib/content.ts';
import { sitemap } from '../lib/feeds.ts';

export const GET: APIRoute = async ({ site }) => {
  const c = await content();
  const url = (p: string) => new URL(p, site).href;
  const body = sitemap([
    { loc: url('/'), lastmod: c.news[0]?.publishedAt },
    ...categoryPages(c).map((k) => ({ loc: url(`/category/${k.slug}`), lastmod: c.byCategory.get(k.slug)?.[0]?.publishedAt })),
    ...c.news.map((a) => ({ loc: url(`/news/${a.slug}`), lastmod: a.updatedAt ?? a.publishedAt })),
  ]);
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
