/** The municipality's newest stories for old pages' related news (lib/related-feed.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { content, municipalityPaths } from '../../../lib/content.ts';
import { relatedDocument } from '../../../lib/related-feed.ts';

export const getStaticPaths = municipalityPaths satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const c = await content();
  return relatedDocument(c.byMunicipality.get(params.slug!), c.builtAt);
};
