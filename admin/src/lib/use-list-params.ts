import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ListParams } from './list-params.ts';

/** The list's state in the address (?pagina=2&busca=…&ordem=…): a reload, the back button or a story opened and closed keep it. */
const KEYS = { page: 'pagina', search: 'busca', sort: 'ordem' } as const;

/**
 * Page, sort, a debounced search and named filters for a server-side list,
 * kept in the URL (issue #34: the story editor is a page of its own, and
 * coming back from it lands on the same page of the same list). A new search,
 * sort or filter goes back to page 1. Values equal to their default are left
 * out of the address.
 */
export function useListParams(initialSort: string, delay = 300) {
  const [url, setUrl] = useSearchParams();
  const params: ListParams = {
    page: Math.max(1, Number.parseInt(url.get(KEYS.page) ?? '', 10) || 1),
    search: url.get(KEYS.search) ?? '',
    sort: url.get(KEYS.sort) ?? initialSort,
  };

  /** Sets (or, with null, removes) some parameters; replaces the history entry, so Back leaves the list. */
  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setUrl(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v === null || v === '') next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace: true },
      ),
    [setUrl],
  );

  // The box follows the address when it changes from outside (Back, a link); typing updates the address after a pause.
  const [input, setInput] = useState(params.search);
  const [seen, setSeen] = useState(params.search);
  if (seen !== params.search) {
    setSeen(params.search);
    setInput(params.search);
  }
  useEffect(() => {
    if (input === params.search) return;
    const t = window.setTimeout(() => update({ [KEYS.search]: input, [KEYS.page]: null }), delay);
    return () => window.clearTimeout(t);
  }, [input, params.search, delay, update]);

  return {
    params,
    searchInput: input,
    setSearchInput: setInput,
    setPage: (page: number) => update({ [KEYS.page]: page > 1 ? String(page) : null }),
    setSort: (sort: string) => update({ [KEYS.sort]: sort === initialSort ? null : sort, [KEYS.page]: null }),
    /** A named filter of this list (e.g. the news status), `fallback` when the address has none. */
    filter: <T extends string>(name: string, fallback: T): T => (url.get(name) as T | null) ?? fallback,
    setFilter: (name: string, value: string, fallback: string) => update({ [name]: value === fallback ? null : value, [KEYS.page]: null }),
  };
}
