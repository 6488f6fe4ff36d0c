import type { APIRoute } from 'astro';
import { content } from '../lib/content.ts';
import { newsSitemap } from '../lib/feeds.ts';

export const GET: APIRoute = async ({ site }) => {
  const c = await content();
  return new Response(newsSitemap(c.news, site!, c.settings.portal_name, c.builtAt, c.live), { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
