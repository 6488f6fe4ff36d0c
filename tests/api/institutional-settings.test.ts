/**
 * Issue #34, item 10: the institutional pages' texts and the TV's live address
 * are settings. Public (the site prints them; the builder reads what readers
 * read), written only by who owns them: the texts by the super_admin, the live
 * address by editors too (the TV Web screen); validated on the server.
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_SETTINGS, INSTITUTIONAL_PAGES } from '@portal/domain/settings';
import { admin, anonymous, Api, baseUrl, message, signIn, EMAILS } from './support.ts';

const PAGE_KEYS = INSTITUTIONAL_PAGES.map((p) => p.key);

afterAll(async () => {
  for (const key of [...PAGE_KEYS, 'tv_live_url'] as const) await admin().patch(`/items/settings/${key}`, { value: DEFAULT_SETTINGS[key] });
});

describe('institutional texts and the TV live address', () => {
  it('are seeded with their pt-BR defaults and read by anyone, and by the builder (site_reader)', async () => {
    const siteReader = new Api(baseUrl(), inject('siteReaderToken'));
    for (const reader of [anonymous(), siteReader]) {
      for (const key of PAGE_KEYS) {
        const r = await reader.get(`/items/settings/${key}`);
        expect(r.status).toBe(200);
        expect(r.data.value).toBe(DEFAULT_SETTINGS[key]);
      }
      const live = await reader.get('/items/settings/tv_live_url');
      expect(live.status).toBe(200);
      expect(live.data.value ?? '').toBe('');
    }
  });

  it('only the super_admin writes the texts: editor, producer and anonymous are refused', async () => {
    const editor = await signIn(EMAILS.editor);
    const producer = await signIn(EMAILS.producer);
    for (const who of [editor, producer, anonymous()]) expect((await who.patch('/items/settings/page_about', { value: 'Invasão' })).status).toBe(403);
    const r = await admin().patch('/items/settings/page_masthead', { value: 'Direção: Ana Souza\n\nReportagem: Beto Lima' });
    expect(r.status).toBe(200);
    expect((await anonymous().get('/items/settings/page_masthead')).data.value).toBe('Direção: Ana Souza\n\nReportagem: Beto Lima');
  });

  it('a text over the limit is refused with the admin form’s message', async () => {
    const r = await admin().patch('/items/settings/page_contact', { value: 'x'.repeat(5001) });
    expect(r.status).toBe(400);
    expect(message(r)).toBe('Use no máximo 5.000 caracteres');
  });

  it('editors set and clear the TV live address (a full URL); producers cannot', async () => {
    const editor = await signIn(EMAILS.editor);
    expect((await editor.patch('/items/settings/tv_live_url', { value: 'https://www.youtube.com/watch?v=live' })).status).toBe(200);
    expect((await anonymous().get('/items/settings/tv_live_url')).data.value).toBe('https://www.youtube.com/watch?v=live');
    const bad = await editor.patch('/items/settings/tv_live_url', { value: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    expect(message(bad)).toBe('Informe uma URL completa (https://...)');
    expect((await editor.patch('/items/settings/tv_live_url', { value: '' })).status).toBe(200);
    expect((await (await signIn(EMAILS.producer)).patch('/items/settings/tv_live_url', { value: 'https://www.youtube.com/watch?v=x' })).status).toBe(403);
    expect((await editor.patch('/items/settings/page_contact', { value: 'x' })).status).toBe(403);
  });
});

describe("the newsroom's WhatsApp channel (issue #29)", () => {
  afterAll(async () => {
    await admin().patch('/items/settings/whatsapp_channel_url', { value: DEFAULT_SETTINGS.whatsapp_channel_url });
  });
  it('is seeded empty and public; only the super_admin sets it, and only to a full URL', async () => {
    expect((await anonymous().get('/items/settings/whatsapp_channel_url')).data.value ?? '').toBe('');
    const editor = await signIn(EMAILS.editor);
    expect((await editor.patch('/items/settings/whatsapp_channel_url', { value: 'https://whatsapp.com/channel/x' })).status).toBe(403);
    const bad = await admin().patch('/items/settings/whatsapp_channel_url', { value: 'whatsapp.com/channel/x' });
    expect(bad.status).toBe(400);
    expect(message(bad)).toBe('Informe uma URL completa (https://...)');
    expect((await admin().patch('/items/settings/whatsapp_channel_url', { value: 'https://whatsapp.com/channel/0029Va' })).status).toBe(200);
    expect((await anonymous().get('/items/settings/whatsapp_channel_url')).data.value).toBe('https://whatsapp.com/channel/0029Va');
  });
});
