import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { categorySlug } from '@portal/domain/slug';
import { addIssues, validateCategory } from '@portal/domain/validation';
import { createItem, directus } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { categoriesQueries } from './categories-queries.ts';

export const categoryInputSchema = z
  .object({ name: z.string(), description: z.string() })
  .superRefine((c, ctx) => addIssues(validateCategory(c), ctx));
export type CategoryInput = z.infer<typeof categoryInputSchema>;

/** Slug from the name (spec section 5); empty description saved as null. */
export const categoryPayload = (input: CategoryInput) => ({
  name: input.name.trim(),
  slug: categorySlug(input.name),
  description: input.description.trim() || null,
});

export const createCategory = (input: CategoryInput) => directus.request(createItem('categories', categoryPayload(input)));

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCategory, onSuccess: () => refreshAfterWrite(queryClient, categoriesQueries.all()) });
}
