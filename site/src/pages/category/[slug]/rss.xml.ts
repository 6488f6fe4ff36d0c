import type { APIRoute, GetStaticPaths } from 'astro';
import { categoryPaths, categoryName, content } from '../../../lib/content.ts';
import { rss } from '../../../lib/feeds.ts';

export const getStaticPaths = categoryPaths satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params, site }) => {
  const c = await content();
  const slug = params.slug!;
  const title = categoryName(c, slug);
  const body = rss({
    title: `${title} | ${c.settings.portal_name}`,
    description: `Notícias de ${title} no ${c.settings.portal_name}`,
    link: new URL(`/category/${slug}`, site).href,
    self: new URL(`/category/${slug}/rss.xml`, site).href,
    items: c.byCategory.get(slug) ?? [],
    site: site!,
  });
  return new Response(body, { headers: { 'content-type': 'application/rss+xml; charset=utf-8' } });
};
