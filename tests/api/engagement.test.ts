import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredViews } from '../../directus/extensions/shared/view-retention.ts';
import { admin, anonymous, asEveryone, baseUrl, message, rawDb, seedNews, storedViews, withinOneMinute, type Api, type Res, type Who } from './support.ts';

let who: Record<Who, Api>;
beforeAll(async () => {
  who = await asEveryone();
});
const sid = () => randomUUID();
/** The caps as decision 016 (issue #9) states them, written out so a changed constant cannot move the test with it: per address, article and clock minute. */
const VIEWS_PER_MINUTE = 20;
const LIKES_PER_MINUTE = 10;

const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
let nextAddress = 0;
/** A fresh client address (X-Forwarded-For is trusted from loopback only, as the front server sends it). */
const address = () => `10.9.${Math.floor(++nextAddress / 250)}.${(nextAddress % 250) + 1}`;

/** A reader's browser at `ip`: what the article page and the like button send. */
async function asReader(ip: string, path: string, body: unknown, ua = BROWSER): Promise<Res & { cacheControl: string | null }> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, 'user-agent': ua },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  return { status: res.status, data: json.data ?? json, errors: json.errors, cacheControl: res.headers.get('cache-control') };
}

describe('/portal/likes', () => {
  describe('anonymous', () => {
    it('toggles a like per session and counts it', async () => {
      const n = await seedNews({ status: 'published' });
      const s = sid();
      const on = await anonymous().post('/portal/likes', { news_id: n.id, session_id: s });
      expect(on.data).toEqual({ liked: true, likes: 1, counted: true });
      const other = await anonymous().post('/portal/likes', { news_id: n.id, session_id: sid() });
      expect(other.data).toEqual({ liked: true, likes: 2, counted: true });
      const off = await anonymous().post('/portal/likes', { news_id: n.id, session_id: s });
      expect(off.data).toEqual({ liked: false, likes: 1, counted: true });
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
      expect(r.data).toEqual({ liked: true, likes: 1, counted: true });
      expect((await who.editor.get(`/portal/engagement/${n.id}`)).data.liked).toBe(true);
    });
  });

  it('counts stay exact under hundreds of parallel toggles; a reader hammering the button never goes negative or double', async () => {
    const n = await seedNews({ status: 'published' });
    const readers = Array.from({ length: 300 }, () => ({ ip: address(), session: sid() }));
    const toggle = (r: { ip: string; session: string }) => asReader(r.ip, '/portal/likes', { news_id: n.id, session_id: r.session });
    // Action: 300 readers like at once, then 100 of them toggle off while 100 new ones like.
    await Promise.all(readers.map(toggle));
    const fresh = Array.from({ length: 100 }, () => ({ ip: address(), session: sid() }));
    const results = await Promise.all([...readers.slice(0, 100).map(toggle), ...fresh.map(toggle)]);
    // The same reader hammering the button 40 times at once: the cap counts the first
    // 10 (an even number: it ends as it was) and answers the rest cleanly, uncounted.
    const hammer = { ip: address(), session: sid() };
    await withinOneMinute();
    const hammered = await Promise.all(Array.from({ length: 40 }, () => toggle(hammer)));
    // Assert
    const failures = [...results, ...hammered].filter((r) => r.status !== 200).map((r) => `${r.status} ${message(r)}`);
    expect(failures).toEqual([]);
    expect(hammered.filter((r) => r.data.counted)).toHaveLength(LIKES_PER_MINUTE);
    expect(hammered.every((r) => r.data.likes >= 0)).toBe(true);
    const rows = await admin().get(`/items/news_likes?filter[news_id][_eq]=${n.id}&aggregate[count]=*`);
    const rowCount = Number(rows.data[0].count);
    const state = (await asReader(hammer.ip, '/portal/article-view', { news_id: n.id, session_id: hammer.session })).data;
    expect(rowCount).toBe(300);
    expect(state.likes).toBe(rowCount);
    expect(state.liked).toBe(false);
    const db = await rawDb();
    try {
      const daily = await db('news_daily').where('news_id', n.id).sum({ n: 'likes' }).first();
      expect(Number(daily!.n)).toBe(300);
    } finally {
      await db.destroy();
    }
  });

  it(`one address toggles at most ${LIKES_PER_MINUTE} times per article per minute; the rest get a clean 200, uncounted`, async () => {
    const n = await seedNews({ status: 'published' });
    const ip = address();
    await withinOneMinute();
    const answers = [];
    for (let i = 0; i < LIKES_PER_MINUTE + 1; i++) answers.push(await asReader(ip, '/portal/likes', { news_id: n.id, session_id: sid() }));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(answers.at(-1)!.data).toEqual({ liked: false, likes: LIKES_PER_MINUTE, counted: false });
    // Another address behind the same article is counted.
    expect((await asReader(address(), '/portal/likes', { news_id: n.id, session_id: sid() })).data.counted).toBe(true);
  });
});

