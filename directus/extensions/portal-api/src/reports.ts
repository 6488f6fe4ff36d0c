/**
 * GET /portal/reports (editor-level; issue #13): the last N Belém days from
 * the per-day totals (news_daily, indexed by day) and the published stories
 * of the window — bounded by the window, not by the archive, so it stays
 * fast at 100,000 news.
 */
import type { Knex } from 'knex';
import { belemDayKey } from '@portal/domain/reader-traffic';
import { channelRows, fillDays, reportDays, type Report, type TotalRow } from '@portal/domain/reports';
import { comparePtBR } from '@portal/domain/collation';
import { dbDate, isoFromDb } from '../../shared/db-date.ts';
import { wherePublicNews } from '../../shared/visibility.ts';

/** Belém midnight of a day key (UTC−3, no daylight saving). */
const belemMidnight = (day: string) => new Date(`${day}T03:00:00Z`);

type Combo = { category_id: string | null; municipality_id: string | null; author_id: string | null; views: unknown; likes: unknown; stories: unknown };

/**
 * Totals by one dimension from the per-combination sums: a story has exactly one category,
 * municipality and author, so its reads and its count add up without double counting.
 */
function totals(combos: Combo[], key: 'category_id' | 'municipality_id' | 'author_id', labels: Map<string, string>): TotalRow[] {
  const out = new Map<string, TotalRow>();
  for (const c of combos) {
    const k = String(c[key] ?? '');
    const row = out.get(k) ?? { key: k, label: labels.get(k) ?? 'Sem informação', views: 0, likes: 0, stories: 0 };
    row.views += Number(c.views ?? 0);
    row.likes += Number(c.likes ?? 0);
    row.stories += Number(c.stories ?? 0);
    out.set(k, row);
  }
  return [...out.values()].sort((a, b) => b.views - a.views || comparePtBR(a.label, b.label));
}

const labelsOf = async (db: Knex, table: string, id: string, label: string) =>
  new Map(((await db(table).select({ id, label })) as Array<{ id: string; label: string | null }>).map((r) => [String(r.id), r.label ?? 'Sem nome']));

export async function report(db: Knex, days: number, now = new Date()): Promise<Report> {
  const keys = reportDays(days, now);
  const from = keys[0]!;
  const reads = (await db('news_daily').where('day', '>=', from).groupBy('day').select('day').sum({ views: 'views', likes: 'likes' })) as Array<{ day: string; views: number; likes: number }>;
  const published = (await wherePublicNews(db('news'), db, now).where('published_at', '>=', dbDate(db, belemMidnight(from))).pluck('published_at')) as unknown[];
  const perDay = new Map<string, number>();
  for (const at of published) {
    const iso = isoFromDb(at);
    if (iso) perDay.set(belemDayKey(new Date(iso)), (perDay.get(belemDayKey(new Date(iso))) ?? 0) + 1);
  }
  // One pass over the window's per-day rows joined to their stories (not one per dimension).
  const combos = (await db('news_daily')
    .join('news', 'news.id', 'news_daily.news_id')
    .where('news_daily.day', '>=', from)
    .groupBy('news.category_id', 'news.municipality_id', 'news.author_id')
    .select('news.category_id', 'news.municipality_id', 'news.author_id')
    .sum({ views: 'news_daily.views', likes: 'news_daily.likes' })
    .countDistinct({ stories: 'news_daily.news_id' })) as Combo[];
  const [categories, municipalities, authors] = await Promise.all([
    labelsOf(db, 'categories', 'id', 'name'),
    labelsOf(db, 'municipalities', 'id', 'name'),
    labelsOf(db, 'profiles', 'user_id', 'full_name'),
  ]);
  const byCategory = totals(combos, 'category_id', categories);
  const byMunicipality = totals(combos, 'municipality_id', municipalities);
  const byAuthor = totals(combos, 'author_id', authors);
  // Channels from the raw views (kept 90 days, the longest window): one grouped read by time.
  const channels = (await db('news_views').where('created_at', '>=', dbDate(db, belemMidnight(from))).groupBy('channel').select('channel').count({ views: '*' })) as Array<{
    channel: string | null;
    views: unknown;
  }>;
  return {
    days,
    from,
    to: keys[keys.length - 1]!,
    daily: fillDays(keys, reads, [...perDay].map(([day, n]) => ({ day, n }))),
    byCategory,
    byMunicipality,
    byAuthor,
    byChannel: channelRows(channels),
  };
}
