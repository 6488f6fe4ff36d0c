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
  // The newsroom's WhatsApp channel (issue #29): "Siga no WhatsApp" in the footer and after each story.
  'whatsapp_channel_url',
  'portal_name',
  'radio_stream_url',
  // Rádio Web and TV Web (issue #13): edited by editors in their own screens.
  'radio_program_name',
  'tv_live_title',
  'tv_programs',
  // The live broadcast's address (issue #34): "AO VIVO" only while it is set.
  'tv_live_url',
  // Institutional pages /sobre, /expediente, /contato (issue #34): plain text, paragraphs
  // separated by a blank line, edited by the super_admin in "Configurações".
  'page_about',
  'page_masthead',
  'page_contact',
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
  whatsapp_channel_url: '',
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
  // Empty: no live broadcast, so no "AO VIVO" (the dialog says so).
  tv_live_url: '',
  page_about: [
    'O Portal Pará é um portal de notícias de Belém que cobre política, economia, cultura, esportes, saúde, educação e meio ambiente em todo o estado do Pará.',
    'Nosso compromisso é com a informação correta: cada notícia é apurada e revisada pela redação, e os erros que encontramos são corrigidos de forma transparente na página de Correções.',
  ].join('\n\n'),
  page_masthead: [
    'Portal Pará — jornalismo digital feito em Belém, Pará.',
    'Direção de redação: a definir.\nEdição: a definir.\nReportagem: equipe do Portal Pará.',
    'A lista completa da equipe é atualizada pela administração do portal.',
  ].join('\n\n'),
  page_contact: [
    'Fale com a redação do Portal Pará para enviar sugestões de pauta, pedir correções ou tirar dúvidas.',
    'Respondemos em dias úteis, no horário comercial de Belém.',
  ].join('\n\n'),
};

/** The institutional pages, their address, title and the setting that holds their text. */
export const INSTITUTIONAL_PAGES = [
  { key: 'page_about', path: '/sobre', title: 'Sobre nós' },
  { key: 'page_masthead', path: '/expediente', title: 'Expediente' },
  { key: 'page_contact', path: '/contato', title: 'Contato' },
] as const satisfies ReadonlyArray<{ key: SettingKey; path: string; title: string }>;
export type InstitutionalPageKey = (typeof INSTITUTIONAL_PAGES)[number]['key'];
export const INSTITUTIONAL_PAGE_KEYS: readonly SettingKey[] = INSTITUTIONAL_PAGES.map((p) => p.key);
/** Longest institutional text accepted (characters). */
export const INSTITUTIONAL_PAGE_MAX = 5000;

/**
 * An institutional text as paragraphs of lines: a blank line separates
 * paragraphs, a single line break stays a line break. Plain text only — the
 * page prints it as text, so no markup is ever interpreted.
 * @example pageParagraphs('Um\nDois\n\n\nTrês') // [['Um', 'Dois'], ['Três']]
 */
export function pageParagraphs(text: string): string[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.split('\n').map((l) => l.trim()).filter(Boolean))
    .filter((p) => p.length > 0);
}

/** Missing or empty keys fall back to the defaults (the footer's contact lines need a value). */
export function withDefaults(rows: ReadonlyArray<{ key: string; value: string | null }>): Settings {
  const out: Settings = { ...DEFAULT_SETTINGS };
  for (const { key, value } of rows) {
    if ((SETTING_KEYS as readonly string[]).includes(key) && value != null && value !== '') out[key as SettingKey] = value;
  }
  return out;
}
