import { useMutation, useQueryClient } from '@tanstack/react-query';
import { directus, updateItem } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { adsQueries } from './ads-queries.ts';
import { adPayload, type AdInput } from './create-ad.ts';

export const updateAd = ({ id, input }: { id: string; input: AdInput }) => directus.request(updateItem('ads', id, adPayload(input)));

export function useUpdateAd() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAd, onSuccess: () => refreshAfterWrite(queryClient, adsQueries.all()) });
}
