import { beforeAll, describe, expect, it } from 'vitest';
import { hourMinutePtBR } from '@portal/domain/dates';
import { defaultNewsListStatus, newsListFilter, type NewsListStatus } from '@portal/domain/news-access';
import { asUtc } from '@portal/domain/timestamps';
import { admin, anonymous, asEveryone, created, createStaff, message, municipalityId, newsFactory, seedNews, type Api } from './support.ts';

let who: Awaited<ReturnType<typeof asEveryone>>;
let belem: string;
let santarem: string;
beforeAll(async () => {
  who = await asEveryone();
  belem = await municipalityId('Belém');
  santarem = await municipalityId('Santarém');
});

const future = () => new Date(Date.now() + 3 * 24 * 3600_000).toISOString();

describe('/items/news', () => {
  describe('anonymous', () => {
    it('reads published news only', async () => {
      const tag = `vis-${Date.now()}`;
      const published = await seedNews({ title: `${tag} publicada`, status: 'published' });
      const others = [await seedNews({ title: `${tag} rascunho`, status: 'draft' }), await seedNews({ title: `${tag} pendente`, status: 'pending' }), await seedNews({ title: `${tag} arquivada`, status: 'archived' })];
      // Action (by id: the public filters only on indexed fields, issue #32)
      const ids = [published, ...others].map((n) => n.id).join(',');
      const r = await anonymous().get(`/items/news?filter[id][_in]=${ids}&fields=id,status`);
      // Assert
      expect(r.status).toBe(200);
      expect(r.data).toEqual([{ id: published.id, status: 'published' }]);
    });

    it('cannot read a draft by id', async () => {
      const draft = await seedNews({ status: 'draft' });
      const r = await anonymous().get(`/items/news/${draft.id}`);
      expect(r.status).toBe(403);
    });

    it('cannot read a draft by slug', async () => {
      const draft = await seedNews({ status: 'draft' });
      const r = await anonymous().get(`/items/news?filter[slug][_eq]=${draft.slug}`);
      expect(r.data).toEqual([]);
    });

    it('cannot read a news scheduled for later', async () => {
      const scheduled = await seedNews({ status: 'published', scheduled_at: future() });
      expect(scheduled.published_at).toBe(new Date(scheduled.published_at!).toISOString());
      const r = await anonymous().get(`/items/news?filter[id][_eq]=${scheduled.id}`);
      expect(r.data).toEqual([]);
    });

    it('reads category and municipality names with the news but never user emails', async () => {
      const n = await seedNews({ status: 'published', municipality_id: belem });
      const ok = await anonymous().get(`/items/news/${n.id}?fields=title,municipality_id.name,category_id.name`);
      expect(ok.data.municipality_id.name).toBe('Belém');
      const leak = await anonymous().get(`/items/news/${n.id}?fields=author_id.email`);
      expect(JSON.stringify(leak)).not.toMatch(/@portal\.test/);
      const profiles = await anonymous().get('/items/profiles?fields=email');
      expect(profiles.status).toBe(403);
    });

    it('cannot create, update or delete', async () => {
      const n = await seedNews({ status: 'published' });
      expect((await anonymous().post('/items/news', newsFactory())).status).toBe(403);
      expect((await anonymous().patch(`/items/news/${n.id}`, { title: 'x' })).status).toBe(403);
      expect((await anonymous().del(`/items/news/${n.id}`)).status).toBe(403);
    });
  });

  describe('producer', () => {
    it('creates news as themselves in their own municipality', async () => {
      const r = await who.producer.post('/items/news', newsFactory({ status: 'pending', municipality_id: santarem, author_id: who.editor.userId }));
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({ author_id: who.producer.userId, municipality_id: belem, status: 'pending', published_at: null });
    });

    it('cannot publish', async () => {
      const r = await who.producer.post('/items/news', newsFactory({ status: 'published' }));
      expect(r.status).toBe(403);
      expect(message(r)).toBe('Produtores só podem salvar notícias como rascunho ou pendente');
      const own = created(await who.producer.post('/items/news', newsFactory()));
      const up = await who.producer.patch(`/items/news/${own.id}`, { status: 'published' });
      expect(up.status).toBe(403);
    });

    it('cannot feature a news or write counters', async () => {
      const featured = await who.producer.post('/items/news', newsFactory({ is_featured: true }));
      expect(featured.status).toBe(403);
      expect(message(featured)).toBe('Apenas editores podem destacar notícias');
      const own = created(await who.producer.post('/items/news', newsFactory()));
      expect((await who.producer.patch(`/items/news/${own.id}`, { like_count: 999 })).status).toBe(403);
    });

    it('reads and edits own unpublished news', async () => {
      const own = created(await who.producer.post('/items/news', newsFactory()));
      expect((await who.producer.get(`/items/news/${own.id}`)).status).toBe(200);
      const r = await who.producer.patch(`/items/news/${own.id}`, { title: 'Título revisado', status: 'pending' });
      expect(r.status).toBe(200);
      expect(r.data.status).toBe('pending');
    });

    it("cannot read or edit another producer's draft", async () => {
      const other: Api = await createStaff('producer', 'Santarém');
      const theirs = created(await other.post('/items/news', newsFactory()));
      expect(theirs.municipality_id).toBe(santarem);
      expect((await who.producer.get(`/items/news/${theirs.id}`)).status).toBe(403);
      expect((await who.producer.patch(`/items/news/${theirs.id}`, { title: 'x' })).status).toBe(403);
    });

    it("cannot read or edit a colleague's draft in the same municipality (the rule is authorship, not place)", async () => {
      const colleague: Api = await createStaff('producer', 'Belém');
      const theirs = created(await colleague.post('/items/news', newsFactory({ status: 'draft' })));
      const pending = created(await colleague.post('/items/news', newsFactory({ status: 'pending' })));
      expect(theirs.municipality_id).toBe(belem);
      for (const n of [theirs, pending]) {
        expect((await who.producer.get(`/items/news/${n.id}`)).status).toBe(403);
        expect((await who.producer.get(`/items/news?filter[id][_eq]=${n.id}&fields=id`)).data).toEqual([]);
        expect((await who.producer.patch(`/items/news/${n.id}`, { title: 'Texto do colega mudado' })).status).toBe(403);
      }
      // Nothing of theirs changed.
      expect((await admin().get(`/items/news/${theirs.id}?fields=title`)).data.title).toBe(theirs.title);
      expect((await admin().get(`/items/news/${pending.id}?fields=title`)).data.title).toBe(pending.title);
    });

    it('cannot edit own news once an editor published it', async () => {
      const own = created(await who.producer.post('/items/news', newsFactory({ status: 'pending' })));
      expect((await who.editor.patch(`/items/news/${own.id}`, { status: 'published' })).status).toBe(200);
      const r = await who.producer.patch(`/items/news/${own.id}`, { title: 'Mudança tardia' });
      expect(r.status).toBe(403);
    });

    it('cannot change the municipality', async () => {
      const own = created(await who.producer.post('/items/news', newsFactory()));
      const r = await who.producer.patch(`/items/news/${own.id}`, { municipality_id: santarem });
      expect(r.status).toBe(403);
      expect(message(r)).toBe('Apenas super admin pode alterar o município');
    });

    it('cannot delete, not even own news', async () => {
      const own = created(await who.producer.post('/items/news', newsFactory()));
      expect((await who.producer.del(`/items/news/${own.id}`)).status).toBe(403);
    });
  });

  describe('editor', () => {
    it('reads every news, drafts of others included', async () => {
      const draft = await seedNews({ status: 'draft' });
      expect((await who.editor.get(`/items/news/${draft.id}`)).status).toBe(200);
    });

    it('publishes now, or at the scheduled date, and unpublishing clears the date', async () => {
      const n = await seedNews({ status: 'pending' });
      const before = Date.now();
      const pub = await who.editor.patch(`/items/news/${n.id}`, { status: 'published' });
      expect(new Date(pub.data.published_at).getTime()).toBeGreaterThanOrEqual(before - 2000);
      const when = future();
      const sched = await who.editor.patch(`/items/news/${n.id}`, { status: 'published', scheduled_at: when });
      expect(new Date(sched.data.published_at).toISOString()).toBe(when);
      const back = await who.editor.patch(`/items/news/${n.id}`, { status: 'draft' });
      expect(back.data.published_at).toBeNull();
    });

    it('cannot set published_at by hand', async () => {
      const n = await seedNews({ status: 'draft' });
      const r = await who.editor.patch(`/items/news/${n.id}`, { published_at: '2020-01-01T00:00:00.000Z' });
      expect(r.status).toBe(200);
      expect(r.data.published_at).toBeNull();
    });

    it('cannot change the municipality of an existing news', async () => {
      const n = await seedNews({ municipality_id: belem });
      const r = await who.editor.patch(`/items/news/${n.id}`, { municipality_id: santarem });
      expect(r.status).toBe(403);
      expect(message(r)).toBe('Apenas super admin pode alterar o município');
      const same = await who.editor.patch(`/items/news/${n.id}`, { municipality_id: belem, title: 'Mesmo município' });
      expect(same.status).toBe(200);
    });

    it('creates news as themselves, in any municipality', async () => {
      const r = await who.editor.post('/items/news', newsFactory({ municipality_id: santarem }));
      expect(r.data).toMatchObject({ author_id: who.editor.userId, municipality_id: santarem });
    });

    it('deletes news', async () => {
      const n = await seedNews();
      expect((await who.editor.del(`/items/news/${n.id}`)).status).toBe(204);
    });
  });

  describe('super_admin', () => {
    it('changes the municipality of an existing news', async () => {
      const n = await seedNews({ municipality_id: belem });
      const r = await who.super_admin.patch(`/items/news/${n.id}`, { municipality_id: santarem });
      expect(r.status).toBe(200);
      expect(r.data.municipality_id).toBe(santarem);
    });

    it('gets a unique slug when titles repeat', async () => {
      const title = `Título repetido ${Date.now()}`;
      const a = await seedNews({ title });
      const b = await seedNews({ title });
      expect(b.slug).toBe(`${a.slug}-2`);
    });

    it('is refused an empty title with a clear message', async () => {
      const r = await admin().post('/items/news', newsFactory({ title: '' }));
      expect(r.status).toBe(400);
      expect(message(r)).toBe('Título é obrigatório');
    });
  });

  describe('admin list status filter and search (issue #12, item 7)', () => {
    const STATUSES = ['draft', 'pending', 'published', 'archived'] as const;
    /** The admin list's request: the role's filter for one status, plus the search box's text. */
    const list = async (as: Api, role: string, status: NewsListStatus, search: string) => {
      const filter = encodeURIComponent(JSON.stringify(newsListFilter(role, as.userId ?? '', status)));
      const r = await as.get(`/items/news?filter=${filter}&search=${encodeURIComponent(search)}&fields=status,title&sort=title&limit=1000`);
      expect(r.status).toBe(200);
      return (r.data as Array<{ status: string }>).map((n) => n.status).sort();
    };

    it('editor reaches published, draft and archived stories of others, one status at a time', async () => {
      const tag = `filtro-editor-${Date.now()}`;
      for (const status of STATUSES) await seedNews({ title: `${tag} ${status}`, status });
      for (const status of STATUSES) expect(await list(who.editor, 'editor', status, tag)).toEqual([status]);
      expect(await list(who.editor, 'editor', 'all', tag)).toEqual([...STATUSES].sort());
    });

    it("producer's filter never reaches another author's unpublished stories, even with the author condition removed", async () => {
      const tag = `filtro-produtor-${Date.now()}`;
      for (const status of STATUSES) await seedNews({ title: `${tag} ${status}`, status });
      const own = created(await who.producer.post('/items/news', newsFactory({ title: `${tag} própria` })));
      expect(await list(who.producer, 'producer', 'all', tag)).toEqual([own.status]);
      // Her default list (issue #34): every story of hers not yet published, so one sent for review stays in it.
      const sent = created(await who.producer.post('/items/news', newsFactory({ title: `${tag} enviada`, status: 'pending' })));
      expect(await list(who.producer, 'producer', defaultNewsListStatus('producer'), tag)).toEqual([own.status, sent.status].sort());
      // What the server itself allows, whatever filter a client sends: own news (draft, pending) and published ones.
      const r = await who.producer.get(`/items/news?search=${tag}&fields=status&limit=1000`);
      expect((r.data as Array<{ status: string }>).map((n) => n.status).sort()).toEqual(['draft', 'pending', 'published']);
    });
  });

  describe('no silent overwrite (issue #12, item 3)', () => {
    const version = async (as: Api, id: string) => (await as.get(`/items/news/${id}?fields=updated_at,title`)).data as { updated_at: string | null; title: string };
    const nameOf = async (as: Api) => (await admin().get(`/items/profiles?filter[user_id][_eq]=${as.userId}&fields=full_name`)).data[0].full_name as string;

    it("editor's save based on an older version is refused, naming who changed it and when; the story keeps the other edit", async () => {
      const n = await seedNews({ status: 'published' });
      await who.editor.patch(`/items/news/${n.id}`, { summary: 'primeira edição' });
      const loaded = await version(who.editor, n.id);
      const other: Api = await createStaff('editor');
      expect((await other.patch(`/items/news/${n.id}`, { title: 'Título do colega', loaded_updated_at: loaded.updated_at })).status).toBe(200);
      const changed = await version(admin(), n.id);
      // Action
      const r = await who.editor.patch(`/items/news/${n.id}`, { title: 'Meu título', loaded_updated_at: loaded.updated_at });
      // Assert
      expect(r.status).toBe(409);
      expect(message(r)).toBe(`Esta notícia foi alterada por ${await nameOf(other)} às ${hourMinutePtBR(asUtc(changed.updated_at!))}; recarregue para ver as mudanças`);
      expect((await version(admin(), n.id)).title).toBe('Título do colega');
    });

    it('a save based on the current version goes through, and the version is not stored', async () => {
      const n = await seedNews({ status: 'pending' });
      const first = await who.editor.patch(`/items/news/${n.id}`, { summary: 'a', loaded_updated_at: null });
      expect(first.status).toBe(200);
      const loaded = await version(who.editor, n.id);
      const r = await who.editor.patch(`/items/news/${n.id}`, { summary: 'b', loaded_updated_at: loaded.updated_at });
      expect(r.status).toBe(200);
      expect(r.data).not.toHaveProperty('loaded_updated_at');
    });

    it("producer's save of an own draft an editor changed meanwhile is refused", async () => {
      const own = created(await who.producer.post('/items/news', newsFactory()));
      await who.producer.patch(`/items/news/${own.id}`, { summary: 'rascunho' });
      const loaded = await version(who.producer, own.id);
      expect((await who.editor.patch(`/items/news/${own.id}`, { summary: 'revisado pelo editor', loaded_updated_at: loaded.updated_at })).status).toBe(200);
      const r = await who.producer.patch(`/items/news/${own.id}`, { summary: 'por cima', loaded_updated_at: loaded.updated_at });
      expect(r.status).toBe(409);
      expect(message(r)).toMatch(new RegExp(`^Esta notícia foi alterada por ${await nameOf(who.editor)} às \\d\\d:\\d\\d; recarregue`));
    });
  });
});
