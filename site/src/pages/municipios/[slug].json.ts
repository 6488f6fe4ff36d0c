import type { APIRoute, GetStaticPaths } from 'astro';
import { LIMITS } from '@portal/domain/limits';
import { content, toCard, type CardNews } from '../../lib/content.ts';
import { inLists } from '../../build/archive-pages.ts';

/** The home filter's data: each municipality's newest news as cards (see islands/LatestNews.tsx). */
export const getStaticPaths = (async () => {
  const c = await content();
  return c.municipalities
    .filter((m) => inLists(c.lists, 'municipio', m.slug))
    .map((m) => ({
      params: { slug: m.slug },
      props: { cards: (c.byMunicipality.get(m.slug) ?? []).slice(0, LIMITS.homeGrid).map(toCard) },
    }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => Response.json((props as { cards: CardNews[] }).cards);
