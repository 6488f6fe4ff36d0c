/**
 * The permission matrix: every role × every collection × read/create/update/delete,
 * then each collection's own rules. Expected access comes from spec §6 and issue #2.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adFactory,
  admin,
  asEveryone,
  categoryFactory,
  created,
  eventFactory,
  message,
  municipalityFactory,
  seedNews,
  type Api,
  type Who,
} from './support.ts';

let who: Record<Who, Api>;
beforeAll(async () => {
  who = await asEveryone();
});

type Verb = 'read' | 'create' | 'update' | 'delete';
type Case = { collection: string; make: () => Record<string, unknown>; update: Record<string, unknown>; allowed: Record<Who, Verb[]> };

const ALL: Verb[] = ['read', 'create', 'update', 'delete'];
const cases: Case[] = [
  {
    collection: 'categories',
    make: () => categoryFactory(),
    update: { description: 'Atualizada' },
    allowed: { anonymous: ['read'], producer: ['read'], editor: ALL, super_admin: ALL },
  },
  {
    collection: 'municipalities',
    make: () => municipalityFactory(),
    update: { slug: `slug-${Date.now()}` },
    allowed: { anonymous: ['read'], producer: ['read'], editor: ['read'], super_admin: ALL },
  },
  {
    collection: 'events',
    make: () => eventFactory(),
    update: { location: 'Marabá' },
    allowed: { anonymous: ['read'], producer: ['read'], editor: ALL, super_admin: ALL },
  },
  {
    collection: 'ads',
    make: () => adFactory(),
    update: { title: 'Atualizado' },
    allowed: { anonymous: ['read'], producer: ['read'], editor: ['read'], super_admin: ALL },
  },
  {
    collection: 'settings',
    make: () => ({ key: `k${Date.now()}${Math.random().toString(36).slice(2, 6)}`, value: 'v' }),
    update: { value: 'novo' },
    allowed: { anonymous: ['read'], producer: ['read'], editor: ['read'], super_admin: ALL },
  },
  {
    collection: 'news_likes',
    make: () => ({}),
    update: {},
    allowed: { anonymous: [], producer: [], editor: [], super_admin: ['read'] },
  },
  {
    collection: 'news_views',
    make: () => ({}),
    update: {},
    allowed: { anonymous: [], producer: [], editor: [], super_admin: ['read'] },
  },
  {
    // Per-day totals: the reports screen (editor-level) reads them; only the counting writes.
    collection: 'news_daily',
    make: () => ({}),
    update: {},
    allowed: { anonymous: [], producer: [], editor: ['read'], super_admin: ['read'] },
  },
  {
    // Who has a story open in the editor: only /portal/news/:id/presence reads and writes it (tests/api/presence.test.ts).
    collection: 'news_presence',
    make: () => ({}),
    update: {},
    allowed: { anonymous: [], producer: [], editor: [], super_admin: ['read'] },
  },
  // Readers' alert subscriptions and the alerts sent: only /portal/push/* reads and writes them (tests/api/push.test.ts).
  ...(['push_subscriptions', 'push_alerts'] as const).map((collection) => ({
    collection,
    make: () => ({}),
    update: {},
    allowed: { anonymous: [], producer: [], editor: [], super_admin: ['read'] } as Record<Who, Verb[]>,
  })),
];
const COUNTED = ['news_likes', 'news_views', 'news_daily', 'news_presence', 'push_subscriptions', 'push_alerts'];

const pk = (c: Case, row: Record<string, unknown>) => String(c.collection === 'settings' ? row.key : row.id);

describe.each(cases)('/items/$collection — permission matrix', (c) => {
  describe.each(['anonymous', 'producer', 'editor', 'super_admin'] as Who[])('%s', (role) => {
    const may = (v: Verb) => c.allowed[role].includes(v);
    const writable = !COUNTED.includes(c.collection);

    it(`${c.allowed[role].includes('read') ? 'can' : 'cannot'} read`, async () => {
      const r = await who[role].get(`/items/${c.collection}?limit=1`);
      expect(r.status).toBe(may('read') ? 200 : 403);
    });

    // Only the cases that apply are declared: likes and views have no direct writes to check.
    if (writable) {
      it(`${c.allowed[role].includes('create') ? 'can' : 'cannot'} create`, async () => {
        const r = await who[role].post(`/items/${c.collection}`, c.make());
        expect(r.status).toBe(may('create') ? 200 : 403);
      });

      it(`${c.allowed[role].includes('update') ? 'can' : 'cannot'} update`, async () => {
        const row = created(await admin().post(`/items/${c.collection}`, c.make()));
        const r = await who[role].patch(`/items/${c.collection}/${pk(c, row)}`, c.update);
        expect(r.status).toBe(may('update') ? 200 : 403);
      });

      it(`${c.allowed[role].includes('delete') ? 'can' : 'cannot'} delete`, async () => {
        const row = created(await admin().post(`/items/${c.collection}`, c.make()));
        const r = await who[role].del(`/items/${c.collection}/${pk(c, row)}`);
        expect(r.status).toBe(may('delete') ? 204 : 403);
      });
    } else if (role !== 'super_admin') {
      it('cannot write directly (only the /portal endpoints do)', async () => {
        const n = await seedNews({ status: 'published' });
        const r = await who[role].post(`/items/${c.collection}`, { news_id: n.id, user_id: 'sessao-de-teste-1', id: `${n.id}:x`, ip_hash: 'x', day: '2026-11-22', views: 1000 });
        expect(r.status).toBe(403);
      });
    }
  });
});

describe('/items/categories rules', () => {
  it('editor gets the spec message for a duplicate name', async () => {
    const name = `Duplicada ${Date.now()}`;
    await who.editor.post('/items/categories', { name });
    const r = await who.editor.post('/items/categories', { name: name.toUpperCase() });
    expect(r.status).toBe(409);
    expect(message(r)).toBe('Já existe uma categoria com este nome');
  });

  it('derives the slug from the name', async () => {
    const r = await who.editor.post('/items/categories', { name: `Ciência Ação ${Date.now()}` });
    expect(r.data.slug).toMatch(/^ciencia-acao-\d+$/);
  });

  it('cannot delete a category that has news', async () => {
    const cat = (await who.editor.post('/items/categories', categoryFactory())).data;
    await seedNews({ category_id: cat.id });
    const r = await who.editor.del(`/items/categories/${cat.id}`);
    expect(r.status).toBe(409);
    expect(message(r)).toBe('Não é possível excluir uma categoria que possui notícias associadas');
  });
});

describe('/items/municipalities rules', () => {
  it.each(['Mundo', 'Brasil', 'Pará'])('nobody deletes or renames the protected %s, not even super_admin', async (name) => {
    const m = (await admin().get(`/items/municipalities?filter[name][_eq]=${encodeURIComponent(name)}&fields=id`)).data[0];
    const del = await who.super_admin.del(`/items/municipalities/${m.id}`);
    expect(del.status).toBe(403);
    expect(message(del)).toMatch(/protegido/);
    const ren = await who.super_admin.patch(`/items/municipalities/${m.id}`, { name: `${name} X` });
    expect(ren.status).toBe(403);
  });

  it('a municipality with news cannot be deleted', async () => {
    const m = (await who.super_admin.post('/items/municipalities', municipalityFactory())).data;
    await seedNews({ municipality_id: m.id });
    const r = await who.super_admin.del(`/items/municipalities/${m.id}`);
    expect(r.status).toBe(409);
  });

  it('a duplicate slug is refused', async () => {
    const r = await who.super_admin.post('/items/municipalities', { name: 'Belém 2', slug: 'belem' });
    expect(r.status).toBe(400);
  });

  it('generates the slug from the name', async () => {
    const r = await who.super_admin.post('/items/municipalities', { name: `São João ${Date.now()}` });
    expect(r.data.slug).toMatch(/^sao-joao-\d+$/);
  });
});

describe('/items/events and /items/ads rules', () => {
  it('anonymous sees active events only', async () => {
    const on = (await admin().post('/items/events', eventFactory())).data;
    const off = (await admin().post('/items/events', eventFactory({ is_active: false }))).data;
    const r = await who.anonymous.get(`/items/events?filter[id][_in]=${on.id},${off.id}&fields=id`);
    expect(r.data).toEqual([{ id: on.id }]);
  });

  it('anonymous sees only active ads inside their date window', async () => {
    const day = 24 * 3600_000;
    const iso = (d: number) => new Date(Date.now() + d).toISOString();
    const rows = await Promise.all(
      [
        adFactory({ title: 'open' }),
        adFactory({ title: 'inactive', is_active: false }),
        adFactory({ title: 'future', start_date: iso(day) }),
        adFactory({ title: 'ended', end_date: iso(-day) }),
        adFactory({ title: 'inside', start_date: iso(-day), end_date: iso(day) }),
      ].map(async (a) => (await admin().post('/items/ads', a)).data),
    );
    const ids = rows.map((r) => r.id).join(',');
    const r = await who.anonymous.get(`/items/ads?filter[id][_in]=${ids}&fields=title&sort=title`);
    expect(r.data.map((a: { title: string }) => a.title)).toEqual(['inside', 'open']);
  });
});

describe('/items/settings rules', () => {
  it('anonymous reads the public keys with their defaults', async () => {
    const r = await who.anonymous.get('/items/settings?filter[key][_eq]=urgent_message');
    expect(r.data).toEqual([{ key: 'urgent_message', value: 'Última hora: Acompanhe as principais notícias do Pará em tempo real' }]);
  });
  it('anonymous cannot read a private key', async () => {
    await admin().post('/items/settings', { key: 'internal_note', value: 'segredo' });
    const r = await who.anonymous.get('/items/settings?filter[key][_eq]=internal_note');
    expect(r.data).toEqual([]);
  });
  it('super_admin saves an empty value as empty text', async () => {
    const r = await who.super_admin.patch('/items/settings/facebook_url', { value: '' });
    expect(r.data.value).toBe('');
  });
});
