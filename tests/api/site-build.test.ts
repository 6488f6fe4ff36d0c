/**
 * Two site builds side by side with their output outside the checkout (as the
 * builder's full and live lanes run in production and here): each keeps its
 * prerender chunks in its own scratch folder, so neither deletes nor replaces
 * the other's (astro.config.mjs ownPrerenderScratch).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { ROOT } from '../../directus/scripts/lib/paths.ts';
import { buildSite } from '../../scripts/lib/stack.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'portal-side-by-side-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('two builds outside the checkout at once both succeed, and leave no shared scratch behind', async () => {
  const outs = ['a', 'b'].map((d) => path.join(root, d));
  await Promise.all(outs.map((outDir) => buildSite({ directusUrl: inject('directusUrl'), directusToken: inject('siteReaderToken'), outDir, siteUrl: 'http://localhost:4321' })));
  for (const out of outs) {
    expect(existsSync(path.join(out, 'index.html')), out).toBe(true);
    expect(readdirSync(out)).not.toContain('.prerender');
  }
  expect(existsSync(path.join(ROOT, '.astro/.prerender'))).toBe(false);
}, 180_000);
