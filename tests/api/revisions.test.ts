/**
 * A story's history (issue #12, item 2): /portal/news/:id/revisions and
 * .../restore by role. Directus records every save; nobody but super_admin
 * reads its revision tables directly, and producers never see the history of
 * a colleague's story.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { asEveryone, created, createStaff, message, newsFactory, seedNews, type Api, type Who } from './support.ts';

let who: Record<Who, Api>;
let colleague: Api;
beforeAll(async () => {
  who = await asEveryone();
  colleague = await createStaff('producer', 'Belém');
});

type Revision = { id: number; at: string; action: string; user: string | null; status: string; title: string; summary: string | null; content: string };
const history = (api: Api, newsId: string) => api.get<Revision[]>(`/portal/news/${newsId}/revisions`);
const read = async (api: Api, id: string) => (await api.get(`/items/news/${id}?fields=title,summary,content,status,updated_at`)).data;

/** A producer's draft saved twice: its history has the creation and one edit. */
async function producerDraft(api: Api) {
  const n = created(await api.post('/items/news', newsFactory({ title: 'Versão um', content: 'O prefeito visitou a obra.', status: 'draft' }))) as {
    id: string;
  };
  created(await api.patch(`/items/news/${n.id}`, { title: 'Versão dois', content: 'O governador visitou a obra.' }));
  return n.id;
}

