/**
 * Permanent URLs at the edge (issue #8): a request for a news or list address
 * that has no page is looked up in the live release's redirects.json (written by
 * site/src/pages/redirects.json.ts). The front server answers with it, and so
 * does the builder's GET /redirect, which nginx asks on a miss — one lookup
 * for both. Rule: domain/src/permalinks.ts.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isLegacyEntry, legacyRequestKey, movedListPath, redirectTarget } from '@portal/domain/permalinks';

export { isLegacyQuery } from '@portal/domain/permalinks';

export const REDIRECTS_FILE = 'redirects.json';

// The last release's map only: a new release replaces it (no growth, no sharing between releases).
let cached: { file: string; mtimeMs: number; map: Map<string, string> } | null = null;

function aliases(siteDir: string): Map<string, string> {
  const file = path.join(siteDir, REDIRECTS_FILE);
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return new Map();
  }
  if (cached && cached.file === file && cached.mtimeMs === mtimeMs) return cached.map;
  let map = new Map<string, string>();
  try {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    map = new Map(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    // A damaged file means no redirects, never a failed request.
  }
  cached = { file, mtimeMs, map };
  return map;
}

/**
 * Where an old address moved, with the query to send along: `/news/<old>/` →
 * the story's address now, `/category/<old>/…` and `/municipio/<old>/…` → the
 * same page of the renamed list, an imported portal's address (`/2020/05/03/x/`,
 * `/?p=12`, issue #27) → the story or list it became; null when the address is
 * not an old one. `search` is the request's query (`?utm_source=…`): kept on a
 * story's or list's move, dropped on a legacy one (its query was the key).
 */
export function movedAddress(siteDir: string, pathname: string, search = ''): string | null {
  const map = aliases(siteDir);
  const m = /^\/news\/([a-z0-9-]{1,320})\/?$/.exec(pathname);
  if (m) {
    const to = redirectTarget(map, m[1]!);
    if (to) return `/news/${to}/${search}`;
  } else {
    const list = movedListPath(map, pathname);
    if (list) return list + search;
  }
  const key = legacyRequestKey(pathname, new URLSearchParams(search));
  const legacy = key ? map.get(key) : undefined;
  return legacy && key && isLegacyEntry(key, legacy) ? legacy : null;
}

