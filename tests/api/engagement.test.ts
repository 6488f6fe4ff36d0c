import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, anonymous, asEveryone, message, seedNews, type Api, type Who } from './support.ts';

let who: Record<Who, Api>;
beforeAll(async () => {
  who = await asEveryone();
});
const sid = () => randomUUID();

describe('/portal/likes', () => {
  describe('anonymous', () => {
    it('toggles a like per session and counts it', async () => {
      const n = await seedNews({ status: 'published' });
      const s = sid();
      const on = await anonymous().post('/portal/likes', { news_id: n.id, session_id: s });
      expect(on.data).toEqual({ liked: true, likes: 1 });
      const other = await anonymous().post('/portal/likes', { news_id: n.id, session_id: sid() });
      expect(other.data).toEqual({ liked: true, likes: 2 });
      const off = await anonymous().post('/portal/likes', { news_id: n.id, session_id: s });
      expect(off.data).toEqual({ liked: false, likes: 1 });
      const state = await anonymous().get(`/portal/engagement/${n.id}?session_id=${s}`);
      expect(state.data).toEqual({ views: 0, likes: 1, liked: false });
    });

    it('refuses drafts, scheduled and unknown news with "Notícia não encontrada"', async () => {
      const draft = await seedNews({ status: 'draft' });
      const later = await seedNews({ status: 'published', scheduled_at: new Date(Date.now() + 3600_000).toISOString() });
      for (const id of [draft.id, later.id, randomUUID()]) {
        const r = await anonymous().post('/portal/likes', { news_id: id, session_id: sid() });
        expect(r.status).toBe(404);
        expect(message(r)).toBe('Notícia não encontrada');
      }
    });

    it('refuses malformed input with a clear 400', async () => {
      const n = await seedNews({ status: 'published' });
      const bad = await anonymous().post('/portal/likes', { news_id: n.id, session_id: "x' OR 1=1" });
      expect(bad.status).toBe(400);
      expect(message(bad)).toBe('Identificador de sessão inválido');
      const badNews = await anonymous().post('/portal/likes', { news_id: 'not-a-uuid', session_id: sid() });
      expect(badNews.status).toBe(400);
      expect(message(badNews)).toBe('Identificador de notícia inválido');
    });
  });

  describe('signed-in staff', () => {
    it('likes as themselves, without a session id', async () => {
      const n = await seedNews({ status: 'published' });
      const r = await who.editor.post('/portal/likes', { news_id: n.id });
      expect(r.data).toEqual({ liked: true, likes: 1 });
      expect((await who.editor.get(`/portal/engagement/${n.id}`)).data.liked).toBe(true);
    });
  });

  it('counts stay exact under hundreds of parallel toggles', async () => {
    const n = await seedNews({ status: 'published' });
    const sessions = Array.from({ length: 300 }, sid);
    // Action: 300 readers like at once, then 100 of them toggle off while 100 new ones like.
    await Promise.all(sessions.map((s) => anonymous().post('/portal/likes', { news_id: n.id, session_id: s })));
    const fresh = Array.from({ length: 100 }, sid);
    const results = await Promise.all([
      ...sessions.slice(0, 100).map((s) => anonymous().post('/portal/likes', { news_id: n.id, session_id: s })),
      ...fresh.map((s) => anonymous().post('/portal/likes', { news_id: n.id, session_id: s })),
    ]);
    // The same reader hammering the button: an even number of toggles leaves it as it was.
    const hammer = sid();
    const hammered = await Promise.all(Array.from({ length: 40 }, () => anonymous().post('/portal/likes', { news_id: n.id, session_id: hammer })));
    // Assert
    const failures = [...results, ...hammered].filter((r) => r.status !== 200).map((r) => `${r.status} ${message(r)}`);
    expect(failures).toEqual([]);
    const rows = await admin().get(`/items/news_likes?filter[news_id][_eq]=${n.id}&aggregate[count]=*`);
    const rowCount = Number(rows.data[0].count);
    const counter = (await anonymous().get(`/portal/engagement/${n.id}?session_id=${hammer}`)).data;
    expect(rowCount).toBe(300 + (counter.liked ? 1 : 0));
    expect(counter.likes).toBe(rowCount);
    expect(counter.liked).toBe(false);
  });
});

describe('/portal/views', () => {
  it('records a view with a hashed IP and no raw address', async () => {
    const n = await seedNews({ status: 'published' });
    const r = await anonymous().post('/portal/views', { news_id: n.id });
    expect(r.data).toEqual({ views: 1 });
    const rows = await admin().get(`/items/news_views?filter[news_id][_eq]=${n.id}&fields=*`);
    expect(rows.data).toHaveLength(1);
    expect(rows.data[0].user_id).toBeNull();
    expect(rows.data[0].ip_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows.data[0])).not.toMatch(/127\.0\.0\.1|::1/);
  });
  it('refuses a draft', async () => {
    const d = await seedNews({ status: 'draft' });
    expect((await anonymous().post('/portal/views', { news_id: d.id })).status).toBe(404);
  });
});

describe('/portal/counts and /portal/rankings', () => {
  it('counts many news at once, skipping unpublished ones', async () => {
    const a = await seedNews({ status: 'published' });
    const d = await seedNews({ status: 'draft' });
    await anonymous().post('/portal/views', { news_id: a.id });
    const r = await anonymous().get(`/portal/counts?ids=${a.id},${d.id}`);
    expect(r.data).toEqual({ [a.id]: { views: 1, likes: 0 } });
  });

  it('ranks the top 5 of the 20 latest published by views and by likes', async () => {
    const fresh: Array<Awaited<ReturnType<typeof seedNews>>> = [];
    for (let i = 0; i < 6; i++) fresh.push(await seedNews({ status: 'published', title: `Ranking ${i} ${Date.now()}` }));
    for (let i = 0; i < 6; i++) {
      for (let v = 0; v < i; v++) await anonymous().post('/portal/views', { news_id: fresh[i]!.id });
      if (i % 2 === 0) await anonymous().post('/portal/likes', { news_id: fresh[i]!.id, session_id: sid() });
    }
    const r = await anonymous().get('/portal/rankings');
    expect(r.data.most_read).toHaveLength(5);
    expect(r.data.most_read.slice(0, 5).map((x: { id: string }) => x.id)).toEqual([5, 4, 3, 2, 1].map((i) => fresh[i]!.id));
    const likes = r.data.most_liked.map((x: { likes: number }) => x.likes);
    expect(likes).toHaveLength(5);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
    expect(Object.keys(r.data.most_read[0]).sort()).toEqual(['featured_image', 'id', 'likes', 'published_at', 'slug', 'title', 'views']);
  });
});

describe('/portal/stats/me', () => {
  it('anonymous is refused', async () => {
    expect((await anonymous().get('/portal/stats/me')).status).toBe(403);
  });
  it('a producer gets the counts of their own news', async () => {
    const before = (await who.producer.get('/portal/stats/me')).data;
    await who.producer.post('/items/news', { title: `Stats ${Date.now()}`, content: 'x' });
    const after = (await who.producer.get('/portal/stats/me')).data;
    expect(after.total).toBe(before.total + 1);
    expect(after.draft).toBe(before.draft + 1);
    expect(Object.keys(after).sort()).toEqual(['draft', 'published', 'total', 'totalLikes', 'totalViews']);
  });
});
