/**
 * Validation rules of spec section 5, one validator per collection with its
 * pt-BR messages written once (issue #14). The admin forms turn the result
 * into zod issues (`addIssues`); the portal-hooks filters run the same
 * validator on a create payload or, on update, on the row merged with the
 * payload, and refuse with the first message (HTTP 400).
 * Length limits stay in text-limits.ts.
 */
import { z } from 'zod';
import { municipalitySlug } from './slug.ts';
import { INSTITUTIONAL_PAGE_KEYS, INSTITUTIONAL_PAGE_MAX, SETTING_KEYS, type SettingKey } from './settings.ts';
import { NEWS_STATUSES } from './news-status.ts';
import { parseRenditions } from './images.ts';
import { htmlToText, TEXT_LOSING_TAGS } from './sanitize.ts';
import { ENTRY_BODY_REQUIRED, ENTRY_NEEDS_COVERAGE } from './live.ts';

export const MESSAGES = {
  titleRequired: 'Título é obrigatório',
  contentRequired: 'Conteúdo é obrigatório',
  contentRawEmbed: 'O conteúdo não pode ter iframe, script ou embed: para vídeos e publicações, deixe o link sozinho numa linha',
  statusInvalid: 'Status inválido',
  renditionsInvalid: 'As versões 4:3 e 1:1 da imagem são inválidas: envie a imagem de novo',
  nameRequired: 'Nome é obrigatório',
  slugRequired: 'Slug é obrigatório',
  fullNameRequired: 'Nome completo é obrigatório',
  emailInvalid: 'Email inválido',
  urlInvalid: 'URL inválida',
  fullUrlRequired: 'Informe uma URL completa (https://...)',
  pageTooLong: `Use no máximo ${INSTITUTIONAL_PAGE_MAX.toLocaleString('pt-BR')} caracteres`,
  publisherIdRequired: 'Publisher ID é obrigatório',
  adUnitIdRequired: 'Ad Unit ID é obrigatório',
  adEndBeforeStart: 'A data de término deve ser posterior à de início',
  correctionNoteRequired: 'Descreva a correção',
  correctionNewsRequired: 'Informe a notícia corrigida',
  flagInvalid: 'Valor inválido: use verdadeiro ou falso',
} as const;

/** pt-BR message by field; empty when the row is valid. */
export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;
type Row = Record<string, unknown>;

const blank = (v: unknown) => typeof v !== 'string' || !v.trim();
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** http(s) URLs only: what a reader's browser can open. @example isUrl('https://a.com') // true */
export function isUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * A flag as clients send it, cast the way the database would store it, so a
 * rule on `true` cannot be dodged with `1`, `"1"` or `"true"` (issue #32);
 * null for anything that is not a flag.
 * @example castBoolean('1') // true
 * @example castBoolean('talvez') // null
 */
export function castBoolean(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === 0) return v === 1;
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (['true', '1', 't', 'on', 'yes', 'sim'].includes(s)) return true;
    if (['false', '0', 'f', 'off', 'no', 'nao', 'não', ''].includes(s)) return false;
  }
  return null;
}

/** @example isEmail('a@b.com') // true */
export const isEmail = (value: string): boolean => z.email().safeParse(value).success;

/** The first message, in field order, or null. @example firstError({ title: 'Título é obrigatório' }) // 'Título é obrigatório' */
export const firstError = (errors: FieldErrors): string | null => Object.values(errors).find(Boolean) ?? null;

/** Adds each message as a zod issue on its field: the admin forms' schemas call it in superRefine. */
export function addIssues(errors: FieldErrors, ctx: { addIssue: (issue: { code: 'custom'; path: string[]; message: string }) => void }) {
  for (const [path, message] of Object.entries(errors)) if (message) ctx.addIssue({ code: 'custom', path: [path], message });
}

/** Players and scripts pasted as markup: the public page drops them, and embeds come from links (decision 030). */
const RAW_EMBED = /<\s*(?:iframe|script|object|embed)\b/i;

/**
 * Other markup whose words the public page could not show (sanitize.ts
 * TEXT_LOSING_TAGS): refused with the first word that would be lost, so
 * nothing the server accepts loses text (issue #32).
 * @example losingMarkupMessage('<p>a</p><style>b{}</style>') // 'O conteúdo não pode ter <style>: o texto a partir de “b{}” não apareceria na página pública'
 */
