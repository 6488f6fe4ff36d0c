import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * After a write: drop reads of these keys still in flight (they may have read
 * the row before the write; TanStack would otherwise reuse them for the
 * refetch), then mark the keys stale so the visible lists reload.
 */
export async function refreshAfterWrite(queryClient: QueryClient, queryKey: QueryKey) {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}
