import { describe, expect, it } from 'vitest';
import { ENTRY_BODY_REQUIRED } from '@portal/domain/live';
import { liveEntryInputSchema, liveEntryPayload, type LiveEntryInput } from './create-live-entry.ts';

const input: LiveEntryInput = {
  news_id: 'n1',
  body: '<p>A berlinda saiu da Sé.</p>',
  status: 'published',
  image: ' /api/assets/f1 ',
  image_caption: '  ',
  pinned: true,
  unsigned: false,
};

const messages = (v: unknown) => {
  const r = liveEntryInputSchema.safeParse(v);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path[0], i.message]));
};

describe('liveEntryInputSchema', () => {
  it('an entry needs a text: empty markup is no text (the server says the same)', () => {
    expect(messages({ ...input, body: '<p> </p>' })).toEqual({ body: ENTRY_BODY_REQUIRED });
    expect(messages(input)).toEqual({});
  });
  it('holds the text limits of news_live_entries', () => {
    expect(messages({ ...input, body: `<p>${'a'.repeat(20_000)}</p>` }).body).toBe('Texto da atualização deve ter no máximo 20.000 caracteres');
    expect(messages({ ...input, image_caption: 'x'.repeat(301) }).image_caption).toBe('Legenda da imagem deve ter no máximo 300 caracteres');
  });
});

describe('liveEntryPayload', () => {
  it('a producer never sends the editors’ fields: no pin, no byline (she is the author)', () => {
    const p = liveEntryPayload({ ...input, status: 'pending', unsigned: true }, 'producer', { userId: 'u-p', was: null });
    expect(p).toEqual({ news_id: 'n1', body: input.body, status: 'pending', image: '/api/assets/f1', image_caption: null });
  });
  it('an editor pins, and signs unless "Sem assinatura"', () => {
    expect(liveEntryPayload(input, 'editor', { userId: 'u-e', was: null })).toMatchObject({ pinned: true });
    expect(liveEntryPayload(input, 'editor', { userId: 'u-e', was: null })).not.toHaveProperty('author_id');
    expect(liveEntryPayload({ ...input, unsigned: true }, 'super_admin', { userId: 'u-e', was: null }).author_id).toBeNull();
  });
  it('an edit never moves the entry and sends the byline only when it changed', () => {
    const was = { unsigned: true };
    expect(liveEntryPayload({ ...input, unsigned: true }, 'editor', { userId: 'u-e', was })).not.toHaveProperty('author_id');
    expect(liveEntryPayload({ ...input, unsigned: false }, 'editor', { userId: 'u-e', was }).author_id).toBe('u-e');
    expect(liveEntryPayload(input, 'editor', { userId: 'u-e', was })).not.toHaveProperty('news_id');
  });
  it('a caption without a photo is dropped', () => {
    expect(liveEntryPayload({ ...input, image: '', image_caption: 'Legenda' }, 'editor', { userId: 'u', was: null })).toMatchObject({
      image: null,
      image_caption: null,
    });
  });
});
