/** Search results page: loads Pagefind's own bundle only here, on demand. */
import { relativeTimePtBR } from '@portal/domain/dates';
import { mergeHits, parseDelta, RECENT_INDEX_DIR, SEARCH_DELTA_FILE, searchShardDirs } from '@portal/domain/search-delta';

type PagefindResult = { data: () => Promise<{ url: string; excerpt: string; meta: Record<string, string> }> };
type Pagefind = {
  search: (q: string) => Promise<{ results: PagefindResult[] }>;
  options?: (o: object) => Promise<void>;
  mergeIndex?: (url: string) => Promise<void>;
};

const PAGE_SIZE = 20;

/**
 * The full index's other parts (a large archive is split: searchShardSize)
 * and the stories published or edited since the last full build, in an index
 * of their own (domain/src/search-delta.ts), merged into the first part.
 */
async function withParts(pagefind: Pagefind): Promise<Set<string>> {
  try {
    const res = await fetch(`/${SEARCH_DELTA_FILE}`, { cache: 'no-cache' });
    const delta = parseDelta(res.ok ? await res.text() : null);
    if (!delta) return new Set();
    const others = searchShardDirs(delta.parts).slice(1);
    // At once: each part is an instance of its own in Pagefind (its entry and metadata fetched in parallel, not one round trip after another).
    await Promise.all([...others, ...(delta.recent ? [RECENT_INDEX_DIR] : [])].map((dir) => pagefind.mergeIndex?.(`/${dir}/`)));
    return new Set(delta.removed);
  } catch {
    return new Set(); // The first part alone still answers.
  }
}

export async function runSearch() {
  const q = new URLSearchParams(location.search).get('q')?.trim() ?? '';
  const input = document.getElementById('search-q') as HTMLInputElement;
  const status = document.getElementById('search-status')!;
  const list = document.getElementById('search-results')!;
  input.value = q;
  if (!q) return;
  status.textContent = 'Buscando...';
  try {
    const path = '/pagefind/pagefind.js';
    const pagefind = (await import(/* @vite-ignore */ path)) as Pagefind;
    const removed = await withParts(pagefind);
    const { results } = await pagefind.search(q);
    // A story may be in both indexes (edited since the full build): its recent record wins.
    const loaded = await Promise.all(results.slice(0, PAGE_SIZE * 2).map((r) => r.data()));
    const hits = mergeHits(
      loaded.map((d) => ({ ...d, url: d.url, fresh: d.meta.fresh === '1' })),
      removed,
    );
    const data = hits.slice(0, PAGE_SIZE);
    const total = results.length - (loaded.length - hits.length);
    status.textContent = data.length ? `${total} ${total === 1 ? 'resultado' : 'resultados'} para "${q}"` : `Nenhuma notícia encontrada para "${q}".`;
    list.replaceChildren(
      ...data.map((d) => {
        const li = document.createElement('li');
        const h = document.createElement('h2');
        h.className = 'text-xl font-bold';
        const a = document.createElement('a');
        a.href = d.url.replace(/\/$/, '');
        a.className = 'hover:text-brand hover:underline';
        a.textContent = d.meta.title ?? d.url;
        h.append(a);
        const p = document.createElement('p');
        p.className = 'mt-1 text-gray-700';
        // Pagefind's excerpt is escaped text with <mark> highlights only.
        p.innerHTML = d.excerpt;
        li.append(h, p);
        if (d.meta.date) {
          const t = document.createElement('time');
          t.dateTime = d.meta.date;
          t.className = 'text-sm text-gray-600';
          t.textContent = relativeTimePtBR(d.meta.date);
          li.append(t);
        }
        return li;
      }),
    );
  } catch {
    status.textContent = 'Não foi possível realizar a busca.';
  }
}