describe('/portal/news/:id/revisions', () => {
  describe('producer', () => {
    it('sees the history of their own story: who, when, status and the text of each save, newest first', async () => {
      const id = await producerDraft(who.producer);
      // Action
      const r = await history(who.producer, id);
      // Assert
      expect(r.status).toBe(200);
      expect(r.data.map((v) => [v.action, v.title, v.status])).toEqual([
        ['update', 'Versão dois', 'draft'],
        ['create', 'Versão um', 'draft'],
      ]);
      expect(r.data[1]!.content).toBe('O prefeito visitou a obra.');
      expect(r.data[0]!.user).toBeTruthy();
      expect(new Date(r.data[0]!.at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    });

    it('never sees the history of a colleague’s story, draft or published', async () => {
      const draft = await producerDraft(colleague);
      const published = await seedNews({ status: 'published' });
      for (const id of [draft, published.id]) {
        const r = await history(who.producer, id);
        expect(r.status).toBe(403);
        expect(message(r)).toBe('Você não pode ver o histórico desta notícia');
      }
    });

    it('cannot read Directus’s revisions or activity directly', async () => {
      const id = await producerDraft(colleague);
      for (const path of [`/revisions?filter[item][_eq]=${id}`, `/activity?filter[item][_eq]=${id}`]) {
        const r = await who.producer.get(path);
        // Refused (403, or 400 from the query guard: issue #32), or nothing found.
        expect(r.status === 403 || r.status === 400 || (Array.isArray(r.data) && r.data.length === 0), `${path}: ${r.status}`).toBe(true);
      }
    });

    it('restores a version of their own draft through the normal save', async () => {
      const id = await producerDraft(who.producer);
      const first = (await history(who.producer, id)).data.find((v) => v.action === 'create')!;
      const loaded = await read(who.producer, id);
      // Action
      const r = await who.producer.post(`/portal/news/${id}/revisions/${first.id}/restore`, { loaded_updated_at: loaded.updated_at });
      // Assert
      expect(r.status).toBe(200);
      expect(await read(who.producer, id)).toMatchObject({ title: 'Versão um', content: 'O prefeito visitou a obra.', status: 'draft' });
      // The restore is itself a save in the history.
      expect((await history(who.producer, id)).data[0]).toMatchObject({ action: 'update', title: 'Versão um' });
    });

    it('cannot restore once the story is published, nor a colleague’s story', async () => {
      const mine = await producerDraft(who.producer);
      const rev = (await history(who.producer, mine)).data.at(-1)!;
      created(await who.editor.patch(`/items/news/${mine}`, { status: 'published' }));
      const r = await who.producer.post(`/portal/news/${mine}/revisions/${rev.id}/restore`, {});
      expect(r.status).toBe(403);
      expect(message(r)).toBe('Apenas editores, ou o autor enquanto a notícia não é publicada, podem restaurar versões');
      expect((await read(who.editor, mine)).title).toBe('Versão dois');

      const theirs = await producerDraft(colleague);
      const theirRev = (await history(colleague, theirs)).data.at(-1)!;
      expect((await who.producer.post(`/portal/news/${theirs}/revisions/${theirRev.id}/restore`, {})).status).toBe(403);
      expect((await read(colleague, theirs)).title).toBe('Versão dois');
    });
  });

  describe('editor', () => {
    it('sees the history of any story and restores a published one, which stays published', async () => {
      const n = await seedNews({ status: 'published', title: 'Título original', content: 'Texto original.' });
      created(await who.editor.patch(`/items/news/${n.id}`, { title: 'Título errado', content: 'Texto errado.' }));
      const revisions = (await history(who.editor, n.id)).data;
      expect(revisions.map((v) => v.title)).toEqual(['Título errado', 'Título original']);
      const loaded = await read(who.editor, n.id);
      // Action
      const r = await who.editor.post(`/portal/news/${n.id}/revisions/${revisions[1]!.id}/restore`, { loaded_updated_at: loaded.updated_at });
      // Assert
      expect(r.status).toBe(200);
      expect(await read(who.editor, n.id)).toMatchObject({ title: 'Título original', content: 'Texto original.', status: 'published' });
    });

    it('a restore based on a stale version is refused like any save (edit conflict)', async () => {
      const n = await seedNews({ status: 'published', title: 'Antes' });
      const loaded = await read(who.editor, n.id);
      created(await who.super_admin.patch(`/items/news/${n.id}`, { title: 'Depois' }));
      const rev = (await history(who.editor, n.id)).data.at(-1)!;
      const r = await who.editor.post(`/portal/news/${n.id}/revisions/${rev.id}/restore`, { loaded_updated_at: loaded.updated_at });
      expect(r.status).toBe(409);
      expect(message(r)).toMatch(/^Esta notícia foi alterada por .+ às \d\d:\d\d; recarregue para ver as mudanças$/);
      expect((await read(who.editor, n.id)).title).toBe('Depois');
    });

    it('a version that breaks today’s rules is refused by the validators', async () => {
      const n = await seedNews({ status: 'draft', title: 'Com título' });
      const rev = (await history(who.editor, n.id)).data[0]!;
      // A legacy snapshot with an empty title (written before the rule), arranged in the database.
      const { rawDb } = await import('./support.ts');
      const db = await rawDb();
      try {
        const row = await db('directus_revisions').where('id', rev.id).first('data');
        const data = typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
        await db('directus_revisions')
          .where('id', rev.id)
          .update({ data: JSON.stringify({ ...data, title: '' }) });
      } finally {
        await db.destroy();
      }
      const r = await who.editor.post(`/portal/news/${n.id}/revisions/${rev.id}/restore`, {});
      expect(r.status).toBe(400);
      expect(message(r)).toBe('Título é obrigatório');
    });

    it('a revision of another story is not found', async () => {
      const a = await seedNews({ status: 'draft' });
      const b = await seedNews({ status: 'draft' });
      const revOfA = (await history(who.editor, a.id)).data[0]!;
      const r = await who.editor.post(`/portal/news/${b.id}/revisions/${revOfA.id}/restore`, {});
      expect(r.status).toBe(404);
      expect(message(r)).toBe('Versão não encontrada');
    });
  });

  describe('anonymous', () => {
    it('sees no history and restores nothing', async () => {
      const n = await seedNews({ status: 'published' });
      expect((await history(who.anonymous, n.id)).status).toBe(403);
      expect((await who.anonymous.post(`/portal/news/${n.id}/revisions/1/restore`, {})).status).toBe(403);
    });
  });
});
