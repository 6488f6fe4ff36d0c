import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isAdmin, type Role } from '@portal/domain/roles';
import { directus, updateItem } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { newsPayload, type NewsInput } from './create-news.ts';
import { newsQueries } from './news-queries.ts';

/** Edits by anyone but super_admin keep the original municipality (the server enforces it too). */
export async function updateNews({ id, input, role }: { id: string; input: NewsInput; role: Role | null }) {
  const payload = newsPayload(input, role);
  if (!isAdmin(role)) delete payload.municipality_id;
  return directus.request(updateItem('news', id, payload as never, { fields: ['id', 'slug'] }));
}

export function useUpdateNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNews,
    onSuccess: () => refreshAfterWrite(queryClient, newsQueries.all()),
  });
}
