/** Server-side pagination controls: lists never load more than one page. */
export function Pagination({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (p: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize) return null;
  return (
    <nav aria-label="Paginação" className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
      <span>
        Página {page} de {pages} ({total} itens)
      </span>
      <div className="flex gap-2">
        <button type="button" className="rounded border px-3 py-1 disabled:opacity-50" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Anterior
        </button>
        <button type="button" className="rounded border px-3 py-1 disabled:opacity-50" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Próxima
        </button>
      </div>
    </nav>
  );
}

/** Sortable column header; Directus sort syntax ("name" / "-name"). */
export function SortHeader({ label, field, sort, onSort }: { label: string; field: string; sort: string; onSort: (s: string) => void }) {
  const active = sort === field ? 'ascending' : sort === `-${field}` ? 'descending' : 'none';
  return (
    <th scope="col" aria-sort={active} data-label={label} className="px-3 py-2 text-left">
      <button type="button" className="font-semibold" onClick={() => onSort(sort === field ? `-${field}` : field)}>
        {label}
        {active === 'ascending' ? ' ↑' : active === 'descending' ? ' ↓' : ''}
      </button>
    </th>
  );
}
