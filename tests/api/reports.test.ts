/** GET /portal/reports (issue #13): editor-level only; per-day and per-group totals of the window, exact. */
import { describe, expect, it } from 'vitest';
import { belemDayKey } from '@portal/domain/reader-traffic';
import { admin, anonymous, baseUrl, categoryFactory, created, message, rawDb, seedNews, signIn, EMAILS, eventually } from './support.ts';

const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

async function view(newsId: string, ip: string) {
  const res = await fetch(`${baseUrl()}/portal/article-view`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, 'user-agent': BROWSER },
    body: JSON.stringify({ news_id: newsId }),
  });
  expect(res.status).toBe(200);
}

describe('GET /portal/reports', () => {
  it('anonymous and producers are refused; editors and super_admin read it', async () => {
    expect((await anonymous().get('/portal/reports')).status).toBe(403);
    const producer = await signIn(EMAILS.producer);
    const refused = await producer.get('/portal/reports');
    expect(refused.status).toBe(403);
    expect(message(refused)).toBe('Apenas editores e super admin veem os relatórios');
    for (const role of ['editor', 'super_admin'] as const) {
      const r = await (await signIn(EMAILS[role])).get('/portal/reports');
      expect(r.status).toBe(200);
      expect(r.data.daily).toHaveLength(30);
    }
    expect((await (await signIn(EMAILS.editor)).get('/portal/reports?days=500')).status).toBe(400);
  });

  it('counts the window exactly: views per day, stories published, totals by category', async () => {
    // Arrange: a category of its own, a story in it read by 3 addresses today, and a day 5 days ago.
    const category = created(await admin().post('/items/categories', categoryFactory()));
    const news = await seedNews({ status: 'published', category_id: category.id });
    for (const i of [1, 2, 3]) await view(news.id, `10.31.${Date.now() % 200}.${i}`);
    const past = belemDayKey(new Date(Date.now() - 5 * 86_400_000));
    const db = await rawDb();
    try {
      await db('news_daily').insert({ id: `${news.id}:${past}`, news_id: news.id, day: past, views: 7, likes: 2 });
    } finally {
      await db.destroy();
    }
    const editor = await signIn(EMAILS.editor);
    const today = belemDayKey(new Date());
    let r = await editor.get('/portal/reports');
    await eventually(async () => {
      r = await editor.get('/portal/reports');
      return r.data.byCategory.find((c: { key: string }) => c.key === category.id)?.views === 10;
    });
    expect(r.data.byCategory.find((c: { key: string }) => c.key === category.id)).toEqual({ key: category.id, label: category.name, views: 10, likes: 2, stories: 1 });
    const days = r.data.daily as Array<{ day: string; views: number; published: number }>;
    expect(days.at(-1)!.day).toBe(today);
    expect(days.find((d) => d.day === past)!.views).toBeGreaterThanOrEqual(7);
    expect(days.at(-1)!.views).toBeGreaterThanOrEqual(3);
    expect(days.at(-1)!.published).toBeGreaterThanOrEqual(1);
    // Sorted by views, most read first.
    const views = (r.data.byCategory as Array<{ views: number }>).map((c) => c.views);
    expect(views).toEqual([...views].sort((a, b) => b - a));
  });
});