export function losingMarkupMessage(content: string): string | null {
  const tags = TEXT_LOSING_TAGS.join('|');
  const m = new RegExp(`<\\s*(${tags})\\b[^>]*>([\\s\\S]*?)(?:<\\s*/\\s*\\1\\s*>|$)`, 'i').exec(content);
  if (!m) return null;
  const word = (m[2] ?? '').replace(/<[^>]*>/g, ' ').trim().split(/\s+/)[0] ?? '';
  const tag = m[1]!.toLowerCase();
  return word
    ? `O conteúdo não pode ter <${tag}>: o texto a partir de “${word.slice(0, 40)}” não apareceria na página pública`
    : `O conteúdo não pode ter <${tag}>: remova essa marcação`;
}

/**
 * News form (spec §5): title and content required; status one of the four.
 * The body holds no raw iframe, script, object or embed (issue #15).
 * @example validateNews({ title: ' ', content: 'x' }).title // 'Título é obrigatório'
 */
export function validateNews(n: Row): FieldErrors<'title' | 'content' | 'status' | 'featured_image_renditions'> {
  const e: FieldErrors<'title' | 'content' | 'status' | 'featured_image_renditions'> = {};
  if (blank(n.title)) e.title = MESSAGES.titleRequired;
  if (blank(n.content)) e.content = MESSAGES.contentRequired;
  else if (typeof n.content === 'string' && RAW_EMBED.test(n.content)) e.content = MESSAGES.contentRawEmbed;
  else if (typeof n.content === 'string') {
    const losing = losingMarkupMessage(n.content);
    if (losing) e.content = losing;
  }
  if (n.status != null && !(NEWS_STATUSES as readonly unknown[]).includes(n.status)) e.status = MESSAGES.statusInvalid;
  // Written by the crop dialog: the asset addresses of the 4:3 and 1:1 renditions (and the original).
  const r = n.featured_image_renditions;
  if (r != null && r !== '' && !parseRenditions(r)) e.featured_image_renditions = MESSAGES.renditionsInvalid;
  return e;
}

type AdField = 'title' | 'content' | 'link_url' | 'google_ad_client' | 'google_ad_slot' | 'end_date';

/**
 * Ad (spec §5): title required; content unless AdSense; AdSense needs publisher
 * and unit ids; link_url a URL when given (ignored for AdSense: the provider
 * manages it); the window may not end before it starts.
 * @example validateAd({ title: 'A', ad_type: 'google_adsense' }).google_ad_client // 'Publisher ID é obrigatório'
 */
export function validateAd(ad: Row): FieldErrors<AdField> {
  const e: FieldErrors<AdField> = {};
  if (blank(ad.title)) e.title = MESSAGES.titleRequired;
  const adsense = ad.ad_type === 'google_adsense';
  if (!adsense && blank(ad.content)) e.content = MESSAGES.contentRequired;
  if (adsense && blank(ad.google_ad_client)) e.google_ad_client = MESSAGES.publisherIdRequired;
  if (adsense && blank(ad.google_ad_slot)) e.google_ad_slot = MESSAGES.adUnitIdRequired;
  if (!adsense && text(ad.link_url) && !isUrl(text(ad.link_url))) e.link_url = MESSAGES.urlInvalid;
  const start = stamp(ad.start_date);
  const end = stamp(ad.end_date);
  if (start !== null && end !== null && end < start) e.end_date = MESSAGES.adEndBeforeStart;
  return e;
}

/** Date-only (the form), ISO timestamp (the API) or what the database returned, as milliseconds, or null when empty or unreadable. */
function stamp(v: unknown): number | null {
  if (!(typeof v === 'string' || typeof v === 'number' || v instanceof Date) || v === '') return null;
  const t = new Date(v).getTime();
  return Number.isNaN(t) ? null : t;
}

/** Category (spec §5): name required (the slug is derived from it). @example validateCategory({ name: '' }).name // 'Nome é obrigatório' */
export function validateCategory(c: Row): FieldErrors<'name'> {
  return blank(c.name) ? { name: MESSAGES.nameRequired } : {};
}

/**
 * Municipality (spec §5): name and slug required. A missing slug is derived
 * from the name by the server; one given must keep a character once cleaned.
 * @example validateMunicipality({ name: 'Belém', slug: '!!' }).slug // 'Slug é obrigatório'
 */
export function validateMunicipality(m: Row): FieldErrors<'name' | 'slug'> {
  const e: FieldErrors<'name' | 'slug'> = {};
  if (blank(m.name)) e.name = MESSAGES.nameRequired;
  if (m.slug !== undefined && !municipalitySlug(text(m.slug))) e.slug = MESSAGES.slugRequired;
  return e;
}

