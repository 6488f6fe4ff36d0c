import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteItem, directus } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { municipalitiesQueries } from './municipalities-queries.ts';

export const deleteMunicipality = (id: string) => directus.request(deleteItem('municipalities', id));

export function useDeleteMunicipality() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteMunicipality, onSuccess: () => refreshAfterWrite(queryClient, municipalitiesQueries.all()) });
}
