/** Rádio Web / TV Web settings (issue #13): editors change only these keys, validated on the server by route and role. */
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@portal/domain/settings';
import { admin, anonymous, message, signIn, EMAILS } from './support.ts';

const KEYS = ['radio_stream_url', 'radio_program_name', 'tv_live_title', 'tv_programs'] as const;

afterAll(async () => {
  // Leave the settings as other suites expect them.
  for (const key of KEYS) await admin().patch(`/items/settings/${key}`, { value: DEFAULT_SETTINGS[key] });
});

describe('PATCH /items/settings/<media key>', () => {
  it('an editor changes the radio program and the TV programmes; the value is stored', async () => {
    const editor = await signIn(EMAILS.editor);
    expect((await editor.patch('/items/settings/radio_program_name', { value: 'Tarde Cabocla' })).status).toBe(200);
    const programs = JSON.stringify([{ time: '06:30', title: 'Bom Dia Pará', youtube_url: 'https://www.youtube.com/watch?v=abc' }]);
    expect((await editor.patch('/items/settings/tv_programs', { value: programs })).status).toBe(200);
    expect((await anonymous().get('/items/settings/radio_program_name')).data.value).toBe('Tarde Cabocla');
    expect((await anonymous().get('/items/settings/tv_programs')).data.value).toBe(programs);
  });

  it('an editor cannot touch the other settings; a producer none; anonymous none', async () => {
    const editor = await signIn(EMAILS.editor);
    expect((await editor.patch('/items/settings/urgent_message', { value: 'Invasão' })).status).toBe(403);
    expect((await editor.patch('/items/settings/portal_name', { value: 'Outro' })).status).toBe(403);
    const producer = await signIn(EMAILS.producer);
    expect((await producer.patch('/items/settings/radio_program_name', { value: 'Meu programa' })).status).toBe(403);
    expect((await anonymous().patch('/items/settings/radio_program_name', { value: 'x' })).status).toBe(403);
  });

  it.each([
    ['radio_stream_url', 'javascript:alert(1)', 'Informe uma URL completa (https://...)'],
    ['radio_program_name', '   ', 'Nome do programa é obrigatório'],
    ['tv_live_title', 'x'.repeat(81), 'Use no máximo 80 caracteres'],
    ['tv_programs', 'não é json', 'Lista de programas inválida'],
    ['tv_programs', '[]', 'Cadastre pelo menos um programa'],
    ['tv_programs', JSON.stringify([{ time: '7h', title: 'A' }]), 'Horário inválido (use HH:MM)'],
    ['tv_programs', JSON.stringify([{ time: '07:00', title: 'A', youtube_url: 'https://evil.example/watch' }]), 'Link do YouTube inválido'],
  ])('%s = %j is refused with "%s", for editors and super_admin alike', async (key, value, expected) => {
    for (const who of [await signIn(EMAILS.editor), admin()]) {
      const r = await who.patch(`/items/settings/${key}`, { value });
      expect(r.status).toBe(400);
      expect(message(r)).toBe(expected);
    }
  });
});
