import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteItem, directus } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { adsQueries } from './ads-queries.ts';

export const deleteAd = (id: string) => directus.request(deleteItem('ads', id));

export function useDeleteAd() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAd, onSuccess: () => refreshAfterWrite(queryClient, adsQueries.all()) });
}
