/**
 * Brings an article's related news up to date (issue #8): the page was built
 * with its lists as they were then; each list's `related.json` holds its
 * newest stories now (lib/related-feed.ts), and the same rule as the build
 * (domain/src/related.ts) picks from them. A failed read leaves the built list.
 */
import { LIMITS } from '@portal/domain/limits';
import { pickRelated } from '@portal/domain/related';
import type { RelatedDocument, RelatedItem } from '../related-feed.ts';

async function readFeed(url: string): Promise<RelatedItem[]> {
  const res = await fetch(url, { cache: 'no-cache', credentials: 'omit' });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  const doc = (await res.json()) as RelatedDocument;
  if (!Array.isArray(doc.items)) throw new Error(`${url}: sem itens`);
  return doc.items;
}

/** Replaces the section's cards when the lists now give other stories (or another order); true when it did. */
export function applyRelated(section: HTMLElement, lists: RelatedItem[][], n: number = LIMITS.related): boolean {
  const picked = pickRelated(lists, section.dataset.related ?? '', n);
  const ids = picked.map((x) => x.id).join(' ');
  if (ids === (section.dataset.relatedIds ?? '')) return false;
  const grid = section.querySelector<HTMLElement>('[data-related-grid]');
  if (!grid) return false;
  // Card markup rendered and escaped by the build (NewsCard), like live.json's ads.
  grid.innerHTML = picked.map((x) => x.html).join('');
  section.dataset.relatedIds = ids;
  section.hidden = picked.length === 0;
  return true;
}

export async function refreshRelated(root: ParentNode = document): Promise<boolean> {
  const section = root.querySelector<HTMLElement>('[data-related]');
  const sources = section?.dataset.relatedFrom?.split(' ').filter(Boolean) ?? [];
  if (!section || !sources.length) return false;
  try {
    return applyRelated(section, await Promise.all(sources.map(readFeed)));
  } catch {
    return false; // The built list stands.
  }
}
