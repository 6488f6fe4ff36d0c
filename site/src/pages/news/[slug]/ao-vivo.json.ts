/**
 * A live story's feed (issue #30, domain/live liveFeedPath): the one small
 * static file its open pages poll, written with the page by the same build —
 * a coverage's targeted build — and gone with it (builder/src/site-build.ts).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { liveFeed } from '@portal/domain/live';
import { articlesToRender, content, liveView, type Article } from '../../../lib/content.ts';

export const getStaticPaths = (async () => {
  const c = await content();
  return articlesToRender(c)
    .filter((a) => a.live)
    .map((article) => ({ params: { slug: article.slug }, props: { article } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const live = liveView(await content(), (props as { article: Article }).article)!;
  return new Response(JSON.stringify(liveFeed(live, live.entries)), { headers: { 'content-type': 'application/json; charset=utf-8' } });
};
