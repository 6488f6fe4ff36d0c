import { describe, expect, it } from 'vitest';
import { belemYear, clockPtBR, formatDatePtBR, fromBelemInput, monthRange, relativeTimePtBR, toBelemInput } from './dates.ts';

const now = new Date('2026-11-22T12:00:00Z');

describe('pt-BR dates', () => {
  it.each([
    ['2026-11-22T11:59:30Z', 'agora mesmo'],
    ['2026-11-22T11:55:00Z', 'há 5 minutos'],
    ['2026-11-22T10:00:00Z', 'há 2 horas'],
    ['2026-11-21T12:00:00Z', 'há 1 dia'],
    ['2026-11-08T12:00:00Z', 'há 2 semanas'],
    ['2026-08-22T12:00:00Z', 'há 3 meses'],
    ['2024-11-22T12:00:00Z', 'há 2 anos'],
  ])('%s reads "%s"', (date, text) => expect(relativeTimePtBR(date, now)).toBe(text));
  it('admin lists show dd/mm/aaaa in Belém time', () => expect(formatDatePtBR('2026-11-22T02:00:00Z')).toBe('21/11/2026'));
  it('the footer year is the Belém year, turning at midnight in Belém', () => {
    expect(belemYear(new Date('2027-01-01T02:59:59Z'))).toBe(2026);
    expect(belemYear(new Date('2027-01-01T03:00:00Z'))).toBe(2027);
  });
  it('the radio clock shows Belém time', () => expect(clockPtBR(new Date('2026-11-22T12:05:07Z'))).toBe('09:05:07'));
  it('the month range follows Belém time across the month turn', () => {
    expect(monthRange(new Date('2026-12-01T02:00:00Z'))).toEqual({ start: '2026-11-01T03:00:00.000Z', end: '2026-12-01T03:00:00.000Z' });
    expect(monthRange(new Date('2026-12-01T04:00:00Z')).start).toBe('2026-12-01T03:00:00.000Z');
  });
});

describe('Belém time in admin inputs, whatever the browser zone', () => {
  it('shows a stored instant as Belém wall time', () => {
    expect(toBelemInput('2026-11-22T12:05:00Z')).toBe('2026-11-22T09:05');
    expect(toBelemInput('2026-11-22T12:05:00')).toBe('2026-11-22T09:05'); // SQLite stamp, UTC
    expect(toBelemInput('2026-11-22T02:00:00Z', 'date')).toBe('2026-11-21');
    expect(toBelemInput(null)).toBe('');
    expect(toBelemInput('não é data')).toBe('');
  });
  it('reads typed wall time as Belém', () => {
    expect(fromBelemInput('2026-11-22T09:05')).toBe('2026-11-22T12:05:00.000Z');
    expect(fromBelemInput('2026-11-22', '23:59:59.999')).toBe('2026-11-23T02:59:59.999Z');
    expect(fromBelemInput('')).toBeNull();
    expect(fromBelemInput('2026-13-45T99:00')).toBeNull();
  });
  it('round-trips', () => {
    for (const v of ['2026-01-01T00:00', '2026-06-15T23:59', '2027-02-28T12:30']) expect(toBelemInput(fromBelemInput(v))).toBe(v);
  });
});
