/**
 * "Fulano está editando" (issue #34): POST/DELETE /portal/news/:id/presence by
 * role. Beats live in the database (news_presence), so any Directus instance
 * answers with every beat (tests/prod/topology.test.ts shows it across two);
 * only staff who may read the story learn who has it open.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRESENCE_PURGE_MS, PRESENCE_TTL_MS } from '@portal/domain/presence';
import { admin, asEveryone, created, createStaff, message, newsFactory, PASSWORD, rawDb, seedNews, signIn, type Api, type Who } from './support.ts';

let who: Record<Who, Api>;
let colleague: Api;
beforeAll(async () => {
  who = await asEveryone();
  colleague = await createStaff('producer', 'Belém');
});

type Editors = { editors: Array<{ user_id: string; name: string | null }> };
const beat = (api: Api, newsId: string) => api.post<Editors>(`/portal/news/${newsId}/presence`, {});
const nameOf = async (api: Api) => (await admin().get(`/items/profiles?filter[user_id][_eq]=${api.userId}&fields=full_name`)).data[0].full_name as string;
const producerDraft = async (api: Api) => created(await api.post('/items/news', newsFactory({ status: 'draft' }))) as { id: string };

/** Writes a beat straight into the table, as of `ago` milliseconds ago. */
async function beatAgo(newsId: string, userId: string, ago: number) {
  const db = await rawDb();
  try {
    const at = new Date(Date.now() - ago);
    const seen = String(db.client.config.client).includes('sqlite') ? at.getTime() : at;
    await db('news_presence').insert({ id: `${newsId}:${userId}`, news_id: newsId, user_id: userId, seen_at: seen }).onConflict('id').merge(['seen_at']);
  } finally {
    await db.destroy();
  }
}

describe('/portal/news/:id/presence', () => {
  describe('producer', () => {
    it('with her draft open, learns that an editor opened it too, by name; the editor sees her', async () => {
      const n = await producerDraft(who.producer);
      expect((await beat(who.producer, n.id)).data.editors).toEqual([]);
      // Action
      const seenByEditor = await beat(who.editor, n.id);
      const seenByProducer = await beat(who.producer, n.id);
      // Assert
      expect(seenByEditor.status).toBe(200);
      expect(seenByEditor.data.editors).toEqual([{ user_id: who.producer.userId, name: await nameOf(who.producer) }]);
      expect(seenByProducer.data.editors).toEqual([{ user_id: who.editor.userId, name: await nameOf(who.editor) }]);
    });

    it('is refused on a colleague’s draft, and leaves no trace there', async () => {
      const theirs = await producerDraft(colleague);
      await beat(colleague, theirs.id);
      const r = await beat(who.producer, theirs.id);
      expect(r.status).toBe(403);
      expect(message(r)).toBe('Você não tem acesso a esta notícia');
      expect((await beat(colleague, theirs.id)).data.editors).toEqual([]);
    });

    it('may see who edits a published story (staff read every published story)', async () => {
      const n = await seedNews({ status: 'published' });
      await beat(who.editor, n.id);
      expect((await beat(who.producer, n.id)).data.editors.map((e) => e.user_id)).toEqual([who.editor.userId]);
    });
  });

  describe('editor and super_admin', () => {
    it('see everyone in any story; whoever stops beating is gone after the TTL', async () => {
      const n = await producerDraft(who.producer);
      await beatAgo(n.id, who.producer.userId!, PRESENCE_TTL_MS + 5_000);
      await beatAgo(n.id, colleague.userId!, 1_000);
      const r = await beat(who.super_admin, n.id);
      expect(r.data.editors.map((e) => e.user_id)).toEqual([colleague.userId]);
    });

    it('leaving (DELETE) takes the person off at once', async () => {
      const n = await seedNews({ status: 'pending' });
      await beat(who.editor, n.id);
      expect((await who.editor.del(`/portal/news/${n.id}/presence`)).status).toBe(200);
      expect((await beat(who.super_admin, n.id)).data.editors).toEqual([]);
    });

    it('a beat purges rows nobody will read again', async () => {
      const n = await seedNews({ status: 'draft' });
      await beatAgo(n.id, who.producer.userId!, PRESENCE_PURGE_MS + 60_000);
      await beat(who.editor, n.id);
      const db = await rawDb();
      try {
        expect(await db('news_presence').where('news_id', n.id).pluck('user_id')).toEqual([who.editor.userId]);
      } finally {
        await db.destroy();
      }
    });

    it('an unknown story or a malformed id is refused', async () => {
      expect((await beat(who.editor, randomUUID())).status).toBe(403);
      expect((await beat(who.editor, 'nao-e-uuid')).status).toBe(400);
    });
  });

  describe('outside the staff', () => {
    it('anonymous is refused', async () => {
      const n = await seedNews({ status: 'published' });
      const r = await beat(who.anonymous, n.id);
      expect(r.status).toBe(403);
      expect(message(r)).toBe('Usuário não autenticado');
    });

    it('a signed-up reader without a staff role is refused, even on a published story', async () => {
      const email = `leitor-${randomUUID().slice(0, 8)}@portal.test`;
      created(await admin().post('/users', { email, password: PASSWORD, status: 'active' }));
      const reader = await signIn(email);
      const n = await seedNews({ status: 'published' });
      await beat(who.editor, n.id);
      const r = await beat(reader, n.id);
      expect(r.status).toBe(403);
      expect(message(r)).toBe('Apenas a equipe vê quem está editando');
    });

    it('nobody reads or writes news_presence through /items, not even editors', async () => {
      const n = await seedNews({ status: 'published' });
      for (const api of [who.anonymous, who.producer, who.editor]) {
        expect((await api.get('/items/news_presence?limit=1')).status).toBe(403);
        expect((await api.post('/items/news_presence', { id: `${n.id}:${api.userId}`, news_id: n.id, user_id: api.userId, seen_at: new Date().toISOString() })).status).toBe(403);
      }
    });
  });
});
