import { relativeTimePtBR } from '@portal/domain/dates';

/**
 * "há 2 horas". Rendered at build time against `now`; the page script
 * (lib/live.ts) refreshes every `time[data-rel]` in the reader's browser, so
 * hydration may see other text: that is expected, hence suppressHydrationWarning.
 */
export default function RelTime({ date, now, className }: { date: string; now?: string; className?: string }) {
  return (
    <time dateTime={date} data-rel="" className={className} suppressHydrationWarning>
      {relativeTimePtBR(date, now ? new Date(now) : new Date())}
    </time>
  );
}
