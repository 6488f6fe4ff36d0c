/** Helpers for the public-site e2e specs: axe-core and data lookups. */
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { readItems } from '../../directus/scripts/lib/client.ts';
import { adminApi } from './support.ts';

const AXE = path.resolve('node_modules/axe-core/axe.min.js');

/** Injects axe-core and asserts 0 violations (WCAG 2.1 A/AA plus best practices). */
export async function expectNoAxeViolations(page: Page) {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const r = await (window as unknown as { axe: { run: (d: Document, o: object) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> }> } }).axe.run(document, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
    });
    return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  });
  expect(violations, 'violações axe-core').toEqual([]);
}

export type PublishedNews = { id: string; slug: string; title: string; summary: string | null; is_featured: boolean; published_at: string };

/** Published news as readers see them, newest first (admin token, filtered like the public policy). */
export async function publishedNews(): Promise<PublishedNews[]> {
  const rows = await adminApi().request(
    readItems('news', {
      fields: ['id', 'slug', 'title', 'summary', 'is_featured', 'published_at'],
      filter: { status: { _eq: 'published' } },
      sort: ['-published_at'],
      limit: -1,
    }),
  );
  // A scheduled news (published_at ahead) is not public yet.
  const now = Date.now();
  return (rows as PublishedNews[]).filter((n) => n.published_at && new Date(n.published_at).getTime() <= now);
}

/** A news item that is not published (draft, pending or archived). */
export async function unpublishedNews(): Promise<{ slug: string; status: string }> {
  const rows = await adminApi().request(readItems('news', { fields: ['slug', 'status'], filter: { status: { _neq: 'published' } }, limit: 1 }));
  return rows[0] as { slug: string; status: string };
}
