import { useMutation, useQueryClient } from '@tanstack/react-query';
import { directus, updateItem } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { municipalitiesQueries } from './municipalities-queries.ts';

export const updateMunicipality = ({ id, input }: { id: string; input: { name: string; slug: string } }) =>
  directus.request(updateItem('municipalities', id, input));

export function useUpdateMunicipality() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMunicipality, onSuccess: () => refreshAfterWrite(queryClient, municipalitiesQueries.all()) });
}
