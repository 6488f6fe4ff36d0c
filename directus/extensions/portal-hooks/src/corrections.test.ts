import { describe, expect, it } from 'vitest';
import { assertCorrectable } from './corrections.ts';

const now = new Date('2026-11-23T12:00:00Z');

describe('assertCorrectable', () => {
  it('lets a correction go on a public story', () => {
    expect(() => assertCorrectable({ status: 'published', published_at: '2026-11-23T11:00:00Z' }, now)).not.toThrow();
  });
  it('refuses a draft, a scheduled story and a missing one, in pt-BR', () => {
    for (const row of [{ status: 'draft', published_at: null }, { status: 'published', published_at: '2026-11-24T00:00:00Z' }, undefined]) {
      expect(() => assertCorrectable(row, now)).toThrow('Só é possível registrar correção em notícia publicada');
    }
  });
});
