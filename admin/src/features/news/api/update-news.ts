import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LOADED_VERSION_FIELD } from '@portal/domain/edit-conflict';
import type { Role } from '@portal/domain/roles';
import { directus, updateItem } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { newsPayload, type NewsInput } from './create-news.ts';
import { newsQueries } from './news-queries.ts';

/**
 * The municipality is sent as the form has it: the server refuses a change by
 * anyone but super_admin (domain/news-rules), and the form shows its refusal.
 * The slug is sent only when changed on purpose: the server
 * re-derives it from the title while the story has never gone out, and keeps
 * it afterwards (permanent URLs, issue #8).
 */
export async function updateNews({ id, input, role, slug, version }: { id: string; input: NewsInput; role: Role | null; slug: string; version: string | null }) {
  // The version the form loaded: the server refuses the save if someone changed the story since.
  const payload: ReturnType<typeof newsPayload> & { [LOADED_VERSION_FIELD]?: string | null } = { ...newsPayload(input, role), [LOADED_VERSION_FIELD]: version };
  if (!input.slug.trim() || payload.slug === slug) delete payload.slug;
  return directus.request(updateItem('news', id, payload, { fields: ['id', 'slug'] }));
}

export function useUpdateNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNews,
    onSuccess: () => refreshAfterWrite(queryClient, newsQueries.all()),
  });
}
