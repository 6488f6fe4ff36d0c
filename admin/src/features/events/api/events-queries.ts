import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PortalEvent } from '@portal/domain/schema';
import type { ListParams } from '../../../lib/list-params.ts';
import { fetchPage } from '../../../lib/paged-list.ts';

const fetchEvents = (p: ListParams) => fetchPage<PortalEvent>('events', { ...p, fields: ['*'] });

export const eventsQueries = {
  all: () => ['events'] as const,
  lists: () => [...eventsQueries.all(), 'list'] as const,
  list: (p: ListParams) => queryOptions({ queryKey: [...eventsQueries.lists(), p] as const, queryFn: () => fetchEvents(p), placeholderData: keepPreviousData }),
};
