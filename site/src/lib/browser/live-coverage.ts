/**
 * A live story's page keeps up without reload (issue #30): it polls the
 * story's feed (domain/live liveFeedPath, a static file of each build) every
 * LIVE_POLL_MS, every LIVE_POLL_HIDDEN_MS while the tab is hidden, and stops
 * once the coverage ends. New entries wait behind a "N novas atualizações"
 * button (fixed: the text being read never moves); edited, corrected and
 * removed ones change in place. Plain DOM, loaded on live pages only.
 *
 * Entries are made from the page's own <template> (the markup the build
 * renders, components/LiveEntry.astro); the feed's `html` was sanitized by
 * the build and is the only thing ever parsed as HTML.
 */
import {
  anchorEntryId,
  entryOrder,
  entryTimeLabel,
  feedChanges,
  LIVE_POLL_HIDDEN_MS,
  LIVE_POLL_MS,
  liveEntryAnchor,
  newUpdatesLabel,
  type LiveEntryView,
  type LiveFeed,
} from '@portal/domain/live-feed';
import { LIVE_ENDED_BADGE } from '@portal/domain/live-badge';
import { CORRECTION_LABEL } from '@portal/domain/corrections';
import { formatDatePtBR } from '@portal/domain/dates';
import { responsiveImage } from '@portal/domain/images';
import { LIVE_IMAGE_SIZES, LIVE_IMAGE_WIDTHS } from '../live-images.ts';

type Shown = { at: string; updatedAt: string; pinned: boolean };

const part = (root: ParentNode, name: string) => root.querySelector<HTMLElement>(`[data-part="${name}"]`);

