import { useEffect, useState } from 'react';
import type { ListParams } from './list-params.ts';

/** Page, sort and a debounced search for a server-side list; a new search or sort goes back to page 1. */
export function useListParams(initialSort: string, delay = 300) {
  const [input, setInput] = useState('');
  const [params, setParams] = useState<ListParams>({ page: 1, search: '', sort: initialSort });
  useEffect(() => {
    if (input === params.search) return;
    const t = window.setTimeout(() => setParams((p) => ({ ...p, page: 1, search: input })), delay);
    return () => window.clearTimeout(t);
  }, [input, params.search, delay]);
  return {
    params,
    searchInput: input,
    setSearchInput: setInput,
    setPage: (page: number) => setParams((p) => ({ ...p, page })),
    setSort: (sort: string) => setParams((p) => ({ ...p, sort, page: 1 })),
  };
}
