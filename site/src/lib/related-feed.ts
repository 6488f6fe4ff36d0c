/**
 * A list's related document (`/category/<slug>/related.json`,
 * `/municipio/<slug>/related.json`): its newest stories as the cards an
 * article's related grid shows. Every build that writes the list's pages
 * writes it, so a publish reaches the related news of every old story page
 * through one small file per list (lib/browser/related.ts), not by
 * re-rendering the archive (issue #8, docs/decisions/006-publish-pipeline.md).
 */
import type { Article } from './content.ts';
import { relatedFeed, toCard } from './content.ts';
import { cardHtml } from './card-html.ts';

export type RelatedItem = { id: string; publishedAt: string; html: string };
export type RelatedDocument = { items: RelatedItem[] };

export function relatedDocument(list: readonly Article[] | undefined, builtAt: Date): Response {
  const now = builtAt.toISOString();
  const body: RelatedDocument = { items: relatedFeed(list).map((a) => ({ id: a.id, publishedAt: a.publishedAt, html: cardHtml(toCard(a), now) })) };
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json; charset=utf-8' } });
}

/** The related documents of a story's lists, in the order its first paint used them (category, then municipality). */
export function relatedSources(a: Pick<Article, 'category' | 'municipality'>): string[] {
  return [a.category ? `/category/${a.category.slug}/related.json` : null, a.municipality ? `/municipio/${a.municipality.slug}/related.json` : null].filter(
    (x): x is string => x !== null,
  );
}
