import { describe, expect, it } from 'vitest';
import { correctionAllowed, canWriteCorrections, modifiedAfterPublication, PUBLIC_CORRECTION_FILTER } from './corrections.ts';
import { PUBLIC_NEWS_FILTER } from './news-access.ts';
import { validateCorrection, SERVER_VALIDATORS } from './validation.ts';
import { textLimitError } from './text-limits.ts';

const now = new Date('2026-11-23T12:00:00Z');

describe('corrections', () => {
  it('only editor-level staff write corrections', () => {
    expect(canWriteCorrections('editor')).toBe(true);
    expect(canWriteCorrections('super_admin')).toBe(true);
    expect(canWriteCorrections('producer')).toBe(false);
    expect(canWriteCorrections(null)).toBe(false);
  });

  it('a correction goes on a story readers can see, not on a draft or a scheduled one', () => {
    expect(correctionAllowed({ status: 'published', published_at: '2026-11-23T10:00:00Z' }, now)).toBe(true);
    expect(correctionAllowed({ status: 'draft', published_at: null }, now)).toBe(false);
    expect(correctionAllowed({ status: 'published', published_at: '2026-11-24T10:00:00Z' }, now)).toBe(false);
  });

  it('readers see corrections of public stories only: the public news filter, through the relation', () => {
    expect(PUBLIC_CORRECTION_FILTER).toEqual({ news_id: PUBLIC_NEWS_FILTER });
  });

  it('the note is required, names its story and is held to its length limit (pt-BR)', () => {
    expect(validateCorrection({ news_id: 'n1', note: '  ' })).toEqual({ note: 'Descreva a correção' });
    expect(validateCorrection({ note: 'x' })).toEqual({ news_id: 'Informe a notícia corrigida' });
    expect(validateCorrection({ news_id: 'n1', note: 'O nome do secretário é João.' })).toEqual({});
    expect(SERVER_VALIDATORS.news_corrections.validate({ news_id: 'n1', note: '' }).note).toBe('Descreva a correção');
    expect(textLimitError('news_corrections', { note: 'x'.repeat(1001) })).toBe('Correção deve ter no máximo 1.000 caracteres');
    expect(textLimitError('news_corrections', { note: 'x'.repeat(1000) })).toBeNull();
  });
});

describe('modifiedAfterPublication ("Atualizado em", dateModified)', () => {
  const published = '2026-11-20T10:00:00.000Z';
  it('a save within five minutes of publishing is part of publishing', () => {
    expect(modifiedAfterPublication(published, '2026-11-20T10:04:59.000Z', [])).toBeNull();
    expect(modifiedAfterPublication(published, null, [])).toBeNull();
  });
  it('a later save is an update', () => {
    expect(modifiedAfterPublication(published, '2026-11-20T10:05:01.000Z', [])).toBe('2026-11-20T10:05:01.000Z');
  });
  it('a correction is an update, whatever the save time; the latest date wins', () => {
    expect(modifiedAfterPublication(published, '2026-11-20T10:01:00.000Z', ['2026-11-20T10:02:00.000Z'])).toBe('2026-11-20T10:02:00.000Z');
    expect(modifiedAfterPublication(published, '2026-11-21T10:00:00.000Z', ['2026-11-20T11:00:00.000Z', '2026-11-22T09:00:00.000Z'])).toBe(
      '2026-11-22T09:00:00.000Z',
    );
  });
  it('reads database stamps without a zone as UTC', () => {
    expect(modifiedAfterPublication(published, '2026-11-20 12:00:00', [])).toBe('2026-11-20T12:00:00.000Z');
  });
  it('a date before publication (a story republished later) is not an update', () => {
    expect(modifiedAfterPublication(published, '2026-11-19T10:00:00.000Z', ['2026-11-19T11:00:00.000Z'])).toBeNull();
  });
});
