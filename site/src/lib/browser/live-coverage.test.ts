// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_POLL_HIDDEN_MS, LIVE_POLL_MS, liveFeed, type LiveEntryView, type LiveFeed } from '@portal/domain/live';
import { startLiveCoverage } from './live-coverage.ts';
import { liveEntry, minuteAt } from '@portal/domain/testing/live-entry';

const at = minuteAt;
const entry = liveEntry;
// The parts components/LiveEntry.astro renders (its template: every part, empty).
const TEMPLATE = `<li tabindex="-1"><p><span data-part="pinned">Fixado</span><time data-part="time"></time><span data-part="byline">· Por <span data-part="author"></span></span></p><div data-part="body"></div><figure data-part="figure"><img alt=""><figcaption data-part="caption"></figcaption></figure><p data-part="correction"><strong data-part="correction-label"></strong> <span data-part="note"></span> (<time data-part="corrected"></time>)</p><p data-part="story">Leia a notícia completa: <a></a></p></li>`;
const shownLi = (e: LiveEntryView) => `<li id="atualizacao-${e.id}" data-at="${e.at}" data-updated="${e.updatedAt}"${e.pinned ? ' data-pinned' : ''}>${e.id}</li>`;

function page(entries: LiveEntryView[]) {
  document.body.innerHTML = `<span data-live-badge class="bg-red-600">Ao vivo</span><p id="reading">Texto sendo lido</p>
  <section data-live data-live-feed="/news/cirio/ao-vivo.json" data-live-state="live" data-live-ref="${at(0)}">
    <button data-live-new hidden></button><ol data-live-entries>${entries.map(shownLi).join('')}</ol>
    <template data-live-template>${TEMPLATE}</template></section>`;
}
const ids = () => [...document.querySelectorAll<HTMLElement>('[data-live-entries] > li')].map((li) => li.id.replace('atualizacao-', ''));
const button = () => document.querySelector<HTMLButtonElement>('[data-live-new]')!;

let served: { feed: LiveFeed; etag: string };
let requests: Array<Record<string, string>>;
let running: Array<{ stop(): void } | null> = [];
const start = () => {
  const live = startLiveCoverage();
  running.push(live);
  return live;
};
beforeEach(() => {
  vi.useFakeTimers();
  Element.prototype.scrollIntoView = () => {}; // jsdom lays nothing out
  requests = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    requests.push(headers);
    if (headers['if-none-match'] === served.etag) return new Response(null, { status: 304 });
    return new Response(JSON.stringify(served.feed), { status: 200, headers: { etag: served.etag } });
  });
});
afterEach(() => {
  for (const live of running) live?.stop();
  running = [];
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
const serve = (entries: LiveEntryView[], state: 'live' | 'ended' = 'live', etag = `"${Math.random()}"`) => (served = { feed: liveFeed({ state, startedAt: at(0), endedAt: null }, entries), etag });
const tick = async (ms: number) => {
  await vi.advanceTimersByTimeAsync(ms);
};

describe('live coverage in the browser (issue #30)', () => {
  it('new entries wait behind the button; pressing it puts them at the top, below the pinned ones, built from the template', async () => {
    const pinned = entry('p', 0, { pinned: true });
    const first = [pinned, entry('a', 1)];
    page(first);
    serve(first, 'live', '"1"');
    const live = start()!;
    await tick(LIVE_POLL_MS);
    expect(requests).toEqual([{}]);
    serve([...first, entry('b', 2, { author: { name: 'Ana', slug: 'ana' }, correction: { note: 'Nome <b>corrigido</b>.', at: at(3) } })], 'live', '"2"');
    await tick(LIVE_POLL_MS);
    expect(requests[1]).toEqual({ 'if-none-match': '"1"' });
    expect(ids()).toEqual(['p', 'a']);
    expect(button().hidden).toBe(false);
    expect(button().textContent).toBe('1 nova atualização');
    button().click();
    expect(ids()).toEqual(['p', 'b', 'a']);
    expect(button().hidden).toBe(true);
    const b = document.getElementById('atualizacao-b')!;
    expect(b.querySelector('[data-part="body"]')!.innerHTML).toBe('<p>Texto b</p>');
    expect(b.querySelector('[data-part="author"] a')!.getAttribute('href')).toBe('/autor/ana');
    // Text stays text: the note is never parsed as markup.
    expect(b.querySelector('[data-part="note"]')!.textContent).toBe('Nome <b>corrigido</b>.');
    expect(b.querySelector('[data-part="pinned"], [data-part="figure"], [data-part="story"]')).toBeNull();
    expect(document.activeElement).toBe(b);
    // Unchanged since: a 304, nothing moves.
    await tick(LIVE_POLL_MS);
    expect(ids()).toEqual(['p', 'b', 'a']);
    live.stop();
  });

  it('an edited entry changes in place and a removed one disappears, without the button', async () => {
    const first = [entry('a', 1), entry('b', 2)];
    page(first);
    serve(first);
    start();
    serve([entry('a', 1, { updatedAt: at(9), story: { title: 'Virou notícia', slug: 'virou' } })]);
    await tick(LIVE_POLL_MS);
    expect(ids()).toEqual(['a']);
    expect(document.querySelector('#atualizacao-a [data-part="story"] a')!.getAttribute('href')).toBe('/news/virou');
    expect(button().hidden).toBe(true);
  });

  it('polls less often while the tab is hidden, and at once when it is back after the interval', async () => {
    page([]);
    serve([]);
    let hidden = true;
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    start();
    await tick(LIVE_POLL_MS);
    expect(requests).toHaveLength(0);
    await tick(LIVE_POLL_HIDDEN_MS - LIVE_POLL_MS);
    expect(requests).toHaveLength(1);
    await tick(LIVE_POLL_HIDDEN_MS - 1);
    expect(requests).toHaveLength(1);
    hidden = false;
    document.dispatchEvent(new Event('visibilitychange'));
    await tick(0);
    expect(requests).toHaveLength(2);
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
  });

  it('stops once the coverage ends, and says so', async () => {
    page([entry('a', 1)]);
    serve([entry('a', 1)], 'ended');
    start();
    await tick(LIVE_POLL_MS);
    await tick(LIVE_POLL_MS * 5);
    expect(requests).toHaveLength(1);
    const badge = document.querySelector('[data-live-badge]')!;
    expect(badge.textContent).toBe('Cobertura encerrada');
    expect(badge.classList.contains('bg-red-600')).toBe(false);
  });
});
