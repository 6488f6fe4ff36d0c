import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { SETTING_KEYS, type SettingKey } from '@portal/domain/settings';
import { createItem, directus, updateItem } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { settingsQueries } from './settings-queries.ts';

const url = z.union([z.literal(''), z.url('Informe uma URL completa (https://...)')]);

export const settingsInputSchema = z.object({
  portal_name: z.string(),
  contact_phone: z.string(),
  contact_email: z.union([z.literal(''), z.email('Email inválido')]),
  contact_address: z.string(),
  facebook_url: url,
  twitter_url: url,
  instagram_url: url,
  youtube_url: url,
  youtube_channel_url: url,
  radio_stream_url: url,
  urgent_message: z.string(),
});
export type SettingsInput = z.infer<typeof settingsInputSchema>;

/** One upsert per key, conflict on key (spec section 7); empty values saved as empty text. */
export async function updateSettings({ input, existing }: { input: SettingsInput; existing: SettingKey[] }) {
  // Only the keys of this form: radio and TV programmes have their own screens.
  for (const key of SETTING_KEYS.filter((k): k is keyof SettingsInput => k in settingsInputSchema.shape)) {
    const value = (input[key] ?? '').trim();
    if (existing.includes(key)) await directus.request(updateItem('settings', key, { value }));
    else await directus.request(createItem('settings', { key, value }));
  }
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateSettings, onSuccess: () => refreshAfterWrite(queryClient, settingsQueries.all()) });
}
