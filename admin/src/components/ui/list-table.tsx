import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Spinner } from './spinner.tsx';
import { ErrorState } from './states.tsx';

type ListQuery = { isPending: boolean; isError: boolean; refetch: () => unknown };

/**
 * Gives every body cell its column's name (`data-label`, from the header
 * cell: a SortHeader's own label, else its text), which the phone layout
 * shows in front of the value (index.css, `.list-table`).
 */
function labelCells(table: HTMLTableElement | null) {
  const head = table?.tHead?.rows[0];
  if (!table || !head) return;
  const labels = [...head.cells].map((th) => th.dataset.label ?? th.textContent?.trim() ?? '');
  for (const body of table.tBodies) {
    for (const row of body.rows) {
      [...row.cells].forEach((cell, i) => {
        const label = labels[i];
        if (label && cell.dataset.label === undefined) cell.dataset.label = label;
      });
    }
  }
}

/**
 * A list screen's body: loading, the error with a retry, the empty text, or
 * the table (whose thead/tbody are the children). Below 640 px the same table
 * shows as cards (decision 042): one markup, so screen readers keep the table
 * and nothing is rendered twice.
 */
export function ListTable({
  query,
  empty,
  errorMessage,
  emptyText,
  loading = <Spinner />,
  children,
}: {
  query: ListQuery;
  empty: boolean;
  errorMessage: string;
  emptyText: string;
  loading?: ReactNode;
  children: ReactNode;
}) {
  const table = useRef<HTMLTableElement>(null);
  // After every render: rows come and go with paging and search; it is a few dozen attribute reads.
  useLayoutEffect(() => labelCells(table.current));
  if (query.isPending) return <>{loading}</>;
  if (query.isError) return <ErrorState message={errorMessage} onRetry={() => void query.refetch()} />;
  if (empty) return <p className="rounded-md border border-dashed p-8 text-center text-slate-600">{emptyText}</p>;
  return (
    <div className="list-table overflow-x-auto rounded-lg border bg-white">
      <table ref={table} className="w-full text-sm">
        {children}
      </table>
    </div>
  );
}
