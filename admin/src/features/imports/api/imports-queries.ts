/** Query factory of the portal imports (issue #27): the last real run's report. */
import { queryOptions } from '@tanstack/react-query';
import { getLastImport } from './get-last-import.ts';

export const importsQueries = {
  all: () => ['imports'] as const,
  last: () =>
    queryOptions({
      queryKey: [...importsQueries.all(), 'last'] as const,
      queryFn: getLastImport,
      // A run in progress updates its row at the end: while it runs the page looks again now and then.
      refetchInterval: (query) => (query.state.data?.status === 'running' ? 15_000 : false),
    }),
};
