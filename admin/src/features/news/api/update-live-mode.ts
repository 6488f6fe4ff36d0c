/**
 * Start, end or resume a story's live coverage (issue #30, editors): only
 * `live_status` is sent; the server stamps the times and refuses anyone else
 * in pt-BR. The save carries the version the page loaded, like the form's, so
 * a colleague's unseen edit is never taken for seen.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { LIVE_STATES } from '@portal/domain/live';
import { LOADED_VERSION_FIELD } from '@portal/domain/edit-conflict';
import { directus, updateItem } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { newsQueries } from './news-queries.ts';

export const liveModeInputSchema = z.object({ id: z.string().min(1), live_status: z.enum(LIVE_STATES), version: z.string().nullable() });
export type LiveModeInput = z.infer<typeof liveModeInputSchema>;

/** What the page takes back: the mode as the server stamped it, and the story's new version. */
export type LiveModeSaved = {
  id: string;
  live_status: 'live' | 'ended' | null;
  live_started_at: string | null;
  live_ended_at: string | null;
  updated_at: string | null;
};

export async function updateLiveMode(input: LiveModeInput): Promise<LiveModeSaved> {
  const { id, live_status, version } = liveModeInputSchema.parse(input);
  return (await directus.request(
    updateItem(
      'news',
      id,
      { live_status, [LOADED_VERSION_FIELD]: version },
      { fields: ['id', 'live_status', 'live_started_at', 'live_ended_at', 'updated_at'] },
    ),
  )) as LiveModeSaved;
}

export function useUpdateLiveMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLiveMode,
    onSuccess: () => refreshAfterWrite(queryClient, newsQueries.all()),
  });
}
