import { describe, expect, it } from 'vitest';
import {
  addIssues,
  firstError,
  MESSAGES,
  SERVER_VALIDATORS,
  validateAd,
  validateCategory,
  validateMunicipality,
  validateNews,
  validateProfile,
  validateSetting,
  validateSettings,
} from './validation.ts';

describe('news (spec §5)', () => {
  it('title and content are required', () => {
    expect(validateNews({ title: ' ', content: '' })).toEqual({ title: 'Título é obrigatório', content: 'Conteúdo é obrigatório' });
    expect(validateNews({ title: 'Chuva', content: 'Texto', status: 'draft' })).toEqual({});
  });
  it('status must be one of the four', () => expect(validateNews({ title: 'a', content: 'b', status: 'live' }).status).toBe('Status inválido'));
});

describe('ads (spec §5)', () => {
  it('the window may not end before it starts, in form dates or API timestamps', () => {
    expect(validateAd({ title: 'A', content: 'x', start_date: '2026-11-22', end_date: '2026-11-21' }).end_date).toBe(MESSAGES.adEndBeforeStart);
    expect(validateAd({ title: 'A', content: 'x', start_date: '2026-11-22', end_date: '2026-11-22' })).toEqual({});
    expect(validateAd({ title: 'A', content: 'x', start_date: '2026-11-22T03:00:00.000Z', end_date: '2026-11-21T03:00:00.000Z' }).end_date).toBeDefined();
    expect(validateAd({ title: 'A', content: 'x', start_date: null, end_date: '2026-11-21' })).toEqual({});
  });
  it('a link is not checked on AdSense ads (the provider manages it)', () =>
    expect(validateAd({ title: 'A', ad_type: 'google_adsense', google_ad_client: 'ca-pub-1', google_ad_slot: '2', link_url: 'x' })).toEqual({}));
});

describe('categories and municipalities (spec §5)', () => {
  it('category name is required', () => {
    expect(validateCategory({ name: '' }).name).toBe('Nome é obrigatório');
    expect(validateCategory({ name: null }).name).toBe('Nome é obrigatório');
    expect(validateCategory({ name: 'Meio Ambiente' })).toEqual({});
  });
  it('municipality name and slug are required; a slug left to the server may be absent', () => {
    expect(validateMunicipality({ name: ' ', slug: '' })).toEqual({ name: 'Nome é obrigatório', slug: 'Slug é obrigatório' });
    expect(validateMunicipality({ name: 'Belém', slug: '!!!' }).slug).toBe('Slug é obrigatório');
    expect(validateMunicipality({ name: 'Belém' })).toEqual({});
    expect(validateMunicipality({ name: 'Belém', slug: 'belem' })).toEqual({});
  });
});

describe('profiles (spec §5)', () => {
  it('full name is required when written', () => {
    expect(validateProfile({ full_name: '  ' }).full_name).toBe('Nome completo é obrigatório');
    expect(validateProfile({ full_name: null }).full_name).toBe('Nome completo é obrigatório');
    expect(validateProfile({ full_name: 'Ana' })).toEqual({});
  });
  it('a write that leaves the name alone is not refused for lacking one', () => expect(validateProfile({ role: 'editor' })).toEqual({}));
});

describe('settings (spec §5)', () => {
  it('empty values are allowed', () => {
    expect(validateSetting('contact_email', '')).toBeNull();
    expect(validateSetting('facebook_url', null)).toBeNull();
  });
  it('contact email must be an email and links full URLs', () => {
    expect(validateSetting('contact_email', 'redacao')).toBe('Email inválido');
    expect(validateSetting('contact_email', 'redacao@portal.com.br')).toBeNull();
    expect(validateSetting('facebook_url', 'facebook.com/portal')).toBe('Informe uma URL completa (https://...)');
    expect(validateSetting('facebook_url', 'javascript:alert(1)')).toBe('Informe uma URL completa (https://...)');
    expect(validateSetting('radio_stream_url', 'https://radio.example/stream')).toBeNull();
  });
  it('free text settings take anything', () => expect(validateSetting('urgent_message', 'qualquer: coisa')).toBeNull());
  it('the form checks every key', () =>
    expect(validateSettings({ contact_email: 'x', youtube_url: 'y' })).toEqual({
      contact_email: 'Email inválido',
      youtube_url: 'Informe uma URL completa (https://...)',
    }));
  it('the server validates a row by its key', () =>
    expect(SERVER_VALIDATORS.settings.validate({ key: 'contact_email', value: 'x' })).toEqual({ value: 'Email inválido' }));
});

describe('helpers', () => {
  it('firstError takes the first message in field order', () => {
    expect(firstError(validateAd({ title: '', content: '' }))).toBe('Título é obrigatório');
    expect(firstError({})).toBeNull();
  });
  it('addIssues puts each message on its field', () => {
    const issues: Array<{ path: string[]; message: string }> = [];
    addIssues({ title: 'Título é obrigatório' }, { addIssue: (i) => issues.push(i) });
    expect(issues).toEqual([{ code: 'custom', path: ['title'], message: 'Título é obrigatório' }]);
  });
});

describe('news body markup', () => {
  it.each([
    '<iframe src="https://www.youtube.com/embed/x"></iframe>',
    '<p>a</p><SCRIPT>alert(1)</SCRIPT>',
    '< embed src="x.swf">',
    '<object data="x"></object>',
  ])('%s is refused', (content) => {
    expect(validateNews({ title: 'T', content }).content).toBe(MESSAGES.contentRawEmbed);
  });
  it('allowlisted HTML, plain text and a link to a video are accepted', () => {
    for (const content of [
      '<p><a href="https://youtu.be/x">https://youtu.be/x</a></p>',
      'Texto sobre iframe e script.\nOutra linha',
      '<h2>a</h2><img src="/api/assets/x" alt="b">',
    ])
      expect(validateNews({ title: 'T', content })).toEqual({});
  });
});
