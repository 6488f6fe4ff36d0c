import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteItem, directus } from '../../../lib/directus.ts';
import { adsQueries } from './ads-queries.ts';

export const deleteAd = (id: string) => directus.request(deleteItem('ads', id));

export function useDeleteAd() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAd, onSuccess: () => queryClient.invalidateQueries({ queryKey: adsQueries.all() }) });
}
