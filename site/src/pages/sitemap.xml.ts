/**
 * The sitemap index (sitemaps.org): the pages sitemap plus one file per
 * Belém-time month of publication, split past 50,000 URLs. Always written
 * whole (one line per file); docs/decisions/015-archive-at-scale.md.
 */
import type { APIRoute } from 'astro';
import { PAGES_SITEMAP_PATH, sitemapMaxUrls, sitemapPath } from '@portal/domain/archive';
import { content } from '../lib/content.ts';
import { lastModified, newsSitemapFiles } from '../build/archive-pages.ts';
import { absoluteUrl, sitemapIndex } from '../lib/feeds.ts';

export const GET: APIRoute = async ({ site }) => {
  const c = await content();
  const url = absoluteUrl(site!);
  const body = sitemapIndex([
    { loc: url(PAGES_SITEMAP_PATH), lastmod: c.news[0]?.publishedAt },
    ...newsSitemapFiles(c.news, sitemapMaxUrls(process.env)).map((f) => ({ loc: url(sitemapPath(f.file)), lastmod: lastModified(f.items) })),
  ]);
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
