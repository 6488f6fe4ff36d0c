import { describe, expect, it } from 'vitest';
import { editConflictMessage, isStaleVersion } from './edit-conflict.ts';

describe('edit conflicts (no silent overwrite)', () => {
  it('a save based on the current version goes through, whatever the stamp format', () => {
    expect(isStaleVersion('2026-11-22T13:05:07.123Z', '2026-11-22T13:05:07.123Z')).toBe(false);
    expect(isStaleVersion('2026-11-22T13:05:07.123Z', 1_795_352_707_123)).toBe(false);
  });

  it('a save based on an older version is stale', () => {
    expect(isStaleVersion('2026-11-22T13:05:07', '2026-11-22T13:06:00Z')).toBe(true);
    expect(isStaleVersion('2026-11-22T13:05:07.123Z', '2026-11-22T13:05:07.124Z')).toBe(true);
  });

  it('a row never edited since creation is never stale; a missing loaded version on an edited row is', () => {
    expect(isStaleVersion(null, null)).toBe(false);
    expect(isStaleVersion(null, '2026-11-22T13:06:00Z')).toBe(true);
  });

  it('names who changed it and when, in Belém time', () => {
    expect(editConflictMessage('Ana Souza', '2026-11-22T13:05:00Z')).toBe('Esta notícia foi alterada por Ana Souza às 10:05; recarregue para ver as mudanças');
    expect(editConflictMessage(null, '2026-11-22T02:47:00Z')).toBe('Esta notícia foi alterada por outra pessoa às 23:47; recarregue para ver as mudanças');
  });
});
