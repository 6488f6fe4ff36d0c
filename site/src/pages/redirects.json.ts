/**
 * Old news addresses → current slug, and old addresses of renamed categories
 * and municipalities (`category/<old>` → new slug), read by the front server
 * and the builder's /redirect (which nginx asks on a miss) to answer 301s. Rendered
 * by every build, targeted ones included, so a slug change is live with its
 * publish (issue #8, docs/decisions/005-news-slugs.md).
 */
import type { APIRoute } from 'astro';
import { content } from '../lib/content.ts';

export const GET: APIRoute = async () => {
  const c = await content();
  return new Response(JSON.stringify(c.redirects), { headers: { 'content-type': 'application/json; charset=utf-8' } });
};
