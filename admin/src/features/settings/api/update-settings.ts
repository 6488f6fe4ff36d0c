import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { SETTING_KEYS, type SettingKey } from '@portal/domain/settings';
import { addIssues, validateSettings } from '@portal/domain/validation';
import { PROGRAMME_SETTING_KEYS } from '@portal/domain/media-settings';
import { createItem, directus, updateItem } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { settingsQueries } from './settings-queries.ts';

/** What "Configurações" edits: every setting but the radio/TV programmes, which have their own screens. */
export const CONFIG_SETTING_KEYS = SETTING_KEYS.filter((k) => !(PROGRAMME_SETTING_KEYS as readonly string[]).includes(k));

export const settingsInputSchema = z
  .object(Object.fromEntries(CONFIG_SETTING_KEYS.map((key) => [key, z.string()])) as Record<SettingKey, z.ZodString>)
  .superRefine((s, ctx) => addIssues(validateSettings(s), ctx));
export type SettingsInput = z.infer<typeof settingsInputSchema>;

/**
 * One upsert per key, conflict on key (spec section 7); empty values saved as empty text. Only what
 * the form changed is written (and keys the database lacks): two admins saving at once no longer
 * put back each other's older values.
 */
export async function updateSettings({ input, existing, loaded }: { input: SettingsInput; existing: SettingKey[]; loaded?: Partial<Record<SettingKey, string>> }) {
  for (const key of CONFIG_SETTING_KEYS) {
    const value = (input[key] ?? '').trim();
    if (!existing.includes(key)) await directus.request(createItem('settings', { key, value }));
    else if (!loaded || (loaded[key] ?? '') !== value) await directus.request(updateItem('settings', key, { value }));
  }
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateSettings, onSuccess: () => refreshAfterWrite(queryClient, settingsQueries.all()) });
}
