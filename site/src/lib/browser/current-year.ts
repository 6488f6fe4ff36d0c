/**
 * The footer's copyright year: the build's year in the page, the reader's
 * current Belém year once the page runs — a story page built last December
 * does not claim last year (issue #34, item 10; decision 056).
 */
import { belemYear } from '@portal/domain/dates';

export function showCurrentYear(root: ParentNode = document, now: Date = new Date()) {
  const year = String(belemYear(now));
  for (const el of root.querySelectorAll<HTMLElement>('[data-current-year]')) if (el.textContent !== year) el.textContent = year;
}
