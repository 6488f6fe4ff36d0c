import type { APIRoute } from 'astro';
import { content } from '../lib/content.ts';
import { rss } from '../lib/feeds.ts';

export const GET: APIRoute = async ({ site }) => {
  const c = await content();
  const body = rss({
    title: c.settings.portal_name,
    description: `Últimas notícias do ${c.settings.portal_name}`,
    link: new URL('/', site).href,
    self: new URL('/rss.xml', site).href,
    items: c.news,
    live: c.live,
    site: site!,
  });
  return new Response(body, { headers: { 'content-type': 'application/rss+xml; charset=utf-8' } });
};
