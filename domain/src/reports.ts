/**
 * Relatórios (issue #13): what the newsroom reads about its readers, over the
 * last N Belém days, from the per-day totals the reader counting keeps
 * (decision 016): views and TOPs per day, publishing volume per day, and
 * totals by category, municipality and author.
 */
import { belemDayKey } from './reader-traffic.ts';

export const REPORT_DAYS = 30;

export type DayRow = { day: string; views: number; likes: number; published: number };
export type TotalRow = { key: string; label: string; views: number; likes: number; stories: number };
export type Report = { days: number; from: string; to: string; daily: DayRow[]; byCategory: TotalRow[]; byMunicipality: TotalRow[]; byAuthor: TotalRow[] };

/**
 * The Belém day keys of the last `days` days, oldest first, today included.
 * @example reportDays(3, new Date('2026-11-23T12:00:00Z')) // ['2026-11-21', '2026-11-22', '2026-11-23']
 */
export function reportDays(days: number, now: Date): string[] {
  return Array.from({ length: days }, (_, i) => belemDayKey(new Date(now.getTime() - (days - 1 - i) * 86_400_000)));
}

/**
 * One row per day, zeros where nothing happened, so a chart has no holes.
 * @example fillDays(['2026-11-22', '2026-11-23'], [{ day: '2026-11-23', views: 4 }], []) // [{ day: '2026-11-22', views: 0, likes: 0, published: 0 }, { day: '2026-11-23', views: 4, likes: 0, published: 0 }]
 */
export function fillDays(
  days: string[],
  reads: ReadonlyArray<{ day: string; views?: number; likes?: number }>,
  published: ReadonlyArray<{ day: string; n: number }>,
): DayRow[] {
  const r = new Map(reads.map((x) => [x.day, x]));
  const p = new Map(published.map((x) => [x.day, x.n]));
  return days.map((day) => ({ day, views: Number(r.get(day)?.views ?? 0), likes: Number(r.get(day)?.likes ?? 0), published: Number(p.get(day) ?? 0) }));
}

/** The CSV of each report table (header in pt-BR, same order as the screen). */
export const REPORT_CSV = {
  daily: { header: ['dia', 'visualizacoes', 'tops', 'publicadas'], row: (d: DayRow) => [d.day, d.views, d.likes, d.published] },
  totals: { header: ['nome', 'visualizacoes', 'tops', 'noticias_lidas'], row: (t: TotalRow) => [t.label, t.views, t.likes, t.stories] },
  ranking: { header: ['noticia', 'endereco', 'total'], row: (n: { title: string; slug: string; count: number }) => [n.title, `/news/${n.slug}`, n.count] },
} as const;
