/** What the search page merges between full builds (lib/search-delta.ts). */
import type { APIRoute } from 'astro';
import { content } from '../lib/content.ts';
import { searchDelta } from '../build/search-delta.ts';

export const GET: APIRoute = async () => {
  const c = await content();
  return new Response(JSON.stringify(searchDelta(c)), { headers: { 'content-type': 'application/json; charset=utf-8' } });
};
