import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ site }) =>
  new Response(
    `User-agent: *\nDisallow: /admin\nDisallow: /auth\nDisallow: /dashboard\nDisallow: /profile\nDisallow: /api/\n\nSitemap: ${new URL('/sitemap.xml', site).href}\nSitemap: ${new URL('/news-sitemap.xml', site).href}\n`,
  );
