/**
 * The admin forms' validation (domain/validation.ts) held by the server for
 * every client (issue #14): by route, a super_admin (who may write anything)
 * sending what the form refuses gets a 400 with the form's pt-BR message, and
 * nothing is written. Updates are checked on the row they leave behind.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { adFactory, asEveryone, categoryFactory, created, message, municipalityFactory, newsFactory, type Api, type Who } from './support.ts';

let who: Record<Who, Api>;
beforeAll(async () => {
  who = await asEveryone();
});

/** Refused with the message, and the stored row is what it was. */
async function refused(api: Api, collection: string, id: string, patch: Record<string, unknown>, expected: string) {
  const before = (await api.get(`/items/${collection}/${encodeURIComponent(id)}`)).data;
  expect(before).toBeTruthy();
  const r = await api.patch(`/items/${collection}/${encodeURIComponent(id)}`, patch);
  expect(r.status).toBe(400);
  expect(message(r)).toBe(expected);
  expect((await api.get(`/items/${collection}/${encodeURIComponent(id)}`)).data).toEqual(before);
}

describe('/items/news', () => {
  it('a story without a title is refused', async () => {
    const r = await who.super_admin.post('/items/news', newsFactory({ title: '  ' }));
    expect(r.status).toBe(400);
    expect(message(r)).toBe('Título é obrigatório');
  });
  it('emptying the content of a story is refused', async () => {
    const n = created(await who.super_admin.post('/items/news', newsFactory()));
    await refused(who.super_admin, 'news', n.id, { content: '' }, 'Conteúdo é obrigatório');
  });
  it('a body with a raw iframe is refused (embeds come from links on their own line)', async () => {
    const r = await who.super_admin.post(
      '/items/news',
      newsFactory({ content: '<p>Veja:</p><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>' }),
    );
    expect(r.status).toBe(400);
    expect(message(r)).toBe('O conteúdo não pode ter iframe, script ou embed: para vídeos e publicações, deixe o link sozinho numa linha');
    const n = created(await who.super_admin.post('/items/news', newsFactory()));
    await refused(
      who.super_admin,
      'news',
      n.id,
      { content: '<p>a</p><script>alert(1)</script>' },
      'O conteúdo não pode ter iframe, script ou embed: para vídeos e publicações, deixe o link sozinho numa linha',
    );
  });
  it('an unknown status is refused', async () => {
    const r = await who.super_admin.post('/items/news', newsFactory({ status: 'ao-vivo' as never }));
    expect(message(r)).toBe('Status inválido');
  });
});

describe('/items/ads', () => {
  it('a window that ends before it starts is refused', async () => {
    const r = await who.super_admin.post('/items/ads', adFactory({ start_date: '2026-12-10T03:00:00.000Z', end_date: '2026-12-01T02:59:59.999Z' }));
    expect(r.status).toBe(400);
    expect(message(r)).toBe('A data de término deve ser posterior à de início');
  });
  it('turning a banner into AdSense without ids is refused', async () => {
    const ad = created(await who.super_admin.post('/items/ads', adFactory()));
    await refused(who.super_admin, 'ads', ad.id, { ad_type: 'google_adsense' }, 'Publisher ID é obrigatório');
  });
  it('a non-URL link on update is refused', async () => {
    const ad = created(await who.super_admin.post('/items/ads', adFactory()));
    await refused(who.super_admin, 'ads', ad.id, { link_url: 'www.exemplo' }, 'URL inválida');
  });
});

describe('/items/categories', () => {
  it('a category without a name is refused', async () => {
    const r = await who.super_admin.post('/items/categories', { name: ' ', description: null });
    expect(r.status).toBe(400);
    expect(message(r)).toBe('Nome é obrigatório');
  });
  it('erasing the name of a category is refused', async () => {
    const c = created(await who.super_admin.post('/items/categories', categoryFactory()));
    await refused(who.super_admin, 'categories', c.id, { name: null }, 'Nome é obrigatório');
  });
});

describe('/items/municipalities', () => {
  it('a municipality without a name is refused', async () => {
    const r = await who.super_admin.post('/items/municipalities', { name: '', slug: 'vazio' });
    expect(r.status).toBe(400);
    expect(message(r)).toBe('Nome é obrigatório');
  });
  it('emptying the slug of a municipality is refused', async () => {
    const m = created(await who.super_admin.post('/items/municipalities', municipalityFactory()));
    await refused(who.super_admin, 'municipalities', m.id, { slug: '' }, 'Slug é obrigatório');
  });
});

describe('/items/profiles', () => {
  it('a user erasing their own name is refused', async () => {
    const me = (await who.producer.get('/users/me?fields=id')).data;
    const profile = (await who.producer.get(`/items/profiles?filter[user_id][_eq]=${me.id}&fields=id`)).data[0];
    await refused(who.producer, 'profiles', profile.id, { full_name: '   ' }, 'Nome completo é obrigatório');
  });
});

describe('/items/settings', () => {
  it('a contact email that is not an email is refused', () => refused(who.super_admin, 'settings', 'contact_email', { value: 'redacao' }, 'Email inválido'));
  it('a social link that is not a full URL is refused', () =>
    refused(who.super_admin, 'settings', 'facebook_url', { value: 'facebook.com/portal' }, 'Informe uma URL completa (https://...)'));
});
