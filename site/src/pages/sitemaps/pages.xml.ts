/** Every page that is not a story: home, the privacy and corrections pages, categories and municipalities, their archive indexes and month pages. */
import type { APIRoute } from 'astro';
import { archiveIndexPath, archiveMonthPath, listPath } from '@portal/domain/archive';
import { INSTITUTIONAL_PAGES } from '@portal/domain/settings';
import { categoryPages, content } from '../../lib/content.ts';
import { archiveMonthPages } from '../../build/archive-pages.ts';
import { absoluteUrl, sitemap } from '../../lib/feeds.ts';

export const GET: APIRoute = async ({ site }) => {
  const c = await content();
  const url = absoluteUrl(site!);
  const body = sitemap([
    { loc: url('/'), lastmod: c.news[0]?.publishedAt },
    { loc: url('/privacidade') },
    ...INSTITUTIONAL_PAGES.map((p) => ({ loc: url(p.path) })),
    { loc: url('/correcoes'), lastmod: c.corrections[0]?.at },
    ...categoryPages(c).flatMap((k) => {
      const newest = c.byCategory.get(k.slug)?.[0]?.publishedAt;
      return [{ loc: url(`/category/${k.slug}`), lastmod: newest }, ...(newest ? [{ loc: url(archiveIndexPath(k.slug)), lastmod: newest }] : [])];
    }),
    ...archiveMonthPages(c.byCategory, 'all').map((p) => ({ loc: url(archiveMonthPath(p.category, p.month, p.page)), lastmod: p.items[0]?.publishedAt })),
    ...c.municipalities.flatMap((m) => {
      const newest = c.byMunicipality.get(m.slug)?.[0]?.publishedAt;
      return [{ loc: url(listPath('municipio', m.slug)), lastmod: newest }, ...(newest ? [{ loc: url(archiveIndexPath(m.slug, 'municipio')), lastmod: newest }] : [])];
    }),
    ...c.authors.flatMap((a) => {
      const newest = c.byAuthor.get(a.slug)?.[0]?.publishedAt;
      return [{ loc: url(listPath('autor', a.slug)), lastmod: newest }, ...(newest ? [{ loc: url(archiveIndexPath(a.slug, 'autor')), lastmod: newest }] : [])];
    }),
    ...archiveMonthPages(c.byAuthor, 'all').map((p) => ({ loc: url(archiveMonthPath(p.category, p.month, p.page, 'autor')), lastmod: p.items[0]?.publishedAt })),
    ...archiveMonthPages(c.byMunicipality, 'all').map((p) => ({ loc: url(archiveMonthPath(p.category, p.month, p.page, 'municipio')), lastmod: p.items[0]?.publishedAt })),
  ]);
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
