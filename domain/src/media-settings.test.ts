import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from './settings.ts';
import { firstMediaError, parseTvPrograms, validateMediaSettings } from './media-settings.ts';

describe('parseTvPrograms', () => {
  it('reads the stored list and falls back to the defaults when unreadable', () => {
    expect(parseTvPrograms('[{"time":"08:00","title":"Bom Dia"}]')).toEqual([{ time: '08:00', title: 'Bom Dia', youtube_url: '' }]);
    expect(parseTvPrograms('{nope')).toEqual(parseTvPrograms(DEFAULT_SETTINGS.tv_programs));
    expect(parseTvPrograms(null)).toHaveLength(3);
  });
});

describe('validateMediaSettings', () => {
  it('accepts the defaults and a good edit', () => {
    const { radio_stream_url, radio_program_name, tv_live_title, tv_programs } = DEFAULT_SETTINGS;
    expect(validateMediaSettings({ radio_stream_url, radio_program_name, tv_live_title, tv_programs })).toEqual({});
    expect(validateMediaSettings({ radio_stream_url: 'https://radio.exemplo.com/stream.mp3' })).toEqual({});
    expect(validateMediaSettings({ tv_programs: JSON.stringify([{ time: '06:30', title: 'Bom Dia Pará', youtube_url: 'https://www.youtube.com/watch?v=abc' }]) })).toEqual({});
  });
  it('says what is wrong, in pt-BR, and checks only the keys it gets', () => {
    expect(validateMediaSettings({ radio_stream_url: 'ftp://x' }).radio_stream_url).toBe('Informe uma URL completa (https://...)');
    expect(validateMediaSettings({ radio_program_name: '  ' }).radio_program_name).toBe('Nome do programa é obrigatório');
    expect(validateMediaSettings({ tv_live_title: 'x'.repeat(81) }).tv_live_title).toBe('Use no máximo 80 caracteres');
    expect(validateMediaSettings({ tv_programs: '[]' }).tv_programs).toBe('Cadastre pelo menos um programa');
    expect(validateMediaSettings({ tv_programs: 'não é json' }).tv_programs).toBe('Lista de programas inválida');
    const bad = validateMediaSettings({ tv_programs: JSON.stringify([{ time: '25:00', title: 'A' }, { time: '10:00', title: '', youtube_url: 'https://vimeo.com/1' }]) });
    expect(bad.programs).toEqual([{ time: 'Horário inválido (use HH:MM)' }, { title: 'Título do programa é obrigatório', youtube_url: 'Link do YouTube inválido' }]);
    expect(firstMediaError(bad)).toBe('Horário inválido (use HH:MM)');
    expect(validateMediaSettings({})).toEqual({});
  });
});
