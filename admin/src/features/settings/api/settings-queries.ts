import { queryOptions } from '@tanstack/react-query';
import { SETTING_KEYS, type SettingKey } from '@portal/domain/settings';
import { directus, readItems } from '../../../lib/directus.ts';
import { STAFF_ALL_ROWS } from '@portal/domain/query-rules';

/** Raw stored values (no public defaults): the admin edits what is saved. Missing keys read as ''. */
export type SettingsValues = Record<SettingKey, string>;

async function fetchSettings(): Promise<{ values: SettingsValues; existing: SettingKey[] }> {
  const rows = (await directus.request(readItems('settings', { fields: ['key', 'value'], limit: STAFF_ALL_ROWS }))) as Array<{ key: string; value: string | null }>;
  const values = Object.fromEntries(SETTING_KEYS.map((k) => [k, ''])) as SettingsValues;
  const existing: SettingKey[] = [];
  for (const r of rows) {
    if ((SETTING_KEYS as readonly string[]).includes(r.key)) {
      values[r.key as SettingKey] = r.value ?? '';
      existing.push(r.key as SettingKey);
    }
  }
  return { values, existing };
}

export const settingsQueries = {
  all: () => ['settings'] as const,
  detail: () => queryOptions({ queryKey: [...settingsQueries.all(), 'detail'] as const, queryFn: fetchSettings }),
};