/**
 * Profile (spec §5): full name required when a name is written. Profiles made
 * from a user without a name (sign-up, staff creation) get it in a later write,
 * so a write that does not touch the name is not refused for lacking one.
 * @example validateProfile({ full_name: ' ' }).full_name // 'Nome completo é obrigatório'
 */
export function validateProfile(p: Row): FieldErrors<'full_name'> {
  return 'full_name' in p && blank(p.full_name) ? { full_name: MESSAGES.fullNameRequired } : {};
}

/** Settings holding a link: each a full URL (spec §3, "Redes Sociais"), or empty. */
export const URL_SETTING_KEYS: readonly SettingKey[] = [
  'facebook_url',
  'twitter_url',
  'instagram_url',
  'youtube_url',
  'whatsapp_channel_url',
  'youtube_channel_url',
  'radio_stream_url',
  'tv_live_url',
];

/**
 * One setting (spec §5): empty values are saved as empty text; the contact
 * email must be an email and the links full URLs when not empty.
 * @example validateSetting('contact_email', 'x') // 'Email inválido'
 */
export function validateSetting(key: string, value: unknown): string | null {
  const v = text(value);
  if (!v) return null;
  if (key === 'contact_email' && !isEmail(v)) return MESSAGES.emailInvalid;
  if ((URL_SETTING_KEYS as readonly string[]).includes(key) && !isUrl(v)) return MESSAGES.fullUrlRequired;
  if (INSTITUTIONAL_PAGE_KEYS.includes(key as SettingKey) && v.length > INSTITUTIONAL_PAGE_MAX) return MESSAGES.pageTooLong;
  return null;
}

/** The settings form: every key at once. */
export function validateSettings(values: Partial<Record<SettingKey, unknown>>): FieldErrors<SettingKey> {
  const e: FieldErrors<SettingKey> = {};
  for (const key of SETTING_KEYS) {
    const message = validateSetting(key, values[key]);
    if (message) e[key] = message;
  }
  return e;
}

/**
 * A correction (issue #12, item 1): the note is required and names the story; its length limit is in text-limits.ts.
 * @example validateCorrection({ news_id: 'n1', note: ' ' }).note // 'Descreva a correção'
 */
export function validateCorrection(c: Row): FieldErrors<'note' | 'news_id'> {
  const e: FieldErrors<'note' | 'news_id'> = {};
  if (blank(c.note)) e.note = MESSAGES.correctionNoteRequired;
  if (c.news_id == null || c.news_id === '') e.news_id = MESSAGES.correctionNewsRequired;
  return e;
}

/**
 * A live coverage entry (issue #30): a text and the coverage it belongs to; its length limits are in text-limits.ts.
 * @example validateLiveEntry({ news_id: 'n1', body: '<p> </p>' }).body // 'Escreva o texto da atualização'
 */
export function validateLiveEntry(c: Row): FieldErrors<'body' | 'news_id'> {
  const e: FieldErrors<'body' | 'news_id'> = {};
  if (typeof c.body !== 'string' || !htmlToText(c.body).trim()) e.body = ENTRY_BODY_REQUIRED;
  if (c.news_id == null || c.news_id === '') e.news_id = ENTRY_NEEDS_COVERAGE;
  return e;
}

/**
 * What the server validates, by collection: the columns an update merges its
 * payload into, and the validator of the merged row (settings are one row per key).
 */
export const SERVER_VALIDATORS = {
  news: { columns: ['title', 'content', 'status'], validate: validateNews },
  ads: { columns: ['title', 'content', 'ad_type', 'link_url', 'google_ad_client', 'google_ad_slot', 'start_date', 'end_date'], validate: validateAd },
  categories: { columns: ['name'], validate: validateCategory },
  municipalities: { columns: ['name', 'slug'], validate: validateMunicipality },
  news_corrections: { columns: ['note', 'news_id'], validate: validateCorrection },
  news_live_entries: { columns: ['body', 'news_id'], validate: validateLiveEntry },
  // No merge: see validateProfile.
  profiles: { columns: [], validate: validateProfile },
  settings: {
    columns: ['key', 'value'],
    validate: (s: Row): FieldErrors<'value'> => {
      const message = validateSetting(String(s.key ?? ''), s.value);
      return message ? { value: message } : {};
    },
  },
} as const satisfies Record<string, { columns: readonly string[]; validate: (row: Row) => FieldErrors }>;

export type ValidatedCollection = keyof typeof SERVER_VALIDATORS;
