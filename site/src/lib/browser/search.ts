/** Search results page: loads Pagefind's own bundle only here, on demand. */
import { relativeTimePtBR } from '@portal/domain/dates';

type PagefindResult = { data: () => Promise<{ url: string; excerpt: string; meta: Record<string, string> }> };
type Pagefind = { search: (q: string) => Promise<{ results: PagefindResult[] }>; options?: (o: object) => Promise<void> };

const PAGE_SIZE = 20;

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
    const { results } = await pagefind.search(q);
    const data = await Promise.all(results.slice(0, PAGE_SIZE).map((r) => r.data()));
    status.textContent = data.length
      ? `${results.length} ${results.length === 1 ? 'resultado' : 'resultados'} para "${q}"`
      : `Nenhuma notícia encontrada para "${q}".`;
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
