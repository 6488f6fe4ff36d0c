import { describe, expect, it } from 'vitest';
import { showCurrentYear } from './current-year.ts';

describe('footer year', () => {
  it('a page built last year shows the reader’s current Belém year', () => {
    document.body.innerHTML = '<footer>© <span data-current-year>2026</span> Portal Pará.</footer>';
    showCurrentYear(document, new Date('2027-01-01T02:00:00Z'));
    expect(document.querySelector('footer')!.textContent).toBe('© 2026 Portal Pará.'); // still 31/12 in Belém
    showCurrentYear(document, new Date('2027-03-10T12:00:00Z'));
    expect(document.querySelector('footer')!.textContent).toBe('© 2027 Portal Pará.');
  });
});
