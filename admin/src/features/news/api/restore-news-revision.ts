/**
 * "Restaurar esta versão": the server saves the revision's text through the
 * normal update (permissions, validators, edit-conflict check, publish pipeline).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LOADED_VERSION_FIELD } from '@portal/domain/edit-conflict';
import { customEndpoint, directus } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { newsQueries } from './news-queries.ts';
import { newsRevisionsQueries } from './news-revisions-queries.ts';

export const restoreNewsRevision = ({ newsId, revisionId, version }: { newsId: string; revisionId: number; version: string | null }) =>
  directus.request(
    customEndpoint<{ id: string }>({
      path: `/portal/news/${newsId}/revisions/${revisionId}/restore`,
      method: 'POST',
      body: JSON.stringify({ [LOADED_VERSION_FIELD]: version }),
    }),
  );

export function useRestoreNewsRevision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreNewsRevision,
    onSuccess: async () => {
      await refreshAfterWrite(queryClient, newsQueries.all());
      await refreshAfterWrite(queryClient, newsRevisionsQueries.all());
    },
  });
}