/** One entry's element from the page's template, filled with DOM APIs (text as text). */
export function entryElement(template: HTMLTemplateElement, e: LiveEntryView, ref: string): HTMLElement {
  const li = (template.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
  li.id = liveEntryAnchor(e.id);
  li.dataset.at = e.at;
  li.dataset.updated = e.updatedAt;
  li.toggleAttribute('data-pinned', e.pinned);
  if (!e.pinned) part(li, 'pinned')?.remove();
  const time = part(li, 'time') as HTMLTimeElement;
  time.dateTime = e.at;
  time.textContent = entryTimeLabel(e.at, ref);
  const author = part(li, 'author')!;
  if (!e.author) part(li, 'byline')!.remove();
  else if (e.author.slug) {
    const a = document.createElement('a');
    a.href = `/autor/${e.author.slug}`;
    a.className = 'hover:underline';
    a.textContent = e.author.name;
    author.replaceChildren(a);
  } else author.textContent = e.author.name;
  // The build's sanitized body: parsed inert in a template, then moved in.
  const body = document.createElement('template');
  body.innerHTML = e.html;
  part(li, 'body')!.replaceChildren(body.content);
  if (!e.image) part(li, 'figure')!.remove();
  else {
    const img = li.querySelector<HTMLImageElement>('[data-part="figure"] img')!;
    const r = responsiveImage(e.image.src, LIVE_IMAGE_WIDTHS);
    img.src = r.src;
    if (r.srcset) {
      img.srcset = r.srcset;
      img.sizes = LIVE_IMAGE_SIZES;
    }
    img.width = r.width;
    img.height = r.height;
    img.alt = e.image.caption ?? '';
    if (e.image.caption) part(li, 'caption')!.textContent = e.image.caption;
    else part(li, 'caption')!.remove();
  }
  if (!e.correction) part(li, 'correction')!.remove();
  else {
    part(li, 'correction-label')!.textContent = CORRECTION_LABEL;
    part(li, 'note')!.textContent = e.correction.note;
    const at = part(li, 'corrected') as HTMLTimeElement;
    at.dateTime = e.correction.at;
    at.textContent = formatDatePtBR(e.correction.at);
  }
  if (!e.story) part(li, 'story')!.remove();
  else {
    const a = li.querySelector<HTMLAnchorElement>('[data-part="story"] a')!;
    a.href = `/news/${e.story.slug}`;
    a.textContent = e.story.title;
  }
  return li;
}

/** Puts `li` where reading order has it among the list's entries (pinned first, then newest). */
function place(list: HTMLElement, li: HTMLElement, e: Pick<LiveEntryView, 'id' | 'at' | 'pinned'>) {
  for (const other of list.querySelectorAll<HTMLElement>(':scope > [data-at]')) {
    if (other === li) continue;
    const o = { id: anchorEntryId(other.id) ?? '', at: other.dataset.at!, pinned: other.hasAttribute('data-pinned') };
    if (entryOrder(e, o) < 0) return list.insertBefore(li, other);
  }
  list.append(li);
}

export function startLiveCoverage(root: Document = document): { stop(): void } | null {
  const box = root.querySelector<HTMLElement>('[data-live]');
  const list = box?.querySelector<HTMLElement>('[data-live-entries]');
  const template = box?.querySelector<HTMLTemplateElement>('template[data-live-template]');
  const button = box?.querySelector<HTMLButtonElement>('[data-live-new]');
  if (!box || !list || !template || !button || box.dataset.liveState !== 'live') return null;
  const url = box.dataset.liveFeed!;
  let ref = box.dataset.liveRef ?? new Date().toISOString();
  const shown = new Map<string, Shown>();
  for (const li of list.querySelectorAll<HTMLElement>(':scope > [data-at]')) {
    const id = anchorEntryId(li.id);
    if (id) shown.set(id, { at: li.dataset.at!, updatedAt: li.dataset.updated!, pinned: li.hasAttribute('data-pinned') });
  }
  const pending = new Map<string, LiveEntryView>();
  let etag: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = 0;
  let stopped = false;

  const elementOf = (id: string) => root.getElementById(liveEntryAnchor(id));
  const show = (e: LiveEntryView) => {
    const li = entryElement(template, e, ref);
    elementOf(e.id)?.remove();
    place(list, li, e);
    shown.set(e.id, { at: e.at, updatedAt: e.updatedAt, pinned: e.pinned });
    return li;
  };
  const updateButton = () => {
    button.hidden = pending.size === 0;
    button.textContent = newUpdatesLabel(pending.size);
  };

  function apply(feed: LiveFeed) {
    const newest = feed.entries.reduce((m, e) => (e.at > m ? e.at : m), '');
    if (newest > ref) ref = newest;
    const { added, changed, removed } = feedChanges(feed, shown);
    for (const id of removed) {
      elementOf(id)?.remove();
      shown.delete(id);
    }
    // Edited in place (a pinned one moves to its place): the reader asked for nothing new.
    for (const e of changed) show(e);
    // Arrivals wait for the reader; one removed or changed meanwhile follows the feed.
    const inFeed = new Set(feed.entries.map((e) => e.id));
    for (const id of pending.keys()) if (!inFeed.has(id)) pending.delete(id);
    for (const e of added) pending.set(e.id, e);
    updateButton();
    if (feed.state === 'ended') end();
  }

  function end() {
    stop();
    const badge = root.querySelector<HTMLElement>('[data-live-badge]');
    if (badge) {
      badge.textContent = LIVE_ENDED_BADGE;
      badge.classList.remove('bg-red-600');
      badge.classList.add('bg-gray-700');
    }
    box!.dataset.liveState = 'ended';
  }

  async function poll() {
    last = Date.now();
    try {
      // The browser revalidates (no-cache); the validator we hold makes an unchanged feed a bodiless 304.
      const res = await fetch(url, { cache: 'no-cache', credentials: 'omit', headers: etag ? { 'if-none-match': etag } : {} });
      if (res.status === 404) return stop(); // the coverage left the site (or its live mode): nothing more will come
      if (res.ok) {
        etag = res.headers.get('etag');
        apply((await res.json()) as LiveFeed);
      }
    } catch {
      // Offline for a moment: the next poll tries again.
    }
    if (!stopped) schedule(document.hidden ? LIVE_POLL_HIDDEN_MS : LIVE_POLL_MS);
  }
  function schedule(ms: number) {
    clearTimeout(timer);
    timer = setTimeout(() => void poll(), ms);
  }
  function stop() {
    stopped = true;
    clearTimeout(timer);
    root.removeEventListener('visibilitychange', onVisibility);
  }
  // Back on the tab: due now if a visible poll's interval has passed since the last one.
  function onVisibility() {
    if (!root.hidden) schedule(Math.max(0, LIVE_POLL_MS - (Date.now() - last)));
  }

  button.addEventListener('click', () => {
    const arrived = [...pending.values()].sort(entryOrder);
    pending.clear();
    updateButton();
    const first = arrived.map(show)[0];
    // To the newest (below the pinned ones), focus included: keyboard and screen readers go there too.
    const target = first ?? list;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  });
  root.addEventListener('visibilitychange', onVisibility);
  schedule(root.hidden ? LIVE_POLL_HIDDEN_MS : LIVE_POLL_MS);
  return { stop };
}
