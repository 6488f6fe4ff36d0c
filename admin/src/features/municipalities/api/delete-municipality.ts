import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteItem, directus } from '../../../lib/directus.ts';
import { municipalitiesQueries } from './municipalities-queries.ts';

export const deleteMunicipality = (id: string) => directus.request(deleteItem('municipalities', id));

export function useDeleteMunicipality() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteMunicipality, onSuccess: () => queryClient.invalidateQueries({ queryKey: municipalitiesQueries.all() }) });
}
