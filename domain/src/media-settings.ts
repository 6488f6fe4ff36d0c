/**
 * Rádio Web and TV Web as real settings (issue #13): the radio's stream and
 * the program shown "ON AIR", the TV's live item and its programme list. One
 * validator, used by the admin screens and by the server hook alike.
 */
import { DEFAULT_SETTINGS, type SettingKey } from './settings.ts';
import { validateSetting } from './validation.ts';

export type TvProgram = { time: string; title: string; youtube_url: string };

export const RADIO_SETTING_KEYS = ['radio_stream_url', 'radio_program_name'] as const satisfies readonly SettingKey[];
export const TV_SETTING_KEYS = ['tv_live_title', 'tv_programs', 'tv_live_url'] as const satisfies readonly SettingKey[];
/** What editors may change in the settings (the rest is super_admin's "Configurações"). */
export const MEDIA_SETTING_KEYS = [...RADIO_SETTING_KEYS, ...TV_SETTING_KEYS] as const;
export type MediaSettingKey = (typeof MEDIA_SETTING_KEYS)[number];
/** Keys only the radio and TV screens edit ("Configurações" keeps the stream URL too, as the spec lists it there). */
export const PROGRAMME_SETTING_KEYS = ['radio_program_name', 'tv_live_title', 'tv_programs', 'tv_live_url'] as const satisfies readonly MediaSettingKey[];

export const MEDIA_LIMITS = { name: 80, programs: 12 } as const;

export const MEDIA_MESSAGES = {
  programName: 'Nome do programa é obrigatório',
  liveTitle: 'Título da transmissão é obrigatório',
  tooLong: `Use no máximo ${MEDIA_LIMITS.name} caracteres`,
  noPrograms: 'Cadastre pelo menos um programa',
  tooManyPrograms: `No máximo ${MEDIA_LIMITS.programs} programas`,
  time: 'Horário inválido (use HH:MM)',
  title: 'Título do programa é obrigatório',
  youtube: 'Link do YouTube inválido',
  programsFormat: 'Lista de programas inválida',
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const YOUTUBE = /^https:\/\/(www\.|m\.)?(youtube\.com|youtu\.be)\/[^\s]*$/i;

/**
 * The TV programmes stored as JSON; anything unreadable falls back to the defaults (the dialog always has a list).
 * @example parseTvPrograms('[{"time":"08:00","title":"Bom Dia"}]') // [{ time: '08:00', title: 'Bom Dia', youtube_url: '' }]
 */
export function parseTvPrograms(json: string | null | undefined): TvProgram[] {
  const read = (s: string): TvProgram[] | null => {
    try {
      const v: unknown = JSON.parse(s);
      if (!Array.isArray(v)) return null;
      return v.map((p) => ({ time: String(p?.time ?? ''), title: String(p?.title ?? ''), youtube_url: String(p?.youtube_url ?? '') }));
    } catch {
      return null;
    }
  };
  return (json && read(json)) || read(DEFAULT_SETTINGS.tv_programs)!;
}

export type ProgramErrors = Partial<Record<keyof TvProgram, string>>;
export type MediaErrors = Partial<Record<MediaSettingKey, string>> & { programs?: ProgramErrors[] };

/**
 * Checks the media settings present in `v` (a partial write checks only what it carries).
 * @example validateMediaSettings({ radio_program_name: ' ' }).radio_program_name // 'Nome do programa é obrigatório'
 */
export function validateMediaSettings(v: Partial<Record<MediaSettingKey, string | null>>): MediaErrors {
  const e: MediaErrors = {};
  // The stream is a link setting like the others: one rule for all of them (domain/validation).
  const stream = 'radio_stream_url' in v ? validateSetting('radio_stream_url', v.radio_stream_url) : null;
  if (stream) e.radio_stream_url = stream;
  const live = 'tv_live_url' in v ? validateSetting('tv_live_url', v.tv_live_url) : null;
  if (live) e.tv_live_url = live;
  const name = (key: 'radio_program_name' | 'tv_live_title', required: string) => {
    if (!(key in v)) return;
    const s = (v[key] ?? '').trim();
    if (!s) e[key] = required;
    else if (s.length > MEDIA_LIMITS.name) e[key] = MEDIA_MESSAGES.tooLong;
  };
  name('radio_program_name', MEDIA_MESSAGES.programName);
  name('tv_live_title', MEDIA_MESSAGES.liveTitle);
  if ('tv_programs' in v) {
    let list: unknown;
    try {
      list = JSON.parse(v.tv_programs ?? '');
    } catch {
      list = null;
    }
    if (!Array.isArray(list)) e.tv_programs = MEDIA_MESSAGES.programsFormat;
    else if (list.length === 0) e.tv_programs = MEDIA_MESSAGES.noPrograms;
    else if (list.length > MEDIA_LIMITS.programs) e.tv_programs = MEDIA_MESSAGES.tooManyPrograms;
    else {
      const programs = list.map((p: Partial<TvProgram> | null): ProgramErrors => {
        const pe: ProgramErrors = {};
        if (!TIME.test(String(p?.time ?? ''))) pe.time = MEDIA_MESSAGES.time;
        const title = String(p?.title ?? '').trim();
        if (!title) pe.title = MEDIA_MESSAGES.title;
        else if (title.length > MEDIA_LIMITS.name) pe.title = MEDIA_MESSAGES.tooLong;
        const yt = String(p?.youtube_url ?? '').trim();
        if (yt && !YOUTUBE.test(yt)) pe.youtube_url = MEDIA_MESSAGES.youtube;
        return pe;
      });
      if (programs.some((p) => Object.keys(p).length)) {
        e.programs = programs;
        e.tv_programs = Object.values(programs.find((p) => Object.keys(p).length)!)[0];
      }
    }
  }
  return e;
}

/** The first message of a validation, for a server refusal. */
export const firstMediaError = (e: MediaErrors): string | null =>
  (Object.entries(e).find(([k, m]) => k !== 'programs' && typeof m === 'string')?.[1] as string | undefined) ?? null;
