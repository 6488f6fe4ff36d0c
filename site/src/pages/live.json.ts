/**
 * Site-wide state for pages built before it changed (lib/site-live.ts).
 * Rendered by every build; nginx and the front server serve it with a short
 * cache so a change reaches old pages within seconds.
 */
import type { APIRoute } from 'astro';
import { content, slotAds } from '../lib/content.ts';
import { siteLive } from '../lib/site-live.ts';

export const GET: APIRoute = async () => {
  const c = await content();
  return new Response(JSON.stringify(siteLive(c.settings, (p) => slotAds(c, p))), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
};
