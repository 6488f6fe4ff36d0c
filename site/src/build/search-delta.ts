/**
 * The search delta of a build (domain/src/search-delta.ts): a full build
 * stamps when it read its data; a targeted build carries the previous
 * release's stamp and indexes what changed since into /pagefind-recent/.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildPlan, type BuildPlan } from '@portal/domain/build-contract';
import { changedSince, nextDelta, parseDelta, SEARCH_DELTA_FILE, searchParts, searchShardSize, type SearchDelta } from '@portal/domain/search-delta';
import type { Article, Content } from '../lib/content-types.ts';

type Targeted = NonNullable<BuildPlan['targeted']>;

/** The stamp and removals of the release this build is laid over. */
function previous(targeted: Targeted): Pick<SearchDelta, 'since' | 'removed' | 'parts'> {
  const dir = targeted.previousRelease;
  const file = path.join(dir, SEARCH_DELTA_FILE);
  const delta = parseDelta(existsSync(file) ? readFileSync(file, 'utf8') : null);
  if (delta) return delta;
  // A release from before the delta existed: its index is as old as its files.
  const entry = path.join(dir, 'pagefind', 'pagefind-entry.json');
  return { since: existsSync(entry) ? statSync(entry).mtime.toISOString() : new Date(0).toISOString(), removed: [], parts: 1 };
}

/** Stories the recent index of this build holds (none in a full build). */
export function recentStories(c: Pick<Content, 'news'>, plan: BuildPlan = buildPlan(process.env)): Article[] {
  if (!plan.targeted) return [];
  // Asked twice per build (the delta and the recent index): the archive is scanned once.
  const since = previous(plan.targeted).since;
  const hit = recent.get(c.news);
  if (hit?.since === since) return hit.stories;
  const stories = changedSince(c.news, since);
  recent.set(c.news, { since, stories });
  return stories;
}
const recent = new WeakMap<readonly Article[], { since: string; stories: Article[] }>();

export function searchDelta(c: Pick<Content, 'news' | 'bySlug' | 'builtAt'>, plan: BuildPlan = buildPlan(process.env)): SearchDelta {
  if (!plan.targeted) return { since: c.builtAt.toISOString(), parts: searchParts(c.news.length, searchShardSize(process.env)), removed: [], recent: false };
  const slugs = plan.targeted.slugs.filter(Boolean);
  return nextDelta(previous(plan.targeted), slugs, c.bySlug, recentStories(c, plan).length > 0);
}
