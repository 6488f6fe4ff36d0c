/** GET /portal/reports (issue #13): editor-level only; per-day and per-group totals of the window, exact. */
import { describe, expect, it } from 'vitest';
import { belemDayKey } from '@portal/domain/reader-traffic';
import { admin, anonymous, baseUrl, categoryFactory, created, message, rawDb, seedNews, signIn, EMAILS, eventually } from './support.ts';

const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

async function view(newsId: string, ip: string, arrival: Record<string, unknown> = {}) {
  const res = await fetch(`${baseUrl()}/portal/article-view`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, 'user-agent': BROWSER },
    body: JSON.stringify({ news_id: newsId, ...arrival }),
  });
  expect(res.status).toBe(200);
  expect((await res.json()).counted).toBe(true);
}

type ChannelRow = { key: string; label: string; views: number; share: number };
const channelViews = (rows: ChannelRow[]) => Object.fromEntries(rows.map((c) => [c.key, c.views]));

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

describe('visits by channel (issue #29)', () => {
  it('each counted view keeps only its channel, worked out by the server; Relatórios counts them exactly', async () => {
    const editor = await signIn(EMAILS.editor);
    const before = channelViews((await editor.get('/portal/reports')).data.byChannel);
    const news = await seedNews({ status: 'published' });
    const net = `10.32.${Date.now() % 200}`;
    const arrivals: Array<[Record<string, unknown>, string]> = [
      [{ utm_source: 'whatsapp', referrer: 'https://www.google.com/' }, 'whatsapp'],
      [{ utm_source: 'whatsapp' }, 'whatsapp'],
      [{ referrer: 'https://www.google.com.br/' }, 'google'],
      [{ referrer: 'android-app://com.google.android.googlequicksearchbox/https/www.google.com' }, 'discover'],
      [{ referrer: '/category/policia/' }, 'internal'],
      [{ referrer: 'https://l.facebook.com/' }, 'social'],
      [{ utm_source: 'push' }, 'push'],
      [{}, 'direct'],
      // Hostile: arbitrary text, objects, huge strings become a key, never stored as sent.
      [{ referrer: '<img src=x onerror=alert(1)>', utm_source: ['whatsapp'] }, 'other'],
      [{ referrer: { href: 'https://www.google.com/' }, utm_source: 'x'.repeat(500) }, 'other'],
    ];
    for (const [i, [arrival]] of arrivals.entries()) await view(news.id, `${net}.${i + 1}`, arrival);

    const db = await rawDb();
    try {
      const stored = (await db('news_views').where('news_id', news.id).orderBy('id').pluck('channel')) as string[];
      expect(stored).toEqual(arrivals.map(([, channel]) => channel));
    } finally {
      await db.destroy();
    }
    const r = await editor.get('/portal/reports');
    const after = channelViews(r.data.byChannel);
    const expected: Record<string, number> = { whatsapp: 2, google: 1, discover: 1, internal: 1, social: 1, push: 1, direct: 1, other: 2, newsletter: 0, shared: 0 };
    for (const [key, n] of Object.entries(expected)) expect(after[key]! - (before[key] ?? 0), key).toBe(n);
    const labels = (r.data.byChannel as ChannelRow[]).map((c) => c.label);
    expect(labels).toEqual(expect.arrayContaining(['WhatsApp', 'Busca do Google', 'Google Discover', 'Alertas', 'Direto']));
    const shares = (r.data.byChannel as ChannelRow[]).reduce((a, c) => a + c.share, 0);
    expect(Math.abs(shares - 100)).toBeLessThanOrEqual(r.data.byChannel.length);
  });
});
