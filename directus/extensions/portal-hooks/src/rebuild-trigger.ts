/**
 * Which writes change what readers see, and the call that asks the builder
 * to rebuild. News edits are targeted (only the touched articles; drafts
 * never trigger anything); other public collections are site-wide changes:
 * a targeted build of every page that is not a story, in the live lane, with
 * the story pages caught up by the builder's debounced full build.
 */
import { catalogueChange, LIVE_ONLY, SITE_WIDE, type BuildRequest, type TargetedRequest } from '@portal/domain/build-contract';
import { catalogueListOf, monthKey } from '@portal/domain/archive';
import { isPubliclyVisible } from '@portal/domain/news-status';

export const SITE_WIDE_COLLECTIONS = ['categories', 'municipalities', 'settings', 'events', 'ads', 'profiles'] as const;

/** Collections that reach the per-list pages through /live.json (settings, ads) or are not on them (events). */
const LIVE_COLLECTIONS: ReadonlySet<string> = new Set(['settings', 'ads', 'events']);

/**
 * The build a change in a site-wide collection asks for. A category or
 * municipality names its addresses before the change and after it (a rename
 * may move the list): only that list's pages are rendered at once.
 */
export function siteWideRequest(collection: string, slugs: { before: readonly string[]; after: readonly string[] } = { before: [], after: [] }): TargetedRequest {
  const list = catalogueListOf(collection);
  if (list) return catalogueChange(list, [...slugs.before, ...slugs.after]);
  return LIVE_COLLECTIONS.has(collection) ? LIVE_ONLY : SITE_WIDE;
}

export type NewsState = { id: string; slug: string; status: string; published_at: string | null };
export type RebuildRequest = BuildRequest;

/** A news change matters when the article was public before or is public now. */
export function newsRebuild(before: NewsState[], after: NewsState[], now: Date): TargetedRequest | null {
  const touched = [...before.filter((n) => isPubliclyVisible(n, now)), ...after.filter((n) => isPubliclyVisible(n, now))];
  if (touched.length === 0) return null;
  const states = [...before, ...after].filter((n) => touched.some((t) => t.id === n.id));
  return {
    full: false,
    news: [...new Set(states.map((n) => n.id))],
    slugs: [...new Set(states.map((n) => n.slug))],
    // The archive months the story was listed in and is listed in now (Belém time).
    months: [...new Set(touched.map((n) => monthKey(n.published_at!)))],
  };
}

export type Notifier = (req: RebuildRequest) => Promise<void>;

/** POSTs to the builder; a builder that is down must never fail the editor's save. */
export function builderNotifier(url: string | undefined, token: string | undefined, warn: (msg: string) => void): Notifier {
  if (!url) return async () => {};
  return async (req) => {
    try {
      const res = await fetch(`${url.replace(/\/$/, '')}/hooks/rebuild`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-builder-token': token ?? '' },
        body: JSON.stringify(req),
        signal: AbortSignal.timeout(3000),
      });
      if (!res.ok) warn(`portal: o construtor do site respondeu ${res.status}`);
    } catch (e) {
      warn(`portal: construtor do site indisponível (${e instanceof Error ? e.message : String(e)})`);
    }
  };
}