describe('/portal/article-view', () => {
  it('is the one call of an article view: records it and answers counts and the liked state, uncached', async () => {
    const n = await seedNews({ status: 'published' });
    const s = sid();
    const ip = address();
    await asReader(ip, '/portal/likes', { news_id: n.id, session_id: s });
    const r = await asReader(ip, '/portal/article-view', { news_id: n.id, session_id: s });
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ views: 1, likes: 1, liked: true, counted: true });
    expect(r.cacheControl).toBe('no-store');
    const other = await asReader(address(), '/portal/article-view', { news_id: n.id, session_id: sid() });
    expect(other.data).toEqual({ views: 2, likes: 1, liked: false, counted: true });
    // Without a session id the view still counts.
    expect((await asReader(address(), '/portal/article-view', { news_id: n.id })).data).toMatchObject({ views: 3, liked: false });
  });

  it('acknowledged means stored: after 200 parallel 2xx every view is already in the rows, the counter and the day total', async () => {
    const n = await seedNews({ status: 'published' });
    const answers = await Promise.all(Array.from({ length: 200 }, () => asReader(address(), '/portal/article-view', { news_id: n.id, session_id: sid() })));
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    // Read straight from the database, no waiting: a 2xx is only sent after its batch committed.
    expect(await storedViews(n.id)).toEqual({ rows: 200, counter: 200, daily: 200 });
    expect(Math.max(...answers.map((a) => a.data.views))).toBe(200);
  });

  it(`one address counts at most ${VIEWS_PER_MINUTE} views per article per minute; the rest get a clean 200, uncounted`, async () => {
    const n = await seedNews({ status: 'published' });
    const other = await seedNews({ status: 'published' });
    const ip = address();
    await withinOneMinute();
    const answers = await Promise.all(Array.from({ length: VIEWS_PER_MINUTE + 5 }, () => asReader(ip, '/portal/article-view', { news_id: n.id })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.data.counted)).toHaveLength(VIEWS_PER_MINUTE);
    expect(answers.filter((a) => !a.data.counted).every((a) => a.data.views <= VIEWS_PER_MINUTE)).toBe(true);
    expect(await storedViews(n.id)).toEqual({ rows: VIEWS_PER_MINUTE, counter: VIEWS_PER_MINUTE, daily: VIEWS_PER_MINUTE });
    // The cap is per article and per address.
    expect((await asReader(ip, '/portal/article-view', { news_id: other.id })).data.counted).toBe(true);
    expect((await asReader(address(), '/portal/article-view', { news_id: n.id })).data.counted).toBe(true);
  });

  it('obvious bots get a clean 200 and are not counted', async () => {
    const n = await seedNews({ status: 'published' });
    for (const ua of ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'curl/8.5.0', 'facebookexternalhit/1.1', '']) {
      const r = await asReader(address(), '/portal/article-view', { news_id: n.id }, ua);
      expect(r.status, ua).toBe(200);
      expect(r.data, ua).toEqual({ views: 0, likes: 0, liked: false, counted: false });
      const like = await asReader(address(), '/portal/likes', { news_id: n.id, session_id: sid() }, ua);
      expect(like.data, ua).toEqual({ liked: false, likes: 0, counted: false });
    }
    expect(await storedViews(n.id)).toEqual({ rows: 0, counter: 0, daily: 0 });
  });

  it('refuses drafts, scheduled and unknown news with "Notícia não encontrada", and malformed ids with a 400', async () => {
    const draft = await seedNews({ status: 'draft' });
    const later = await seedNews({ status: 'published', scheduled_at: new Date(Date.now() + 3600_000).toISOString() });
    for (const id of [draft.id, later.id, randomUUID()]) {
      const r = await asReader(address(), '/portal/article-view', { news_id: id });
      expect(r.status).toBe(404);
      expect(message(r)).toBe('Notícia não encontrada');
    }
    const bad = await asReader(address(), '/portal/article-view', { news_id: 'x' });
    expect(bad.status).toBe(400);
    expect(message(bad)).toBe('Identificador de notícia inválido');
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
    // The 20 latest are all this test's: 14 unread, then the 6 ranked ones.
    for (let i = 0; i < 14; i++) await seedNews({ status: 'published', title: `Sem leitura ${i} ${Date.now()}` });
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

describe('/portal/rankings by time window', () => {
  /** Per-day totals of a past Belém day, as the counting would have left them. */
  async function pastDay(newsId: string, daysAgo: number, views: number, likes: number) {
    const day = new Date(Date.now() - 3 * 3600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const db = await rawDb();
    try {
      await db('news_daily').insert({ id: `${newsId}:${day}`, news_id: newsId, day, views, likes });
    } finally {
      await db.destroy();
    }
  }

  it('answers most read and most liked in the last 24 h, 7 days and 30 days from the counting', async () => {
    const a = await seedNews({ status: 'published' });
    const b = await seedNews({ status: 'published' });
    const draft = await seedNews({ status: 'draft' });
    // a: 3 views now, 900 views 20 days ago; b: 2 views now, 500 views 5 days ago and 4 TOPs.
    for (let i = 0; i < 3; i++) await asReader(address(), '/portal/article-view', { news_id: a.id });
    for (let i = 0; i < 2; i++) await asReader(address(), '/portal/article-view', { news_id: b.id });
    await pastDay(a.id, 20, 900_000, 0);
    await pastDay(b.id, 5, 500_000, 4000);
    await pastDay(draft.id, 1, 9_000_000, 9000);
    // Window JSON is shared for 60 s per (window, limit): each call here asks a limit no other test asks.
    const get = async (q: string) => {
      const res = await fetch(`${baseUrl()}/portal/rankings?${q}`);
      return { cacheControl: res.headers.get('cache-control'), body: await res.json() };
    };
    const day = await get('window=24h&limit=47');
    const week = await get('window=7d&limit=48');
    const month = await get('window=30d&limit=49');
    const ids = (list: Array<{ id: string }>) => list.map((x) => x.id).filter((id) => [a.id, b.id, draft.id].includes(id));
    expect(ids(day.body.most_read)).toEqual([a.id, b.id]);
    expect(day.body.most_read.find((x: { id: string }) => x.id === a.id).count).toBe(3);
    expect(ids(week.body.most_read)).toEqual([b.id, a.id]);
    expect(week.body.most_read.find((x: { id: string }) => x.id === b.id).count).toBe(500_002);
    expect(ids(month.body.most_read)).toEqual([a.id, b.id]);
    expect(month.body.most_read.find((x: { id: string }) => x.id === a.id).count).toBe(900_003);
    expect(ids(week.body.most_liked)).toEqual([b.id]);
    expect(day.cacheControl).toBe('public, max-age=60');
    expect(week.body.window).toBe('7d');
  });

  it('refuses an unknown window or limit with a clear 400', async () => {
    expect(message(await anonymous().get('/portal/rankings?window=1y'))).toBe('Janela inválida: use 24h, 7d ou 30d');
    expect(message(await anonymous().get('/portal/rankings?window=7d&limit=500'))).toBe('Limite inválido: de 1 a 50');
  });

  it('the sidebar rankings are shared JSON with a short max-age', async () => {
    const res = await fetch(`${baseUrl()}/portal/rankings`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=10');
  });
});

describe('LGPD retention of raw view rows', () => {
  it('deletes raw rows older than 90 days and keeps the newer ones and every count', async () => {
    const n = await seedNews({ status: 'published' });
    await asReader(address(), '/portal/article-view', { news_id: n.id });
    const db = await rawDb();
    try {
      const sqlite = String(db.client.config.client).includes('sqlite');
      const at = (d: Date) => (sqlite ? d.getTime() : d);
      const old = new Date(Date.now() - 91 * 86_400_000);
      await db('news_views').insert([
        { news_id: n.id, user_id: null, ip_hash: 'a'.repeat(64), created_at: at(old) },
        { news_id: n.id, user_id: null, ip_hash: 'b'.repeat(64), created_at: at(new Date(Date.now() - 89 * 86_400_000)) },
      ]);
      const before = await storedViews(n.id);
      // Action: the scheduled job's work.
      const removed = await purgeExpiredViews(db);
      // Assert
      expect(removed).toBeGreaterThanOrEqual(1);
      const after = await storedViews(n.id);
      expect(after.rows).toBe(before.rows - 1);
      expect([after.counter, after.daily]).toEqual([before.counter, before.daily]);
      expect(
        await db('news_views')
          .where('created_at', '<', at(new Date(Date.now() - 90 * 86_400_000)))
          .first('id'),
      ).toBeUndefined();
    } finally {
      await db.destroy();
    }
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
