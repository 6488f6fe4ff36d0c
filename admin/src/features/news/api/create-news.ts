/** Create a news item: the form's zod schema, the payload rules of sections 5–6 and the mutation hook. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { NEWS_STATUSES } from '@portal/domain/news-status';
import { mayFeature, newsSlugFor } from '@portal/domain/news-rules';
import { isEditorLevel, type Role } from '@portal/domain/roles';
import { addIssues, validateNews } from '@portal/domain/validation';
import { createItem, directus } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { newsQueries } from './news-queries.ts';

export const newsInputSchema = z
  .object({
  title: z.string(),
  /** Blank: derived from the title. Fixed once the story went out (domain/src/permalinks.ts). */
  slug: z.string(),
  summary: z.string(),
  content: z.string(),
  status: z.enum(NEWS_STATUSES),
  category_id: z.string().nullable(),
  municipality_id: z.string().nullable(),
  featured_image: z.string().nullable(),
  featured_image_caption: z.string().nullable(),
  /** The original and the 4:3 and 1:1 versions (JSON from the crop dialog); absent in drafts saved before them. */
  featured_image_renditions: z.string().nullable().optional(),
  is_featured: z.boolean(),
  /** ISO timestamp; only meaningful for editor-level users publishing. */
  scheduled_at: z.string().nullable(),
  })
  .superRefine((n, ctx) => addIssues(validateNews(n), ctx));
export type NewsInput = z.infer<typeof newsInputSchema>;

const blankToNull = (v: string | null) => (v && v.trim() ? v.trim() : null);

/**
 * What is sent to Directus. Slug as typed, else from the title; blank text becomes null;
 * the schedule only for editor-level users saving as published (blank = now);
 * is_featured only from those who may feature (the server refuses `true` from the others).
 * The municipality as chosen: the server decides who may set or change it (domain/news-rules).
 */
export function newsPayload(input: NewsInput, role: Role | null): Record<string, unknown> {
  const editor = isEditorLevel(role);
  const payload: Record<string, unknown> = {
    title: input.title.trim(),
    slug: newsSlugFor(input),
    summary: blankToNull(input.summary),
    content: input.content,
    status: input.status,
    category_id: input.category_id || null,
    municipality_id: input.municipality_id || null,
    featured_image: blankToNull(input.featured_image),
    featured_image_caption: blankToNull(input.featured_image_caption),
    // The versions belong to the image they were cut from.
    featured_image_renditions: blankToNull(input.featured_image) ? (input.featured_image_renditions ?? null) : null,
    scheduled_at: editor && input.status === 'published' ? input.scheduled_at || null : null,
  };
  if (mayFeature(role)) payload.is_featured = input.is_featured;
  return payload;
}

export async function createNews({ input, role }: { input: NewsInput; role: Role | null }) {
  return directus.request(createItem('news', newsPayload(input, role), { fields: ['id', 'slug'] }));
}

export function useCreateNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNews,
    onSuccess: () => refreshAfterWrite(queryClient, newsQueries.all()),
  });
}
