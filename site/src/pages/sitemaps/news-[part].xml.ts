/**
 * One month of stories (Belém time): /sitemaps/news-YYYY-MM.xml, then
 * news-YYYY-MM-2.xml… past the per-file limit. A targeted build writes only
 * the months it touches (lib/archive-pages.ts).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { sitemapMaxUrls } from '@portal/domain/archive';
import { content, type Article } from '../../lib/content.ts';
import { archiveScope, inScope, newsSitemapFiles } from '../../build/archive-pages.ts';
import { buildPlan } from '@portal/domain/build-contract';
import { sitemap } from '../../lib/feeds.ts';

export const getStaticPaths = (async () => {
  const c = await content();
  const scope = archiveScope(c.news, buildPlan(process.env));
  return newsSitemapFiles(c.news, sitemapMaxUrls(process.env))
    .filter((f) => inScope(scope, f.month))
    .map((f) => ({ params: { part: f.file.slice('news-'.length, -'.xml'.length) }, props: { items: f.items } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props, site }) => {
  const { items } = props as { items: Article[] };
  const body = sitemap(items.map((a) => ({ loc: new URL(`/news/${a.slug}`, site).href, lastmod: a.modifiedAt ?? a.updatedAt ?? a.publishedAt })));
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
