/**
 * Static card markup for the related-news grid of every article page. The
 * markup comes from the same NewsCard component the home island uses; each
 * distinct card is rendered once per build and reused, because related lists
 * repeat the newest stories of a category or municipality across thousands of
 * pages (about 6 s of a 10,000-page build went to re-rendering them).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import NewsCard from '../components/NewsCard.tsx';
import type { CardNews } from './content.ts';
import { perBuild } from '../build/per-build.ts';

// A warm render process runs many builds: each starts with an empty map.
const cards = perBuild(() => new Map<string, string>());

export function cardHtml(news: CardNews, now: string): string {
  const cache = cards();
  const key = `${news.id}|${now}`;
  let html = cache.get(key);
  if (html === undefined) {
    html = renderToStaticMarkup(createElement(NewsCard, { news, now }));
    cache.set(key, html);
  }
  return html;
}
