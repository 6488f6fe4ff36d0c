/** Saves the Rádio Web / TV Web settings (editor-level): one update per key, checked by domain/media-settings first. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MediaSettingKey } from '@portal/domain/media-settings';
import { directus, updateItem } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { settingsQueries } from './settings-queries.ts';

export async function updateMediaSettings(values: Partial<Record<MediaSettingKey, string>>) {
  for (const [key, value] of Object.entries(values)) await directus.request(updateItem('settings', key, { value: (value ?? '').trim() }));
}

export function useUpdateMediaSettings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMediaSettings, onSuccess: () => refreshAfterWrite(queryClient, settingsQueries.all()) });
}
