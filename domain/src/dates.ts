/** pt-BR dates: relative on public pages, dd/mm/aaaa in admin lists. */

const TZ = 'America/Belem';
const rtf = new Intl.RelativeTimeFormat('pt-BR', { numeric: 'always' });

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * Relative time in pt-BR ("há 5 minutos", "há 2 dias"); under a minute reads "agora mesmo".
 * @example relativeTimePtBR('2026-11-22T10:00:00Z', new Date('2026-11-22T12:00:00Z')) // 'há 2 horas'
 */
export function relativeTimePtBR(date: string | Date, now: Date = new Date()): string {
  const seconds = Math.round((new Date(date).getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return 'agora mesmo';
  for (const [unit, size] of UNITS) {
    if (abs >= size) return rtf.format(Math.trunc(seconds / size), unit);
  }
  return 'agora mesmo';
}

// Formatters are built once: constructing an Intl.DateTimeFormat per call cost
// about 0.1 ms and grew the heap by hundreds of MB over 20,000 archive dates.
const dateFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: TZ, day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: TZ, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const clockFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: TZ, hour: '2-digit', minute: '2-digit', second: '2-digit' });
const hourMinuteFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: TZ, hour: '2-digit', minute: '2-digit' });

/** @example formatDatePtBR('2026-11-22T12:00:00Z') // '22/11/2026' */
export function formatDatePtBR(date: string | Date): string {
  return dateFmt.format(new Date(date));
}

/** @example formatDateTimePtBR('2026-11-22T12:05:00Z') // '22/11/2026 09:05' */
export function formatDateTimePtBR(date: string | Date): string {
  return dateTimeFmt.format(new Date(date)).replace(',', '');
}

/** Clock for the radio dialog, ticking every second: "09:05:07". */
export function clockPtBR(now: Date): string {
  return clockFmt.format(now);
}

const yearFmt = new Intl.DateTimeFormat('en-US', { timeZone: TZ, year: 'numeric' });

/**
 * The year in Belém (the footer's copyright: the current year, not a fixed one; issue #34).
 * @example belemYear(new Date('2027-01-01T02:00:00Z')) // 2026 (still 23:00 of 31/12 in Belém)
 */
export function belemYear(date: Date): number {
  return Number(yearFmt.format(date));
}

/** HH:MM in Belém time, e.g. for "site atualizado às 09:05". */
export function hourMinutePtBR(date: string | Date): string {
  return hourMinuteFmt.format(new Date(date));
}

/**
 * The current month in Belém time as an ISO [start, end) range, for "Eventos do Mês".
 * Belém is UTC-3 all year (no daylight saving).
 */
export function monthRange(now: Date): { start: string; end: string } {
  const local = new Date(now.getTime() - 3 * 3600 * 1000);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const start = new Date(Date.UTC(y, m, 1, 3));
  const end = new Date(Date.UTC(y, m + 1, 1, 3));
  return { start: start.toISOString(), end: end.toISOString() };
}

/**
 * The newsroom's clock. Every date staff type or read in the admin is Belém
 * time, whatever the browser's zone (a reporter travelling, a laptop set to
 * UTC): one policy for schedules, events and ad windows.
 */
const BELEM_OFFSET = '-03:00';
const inputParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * Stored timestamp → `datetime-local` value ("YYYY-MM-DDTHH:mm") or `date` value, in Belém time.
 * Zone-less stamps (SQLite's own) are UTC.
 * @example toBelemInput('2026-11-22T12:05:00Z') // '2026-11-22T09:05'
 * @example toBelemInput('2026-11-22T02:00:00Z', 'date') // '2026-11-21'
 */
export function toBelemInput(iso: string | null | undefined, precision: 'minute' | 'date' = 'minute'): string {
  if (!iso) return '';
  const d = new Date(/T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(iso) ? `${iso}Z` : iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = Object.fromEntries(inputParts.formatToParts(d).map((x) => [x.type, x.value]));
  const date = `${p.year}-${p.month}-${p.day}`;
  return precision === 'date' ? date : `${date}T${p.hour}:${p.minute}`;
}

/**
 * `datetime-local` or `date` value typed in Belém time → ISO timestamp; blank or invalid → null.
 * @example fromBelemInput('2026-11-22T09:05') // '2026-11-22T12:05:00.000Z'
 */
export function fromBelemInput(value: string | null | undefined, time = '00:00:00.000'): string | null {
  if (!value) return null;
  const stamp = /T\d{2}:\d{2}$/.test(value) ? `${value}:00.000` : /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T${time}` : value;
  const d = new Date(`${stamp}${BELEM_OFFSET}`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
