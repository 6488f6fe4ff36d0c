/**
 * /items/news_corrections by role (issue #12, item 1): editor-level staff
 * write corrections of public stories; producers and readers only read those
 * of public stories (the news visibility rule, through the relation).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { asEveryone, created, message, seedNews, type Api, type Who } from './support.ts';

let who: Record<Who, Api>;
beforeAll(async () => {
  who = await asEveryone();
});

const future = () => new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
const note = (s: string) => `Correção de teste ${s} ${Date.now()}`;
/** A correction written by super_admin on a story, possibly one readers cannot see (arranged behind the hook's back is not needed: admin on a public story, then unpublished). */
async function correctionOn(newsId: string, text = note('x')) {
  return created(await who.editor.post('/items/news_corrections', { news_id: newsId, note: text })) as {
    id: string;
    note: string;
    created_at: string;
    created_by: string;
  };
}

describe('/items/news_corrections', () => {
  describe('editor', () => {
    it('attaches a correction to a published story, stamped with its author and time', async () => {
      const n = await seedNews({ status: 'published' });
      // Action
      const r = await who.editor.post('/items/news_corrections', { news_id: n.id, note: 'O nome correto do secretário é João Silva.' });
      // Assert
      expect(r.status).toBe(200);
      expect(r.data.created_by).toBe(who.editor.userId);
      expect(Math.abs(new Date(r.data.created_at).getTime() - Date.now())).toBeLessThan(60_000);
    });

    it('cannot forge who wrote it', async () => {
      const n = await seedNews({ status: 'published' });
      const r = await who.editor.post('/items/news_corrections', { news_id: n.id, note: note('forjada'), created_by: who.producer.userId });
      expect(r.status).toBe(403);
    });

    it('cannot correct a draft or a story scheduled for later (pt-BR refusal)', async () => {
      for (const n of [await seedNews({ status: 'draft' }), await seedNews({ status: 'published', scheduled_at: future() })]) {
        const r = await who.editor.post('/items/news_corrections', { news_id: n.id, note: note('rascunho') });
        expect(r.status).toBe(400);
        expect(message(r)).toBe('Só é possível registrar correção em notícia publicada');
      }
    });

    it('an empty or too long note is refused with the form’s messages', async () => {
      const n = await seedNews({ status: 'published' });
      const empty = await who.editor.post('/items/news_corrections', { news_id: n.id, note: '   ' });
      expect(empty.status).toBe(400);
      expect(message(empty)).toBe('Descreva a correção');
      const long = await who.editor.post('/items/news_corrections', { news_id: n.id, note: 'x'.repeat(1001) });
      expect(long.status).toBe(400);
      expect(message(long)).toBe('Correção deve ter no máximo 1.000 caracteres');
      const c = await correctionOn(n.id);
      const blanked = await who.editor.patch(`/items/news_corrections/${c.id}`, { note: '' });
      expect(message(blanked)).toBe('Descreva a correção');
    });

    it('reads, edits and deletes corrections', async () => {
      const n = await seedNews({ status: 'published' });
      const c = await correctionOn(n.id);
      expect((await who.editor.get(`/items/news_corrections/${c.id}`)).data.note).toBe(c.note);
      expect((await who.editor.patch(`/items/news_corrections/${c.id}`, { note: 'Texto revisto' })).data.note).toBe('Texto revisto');
      expect((await who.editor.del(`/items/news_corrections/${c.id}`)).status).toBe(204);
    });
  });

  describe('super_admin', () => {
    it('writes corrections too', async () => {
      const n = await seedNews({ status: 'published' });
      expect((await who.super_admin.post('/items/news_corrections', { news_id: n.id, note: note('admin') })).status).toBe(200);
    });
  });

  describe('producer', () => {
    it('cannot create, edit or delete a correction, even on their own story', async () => {
      const mine = created(await who.producer.post('/items/news', { title: `Minha ${Date.now()}`, content: 'Texto.', status: 'pending' })) as { id: string };
      created(await who.editor.patch(`/items/news/${mine.id}`, { status: 'published' }));
      const c = await correctionOn(mine.id);
      expect((await who.producer.post('/items/news_corrections', { news_id: mine.id, note: note('produtor') })).status).toBe(403);
      expect((await who.producer.patch(`/items/news_corrections/${c.id}`, { note: 'mudada' })).status).toBe(403);
      expect((await who.producer.del(`/items/news_corrections/${c.id}`)).status).toBe(403);
    });

    it('reads corrections of public stories as readers do', async () => {
      const n = await seedNews({ status: 'published' });
      const c = await correctionOn(n.id);
      const r = await who.producer.get(`/items/news_corrections?filter[news_id][_eq]=${n.id}&fields=id,note`);
      expect(r.data).toEqual([{ id: c.id, note: c.note }]);
    });
  });

  describe('anonymous', () => {
    it('reads the corrections of a public story, never who wrote them', async () => {
      const n = await seedNews({ status: 'published' });
      const c = await correctionOn(n.id);
      const r = await who.anonymous.get(`/items/news_corrections?filter[news_id][_eq]=${n.id}&fields=id,note,created_at`);
      expect(r.data).toEqual([{ id: c.id, note: c.note, created_at: c.created_at }]);
      const leak = await who.anonymous.get(`/items/news_corrections/${c.id}?fields=created_by`);
      expect(leak.status).toBe(403);
    });

    it('does not read corrections of a story taken down (nor can a producer)', async () => {
      const n = await seedNews({ status: 'published' });
      const c = await correctionOn(n.id);
      created(await who.editor.patch(`/items/news/${n.id}`, { status: 'draft' }));
      for (const reader of [who.anonymous, who.producer]) {
        expect((await reader.get(`/items/news_corrections?filter[news_id][_eq]=${n.id}`)).data).toEqual([]);
        expect((await reader.get(`/items/news_corrections/${c.id}`)).status).toBe(403);
      }
      // Editors still see it, to fix or remove it.
      expect((await who.editor.get(`/items/news_corrections/${c.id}`)).status).toBe(200);
    });

    it('cannot write corrections', async () => {
      const n = await seedNews({ status: 'published' });
      expect((await who.anonymous.post('/items/news_corrections', { news_id: n.id, note: note('anon') })).status).toBe(403);
    });
  });
});
