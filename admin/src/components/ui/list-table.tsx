import type { ReactNode } from 'react';
import { Spinner } from './spinner.tsx';
import { ErrorState } from './states.tsx';

type ListQuery = { isPending: boolean; isError: boolean; refetch: () => unknown };

/**
 * A list screen's body: loading, the error with a retry, the empty text, or
 * the table (whose thead/tbody are the children).
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
  if (query.isPending) return <>{loading}</>;
  if (query.isError) return <ErrorState message={errorMessage} onRetry={() => void query.refetch()} />;
  if (empty) return <p className="rounded-md border border-dashed p-8 text-center text-slate-600">{emptyText}</p>;
  return (
    <div className="overflow-x-auto rounded-lg border bg-white">
      <table className="w-full text-sm">{children}</table>
    </div>
  );
}
