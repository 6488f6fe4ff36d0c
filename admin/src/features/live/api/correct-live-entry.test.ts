import { describe, expect, it } from 'vitest';
import { entryCorrectionSchema } from './correct-live-entry.ts';

describe('entryCorrectionSchema', () => {
  it('trims the note; an empty one withdraws the correction (null)', () => {
    expect(entryCorrectionSchema.parse({ id: 'e1', note: '  O nome é João.  ' })).toEqual({ id: 'e1', note: 'O nome é João.' });
    expect(entryCorrectionSchema.parse({ id: 'e1', note: ' ' }).note).toBeNull();
  });
  it('holds the correction limit', () => {
    const r = entryCorrectionSchema.safeParse({ id: 'e1', note: 'x'.repeat(1001) });
    expect(r.success ? null : r.error.issues[0]?.message).toBe('Correção deve ter no máximo 1.000 caracteres');
  });
});
