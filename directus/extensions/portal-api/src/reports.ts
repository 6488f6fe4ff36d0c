/**
 * GET /portal/reports (editor-level; issue #13): the last N Belém days from
 * the per-day totals (news_daily, indexed by day) and the published stories
 * of the window — bounded by the window, not by the archive, so it stays
 * fast at 100,000 news.
 */
import type { Knex } from 'knex';
import { belemDayKey } from '@portal/domain/reader-traffic';
import { fillDays, reportDays, type Report, type TotalRow } from '@portal/domain/reports';
import { comparePtBR } from '@portal/domain/collation';
import { dbDate, isoFromDb } from '../../shared/db-date.ts';
import { wherePublicNews } from '../../shared/visibility.ts';

/** Belém midnight of a day key (UTC−3, no daylight saving). */
const belemMidnight = (day: string) => new Date(`${day}T03:00:00Z`);

type Group = { column: string; table: string; on: string; label: string };
const GROUPS = {
  byCategory: { column: 'news.category_id', table: 'categories', on: 'categories.id', label: 'categories.name' },
  byMunicipality: { column: 'news.municipality_id', table: 'municipalities', on: 'municipalities.id', label: 'municipalities.name' },
  byAuthor: { column: 'news.author_id', table: 'profiles', on: 'profiles.user_id', label: 'profiles.full_name' },
} satisfies Record<string, Group>;

async function totals(db: Knex, from: string, g: Group): Promise<TotalRow[]> {
  const rows = await db('news_daily')
    .join('news', 'news.id', 'news_daily.news_id')
    .leftJoin(g.table, g.on, g.column)
    .where('news_daily.day', '>=', from)
    .groupBy(g.column, g.label)
    .select({ key: g.column, label: g.label })
    .sum({ views: 'news_daily.views', likes: 'news_daily.likes' })
    .countDistinct({ stories: 'news_daily.news_id' });
  return (rows as Array<Record<string, unknown>>)
    .map((r) => ({ key: String(r.key ?? ''), label: String(r.label ?? 'Sem informação'), views: Number(r.views ?? 0), likes: Number(r.likes ?? 0), stories: Number(r.stories ?? 0) }))
    .sort((a, b) => b.views - a.views || comparePtBR(a.label, b.label));
}

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
  const [byCategory, byMunicipality, byAuthor] = await Promise.all([totals(db, from, GROUPS.byCategory), totals(db, from, GROUPS.byMunicipality), totals(db, from, GROUPS.byAuthor)]);
  return {
    days,
    from,
    to: keys[keys.length - 1]!,
    daily: fillDays(keys, reads, [...perDay].map(([day, n]) => ({ day, n }))),
    byCategory,
    byMunicipality,
    byAuthor,
  };
}
