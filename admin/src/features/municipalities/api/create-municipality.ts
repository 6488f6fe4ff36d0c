import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { municipalitySlug } from '@portal/domain/slug';
import { addIssues, validateMunicipality } from '@portal/domain/validation';
import { createItem, directus } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { municipalitiesQueries } from './municipalities-queries.ts';

export const municipalityInputSchema = z
  .object({ name: z.string(), slug: z.string() })
  .superRefine((m, ctx) => addIssues(validateMunicipality(m), ctx))
  .transform((m) => ({ name: m.name.trim(), slug: municipalitySlug(m.slug.trim()) }));
export type MunicipalityInput = z.input<typeof municipalityInputSchema>;

export const createMunicipality = (input: z.output<typeof municipalityInputSchema>) => directus.request(createItem('municipalities', input));

export function useCreateMunicipality() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createMunicipality, onSuccess: () => refreshAfterWrite(queryClient, municipalitiesQueries.all()) });
}
