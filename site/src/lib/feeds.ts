/** RSS 2.0 and sitemap XML, written by hand (no extra dependency). */
import { FEED_ITEMS, NEWS_SITEMAP_HOURS, NEWS_SITEMAP_MAX_URLS } from '@portal/domain/archive';
import type { Article } from './content.ts';

export const xmlEscape = (s: string) =>
  s
    .replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!)
    // Characters XML 1.0 forbids would make the whole feed invalid.
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '');

/** When a story last changed for feeds: a live coverage's newest entry counts (issue #30). */
const feedTime = (a: Article) => (a.live && a.modifiedAt && a.modifiedAt > a.publishedAt ? a.modifiedAt : a.publishedAt);

/**
 * The newest stories for a feed (`news` newest first), with the live
 * coverages (issue #30) placed by their newest entry: a coverage that started
 * yesterday and got an entry a minute ago is at the top.
 */
export function latestWithLive(news: readonly Article[], live: readonly Article[], n: number): Article[] {
  const picked = new Set([...news.slice(0, n), ...live]);
  return [...picked].sort((x, y) => (feedTime(x) < feedTime(y) ? 1 : feedTime(x) > feedTime(y) ? -1 : 0)).slice(0, n);
}

export function rss(o: { title: string; description: string; link: string; self: string; items: Article[]; site: URL; live?: Article[] }): string {
  const items = latestWithLive(o.items, o.live ?? [], FEED_ITEMS)
    .map((a) => {
      const url = new URL(`/news/${a.slug}`, o.site).href;
      return `<item><title>${xmlEscape(a.title)}</title><link>${xmlEscape(url)}</link><guid isPermaLink="true">${xmlEscape(url)}</guid><pubDate>${new Date(a.publishedAt).toUTCString()}</pubDate>${
        feedTime(a) !== a.publishedAt ? `<atom:updated>${feedTime(a)}</atom:updated>` : ''
      }${
        a.summary ? `<description>${xmlEscape(a.summary)}</description>` : ''
      }${a.category ? `<category>${xmlEscape(a.category.name)}</category>` : ''}<dc:creator>${xmlEscape(a.author)}</dc:creator></item>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>${xmlEscape(o.title)}</title><link>${xmlEscape(o.link)}</link><description>${xmlEscape(o.description)}</description><language>pt-BR</language><atom:link href="${xmlEscape(o.self)}" rel="self" type="application/rss+xml"/>
${items}
</channel></rss>
`;
}

export function sitemap(urls: { loc: string; lastmod?: string }[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((u) => `<url><loc>${xmlEscape(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`).join('\n')}
</urlset>
`;
}

/** Sitemap index: one entry per sitemap file (sitemaps.org). */
export function sitemapIndex(files: { loc: string; lastmod?: string }[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${files.map((u) => `<sitemap><loc>${xmlEscape(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</sitemap>`).join('\n')}
</sitemapindex>
`;
}

/** Google News sitemap: only news published in the last 48 hours, at most 1,000 (Google's rule). */
/**
 * The site's absolute address of a path. Sitemaps hold tens of thousands of
 * them: a plain path (what slugs and archive paths are made of) is joined to
 * the origin, as URL would resolve it; anything else goes through URL.
 * @example absoluteUrl(new URL('https://portal.com.br'))('/category/politica') // 'https://portal.com.br/category/politica'
 */
const PLAIN_PATH = /^(?=\/)(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*\/?$/;
export function absoluteUrl(site: URL): (path: string) => string {
  const origin = site.origin;
  return (path) => (PLAIN_PATH.test(path) ? origin + path : new URL(path, site).href);
}

/** `items` newest first (Content.news); `live`: the live coverages, in whenever their newest entry is in the window. */
export function newsSitemap(items: Article[], site: URL, publication: string, now: Date, live: readonly Article[] = []): string {
  const since = now.getTime() - NEWS_SITEMAP_HOURS * 3600 * 1000;
  // Newest first: the scan stops at the first story older than the window, not at the end of the archive.
  const recent: Article[] = live.filter((a) => Date.parse(feedTime(a)) >= since && Date.parse(a.publishedAt) < since).slice(0, NEWS_SITEMAP_MAX_URLS);
  for (const a of items) {
    if (Date.parse(a.publishedAt) < since || recent.length === NEWS_SITEMAP_MAX_URLS) break;
    recent.push(a);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
${recent
  .map(
    (a) =>
      `<url><loc>${xmlEscape(new URL(`/news/${a.slug}`, site).href)}</loc>${a.modifiedAt ? `<lastmod>${a.modifiedAt}</lastmod>` : ''}<news:news><news:publication><news:name>${xmlEscape(publication)}</news:name><news:language>pt</news:language></news:publication><news:publication_date>${a.publishedAt}</news:publication_date><news:title>${xmlEscape(a.title)}</news:title></news:news></url>`,
  )
  .join('\n')}
</urlset>
`;
}
