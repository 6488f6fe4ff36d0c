import { useMutation, useQueryClient } from '@tanstack/react-query';
import { directus, updateItem } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { adsQueries } from './ads-queries.ts';

export const toggleAd = ({ id, is_active }: { id: string; is_active: boolean }) => directus.request(updateItem('ads', id, { is_active }));

export function useToggleAd() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: toggleAd, onSuccess: () => refreshAfterWrite(queryClient, adsQueries.all()) });
}
