export const SETTING_KEYS = [
  'urgent_message',
  'youtube_channel_url',
  'contact_phone',
  'contact_email',
  'contact_address',
  'facebook_url',
  'twitter_url',
  'instagram_url',
  'youtube_url',
  'portal_name',
  'radio_stream_url',
  // Rádio Web and TV Web (issue #13): edited by editors in their own screens.
  'radio_program_name',
  'tv_live_title',
  'tv_programs',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];
export type Settings = Record<SettingKey, string>;

/** Every key is shown on public pages (header, footer, dialogs), so all are public. */
export const PUBLIC_SETTING_KEYS: readonly SettingKey[] = SETTING_KEYS;

export const DEFAULT_SETTINGS: Settings = {
  urgent_message: 'Última hora: Acompanhe as principais notícias do Pará em tempo real',
  youtube_channel_url: 'https://www.youtube.com/@portalpara',
  contact_phone: '(91) 3000-0000',
  contact_email: 'contato@portalpara.com.br',
  contact_address: 'Belém, Pará - Brasil',
  facebook_url: '',
  twitter_url: '',
  instagram_url: '',
  youtube_url: '',
  portal_name: 'Portal Pará',
  radio_stream_url: '',
  radio_program_name: 'Manhã Paraense',
  tv_live_title: 'Jornal do Pará',
  // JSON list of { time, title, youtube_url } (domain/media-settings.ts).
  tv_programs: JSON.stringify([
    { time: '12:00', title: 'Jornal do Meio-Dia', youtube_url: '' },
    { time: '15:00', title: 'Pará em Pauta', youtube_url: '' },
    { time: '19:00', title: 'Esporte Pará', youtube_url: '' },
  ]),
};

/** Missing or empty keys fall back to the defaults (the footer's contact lines need a value). */
export function withDefaults(rows: ReadonlyArray<{ key: string; value: string | null }>): Settings {
  const out: Settings = { ...DEFAULT_SETTINGS };
  for (const { key, value } of rows) {
    if ((SETTING_KEYS as readonly string[]).includes(key) && value != null && value !== '') out[key as SettingKey] = value;
  }
  return out;
}
