/** The category's newest stories for old pages' related news (lib/related-feed.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { categoryPaths, content } from '../../../lib/content.ts';
import { relatedDocument } from '../../../lib/related-feed.ts';

export const getStaticPaths = categoryPaths satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const c = await content();
  return relatedDocument(c.byCategory.get(params.slug!), c.builtAt);
};
