import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { municipalitySlug } from '@portal/domain/slug';
import { createItem, directus } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { municipalitiesQueries } from './municipalities-queries.ts';

export const municipalityInputSchema = z.object({
  name: z.string().trim().min(1, 'Nome é obrigatório'),
  slug: z
    .string()
    .trim()
    .min(1, 'Slug é obrigatório')
    .transform((s) => municipalitySlug(s))
    .refine((s) => s.length > 0, 'Slug é obrigatório'),
});
export type MunicipalityInput = z.input<typeof municipalityInputSchema>;

export const createMunicipality = (input: z.output<typeof municipalityInputSchema>) => directus.request(createItem('municipalities', input));

export function useCreateMunicipality() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createMunicipality, onSuccess: () => refreshAfterWrite(queryClient, municipalitiesQueries.all()) });
}
