/** Live entries for tests (issue #30): published at 12:mm on 22 Nov 2026 (UTC), unchanged since, with nothing but a text. */
import type { LiveEntryView } from '../live-feed.ts';

export const minuteAt = (minute: number): string => new Date(Date.UTC(2026, 10, 22, 12, minute)).toISOString();

export const liveEntry = (id: string, minute: number, o: Partial<LiveEntryView> = {}): LiveEntryView => ({
  id,
  at: minuteAt(minute),
  updatedAt: minuteAt(minute),
  html: `<p>Texto ${id}</p>`,
  pinned: false,
  image: null,
  author: null,
  correction: null,
  story: null,
  ...o,
});
