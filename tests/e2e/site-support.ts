/** Helpers for the public-site e2e specs: axe-core and data lookups. */
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { readItems, tokenClient } from '../../directus/scripts/lib/client.ts';

const AXE = path.resolve('node_modules/axe-core/axe.min.js');

/** Injects axe-core and asserts 0 violations (WCAG 2.1 A/AA plus best practices). */
export async function expectNoAxeViolations(page: Page) {
  // Evaluated, not injected as a <script>: the admin's CSP (rightly) refuses inline scripts.
  await page.evaluate(readFileSync(AXE, 'utf8'));
  const violations = await page.evaluate(async () => {
    const r = await (window as unknown as { axe: { run: (d: Document, o: object) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> }> } }).axe.run(document, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
    });
    return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  });
  expect(violations, 'violações axe-core').toEqual([]);
}

export type PublishedNews = { id: string; slug: string; title: string; summary: string | null; is_featured: boolean; published_at: string; featured_image: string | null };
export type BuiltContent = { published: PublishedNews[]; unpublished: { slug: string; status: string } };

/** Published news as readers see them, newest first, and one that is not public (admin token, filtered like the public policy). */
export async function builtContent(directusUrl: string, token: string): Promise<BuiltContent> {
  const api = tokenClient(directusUrl, token);
  const rows = await api.request(
    readItems('news', {
      fields: ['id', 'slug', 'title', 'summary', 'is_featured', 'published_at', 'featured_image'],
      filter: { status: { _eq: 'published' } },
      sort: ['-published_at'],
      limit: -1,
    }),
  );
  // A scheduled news (published_at ahead) is not public yet.
  const now = Date.now();
  const published = (rows as PublishedNews[]).filter((n) => n.published_at && new Date(n.published_at).getTime() <= now);
  const [unpublished] = await api.request(readItems('news', { fields: ['slug', 'status'], filter: { status: { _neq: 'published' } }, limit: 1 }));
  return { published, unpublished: unpublished as BuiltContent['unpublished'] };
}

/** The content the static build saw (written by global-setup before building). */
function snapshot(): BuiltContent {
  return JSON.parse(readFileSync(path.resolve(process.env.E2E_DIR ?? '.cache/e2e', 'built-content.json'), 'utf8'));
}

/** Published news the build saw, newest first. */
export async function publishedNews(): Promise<PublishedNews[]> {
  return snapshot().published;
}

/** A news item that was not published (draft, pending or archived) when the site was built. */
export async function unpublishedNews(): Promise<{ slug: string; status: string }> {
  return snapshot().unpublished;
}

/** The admin's screen checks serve the public templates too (issue #34): WCAG 2.2 axe (target-size), sideways scroll, phone tap targets. */
export { expectAdminAxeClean as expectAxeCleanWithTargetSize, horizontalOverflow, smallTapTargets } from './admin-support.ts';
