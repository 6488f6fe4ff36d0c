/**
 * The newsroom's clock: backup names, the daily hour and retention's days,
 * weeks and months are all in the portal's time zone (Belém by default), not
 * the server's (often UTC).
 */
export const DEFAULT_TIME_ZONE = 'America/Belem';

export type LocalTime = { year: number; month: number; day: number; hour: number; minute: number; second: number };

export function localTime(at: Date, timeZone = DEFAULT_TIME_ZONE): LocalTime {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const n = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  return { year: n('year'), month: n('month'), day: n('day'), hour: n('hour'), minute: n('minute'), second: n('second') };
}

/** The instant at which the zone's wall clock shows `t`. */
export function fromLocal(t: LocalTime, timeZone = DEFAULT_TIME_ZONE): Date {
  const guess = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  // The zone's offset at that moment (two passes settle a DST edge).
  let at = guess;
  for (let i = 0; i < 2; i++) {
    const shown = localTime(new Date(at), timeZone);
    const shownUtc = Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute, shown.second);
    at += guess - shownUtc;
  }
  return new Date(at);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/**
 * @example stamp(new Date('2026-11-26T12:05:09Z')) // '20261126-090509' (Belém, UTC-3)
 */
export const stamp = (at: Date, timeZone = DEFAULT_TIME_ZONE) => {
  const t = localTime(at, timeZone);
  return `${t.year}${pad(t.month)}${pad(t.day)}-${pad(t.hour)}${pad(t.minute)}${pad(t.second)}`;
};

/** The next instant, after `now`, at which the zone's clock reads `hour`:00. */
export function nextAt(now: Date, hour: number, timeZone = DEFAULT_TIME_ZONE): Date {
  const t = localTime(now, timeZone);
  let at = fromLocal({ ...t, hour, minute: 0, second: 0 }, timeZone);
  if (at.getTime() <= now.getTime()) {
    const tomorrow = localTime(new Date(now.getTime() + 24 * 3600_000), timeZone);
    at = fromLocal({ ...tomorrow, hour, minute: 0, second: 0 }, timeZone);
  }
  return at;
}
