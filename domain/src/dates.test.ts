import { describe, expect, it } from 'vitest';
import { clockPtBR, formatDatePtBR, monthRange, relativeTimePtBR } from './dates.ts';

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
  it('the radio clock shows Belém time', () => expect(clockPtBR(new Date('2026-11-22T12:05:07Z'))).toBe('09:05:07'));
  it('the month range follows Belém time across the month turn', () => {
    expect(monthRange(new Date('2026-12-01T02:00:00Z'))).toEqual({ start: '2026-11-01T03:00:00.000Z', end: '2026-12-01T03:00:00.000Z' });
    expect(monthRange(new Date('2026-12-01T04:00:00Z')).start).toBe('2026-12-01T03:00:00.000Z');
  });
});
