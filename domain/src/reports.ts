/**
 * Relatórios (issue #13): what the newsroom reads about its readers, over the
 * last N Belém days, from the per-day totals the reader counting keeps
 * (decision 016): views and TOPs per day, publishing volume per day, and
 * totals by category, municipality and author.
 */
import { CHANNELS, CHANNEL_LABELS, NO_CHANNEL_LABEL, isChannel, type Channel } from './channels.ts';
import { belemDayKey } from './reader-traffic.ts';

export const REPORT_DAYS = 30;

export type DayRow = { day: string; views: number; likes: number; published: number };
export type TotalRow = { key: string; label: string; views: number; likes: number; stories: number };
/** Visits by where they came from (issue #29); `key` '' holds the views counted before channels were recorded. */
export type ChannelRow = { key: Channel | ''; label: string; views: number; share: number };
export type Report = {
  days: number;
  from: string;
  to: string;
  daily: DayRow[];
  byCategory: TotalRow[];
  byMunicipality: TotalRow[];
  byAuthor: TotalRow[];
  byChannel: ChannelRow[];
};

/**
 * Every channel once, most visits first (ties in the channels' own order), with its share of
 * the window's views in whole percent; views with no channel last, only when there are some.
 * @example channelRows([{ channel: 'whatsapp', views: 3 }, { channel: null, views: 1 }]).map((r) => [r.key, r.views, r.share]).slice(0, 2) // [['whatsapp', 3, 75], ['google', 0, 0]]
 */
export function channelRows(counts: ReadonlyArray<{ channel: unknown; views: unknown }>): ChannelRow[] {
  const by = new Map<Channel | '', number>();
  for (const c of counts) {
    const key = isChannel(c.channel) ? c.channel : '';
    by.set(key, (by.get(key) ?? 0) + Number(c.views ?? 0));
  }
  const total = [...by.values()].reduce((a, b) => a + b, 0);
  const share = (n: number) => (total ? Math.round((n / total) * 100) : 0);
  const rows: ChannelRow[] = CHANNELS.map((key) => ({ key, label: CHANNEL_LABELS[key], views: by.get(key) ?? 0, share: share(by.get(key) ?? 0) }));
  rows.sort((a, b) => b.views - a.views || CHANNELS.indexOf(a.key as Channel) - CHANNELS.indexOf(b.key as Channel));
  const none = by.get('') ?? 0;
  return none ? [...rows, { key: '', label: NO_CHANNEL_LABEL, views: none, share: share(none) }] : rows;
}

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
  channels: { header: ['canal', 'visitas', 'percentual'], row: (c: ChannelRow) => [c.label, c.views, c.share] },
  ranking: { header: ['noticia', 'endereco', 'total'], row: (n: { title: string; slug: string; count: number }) => [n.title, `/news/${n.slug}`, n.count] },
} as const;
