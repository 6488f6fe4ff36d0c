/**
 * Which scheduled backups stay: the newest of each of the last 7 days that
 * have one, of the last 4 weeks, and of the last 12 months (grandfather-father-son,
 * as restic's --keep-daily/weekly/monthly count them). Pure: the scheduler
 * deletes what this leaves out. Backups taken by hand or before a restore are
 * never pruned (they are not in the schedule's name pattern).
 */
import { DEFAULT_TIME_ZONE, fromLocal, localTime } from './clock.ts';

export type RetentionPolicy = { daily: number; weekly: number; monthly: number };
export const RETENTION: RetentionPolicy = { daily: 7, weekly: 4, monthly: 12 };

/** `portal-YYYYMMDD-HHMMSS.tar.zst`: the scheduled (and `npm run backup`) archives. */
const NAME = /^portal-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})\.tar\.zst$/;

export function archiveTime(name: string, timeZone = DEFAULT_TIME_ZONE): Date | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return fromLocal({ year, month, day, hour, minute, second }, timeZone);
}

/** ISO-8601 week of a calendar date (weeks start on Monday). */
function isoWeek(year: number, month: number, day: number): string {
  const d = new Date(Date.UTC(year, month - 1, day));
  const dow = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - dow);
  const y = d.getUTCFullYear();
  const week = Math.ceil(((d.getTime() - Date.UTC(y, 0, 1)) / 86_400_000 + 1) / 7);
  return `${y}-W${week}`;
}

/**
 * The archive names to keep, of those given (others are left alone by the caller).
 * @example keep(['portal-20261101-030000.tar.zst', 'portal-20261101-150000.tar.zst']) // the 15:00 one (newest of its day)
 */
export function keep(names: string[], policy: RetentionPolicy = RETENTION, timeZone = DEFAULT_TIME_ZONE): Set<string> {
  const dated = names
    .map((name) => ({ name, at: archiveTime(name, timeZone) }))
    .filter((a): a is { name: string; at: Date } => a.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const kept = new Set<string>();
  const buckets: Array<[number, (t: ReturnType<typeof localTime>) => string]> = [
    [policy.daily, (t) => `${t.year}-${t.month}-${t.day}`],
    [policy.weekly, (t) => isoWeek(t.year, t.month, t.day)],
    [policy.monthly, (t) => `${t.year}-${t.month}`],
  ];
  for (const [count, bucketOf] of buckets) {
    const seen = new Set<string>();
    for (const a of dated) {
      if (seen.size >= count) break;
      const b = bucketOf(localTime(a.at, timeZone));
      if (seen.has(b)) continue;
      seen.add(b);
      kept.add(a.name);
    }
  }
  return kept;
}

/** The scheduled archives `keep` leaves out: what to delete. */
export const toDelete = (names: string[], policy: RetentionPolicy = RETENTION, timeZone = DEFAULT_TIME_ZONE) => {
  const kept = keep(names, policy, timeZone);
  return names.filter((n) => archiveTime(n, timeZone) && !kept.has(n));
};
