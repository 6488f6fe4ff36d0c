import { describe, expect, it } from 'vitest';
import { condenseDiff, tokens, wordDiff, type DiffPart } from './word-diff.ts';

const side = (parts: DiffPart[], keep: 'added' | 'removed') =>
  parts
    .filter((p) => p.type === 'same' || p.type === keep)
    .map((p) => p.text)
    .join('');

describe('wordDiff', () => {
  it('marks a replaced word', () => {
    expect(wordDiff('o prefeito disse', 'o governador disse')).toEqual([
      { type: 'same', text: 'o ' },
      { type: 'removed', text: 'prefeito' },
      { type: 'added', text: 'governador' },
      { type: 'same', text: ' disse' },
    ]);
  });
  it('identical texts are one unchanged part; empty ones none', () => {
    expect(wordDiff('a b', 'a b')).toEqual([{ type: 'same', text: 'a b' }]);
    expect(wordDiff('', '')).toEqual([]);
  });
  it('from or to nothing', () => {
    expect(wordDiff('', 'novo texto')).toEqual([{ type: 'added', text: 'novo texto' }]);
    expect(wordDiff('velho', '')).toEqual([{ type: 'removed', text: 'velho' }]);
  });
  it('insertions and deletions in the middle keep the rest', () => {
    const parts = wordDiff('a b c d e', 'a x c d y e');
    expect(parts.filter((p) => p.type === 'removed').map((p) => p.text.trim())).toEqual(['b']);
    expect(
      parts
        .filter((p) => p.type === 'added')
        .map((p) => p.text.trim())
        .join(' '),
    ).toContain('x');
    expect(
      parts
        .filter((p) => p.type === 'added')
        .map((p) => p.text)
        .join(''),
    ).toContain('y');
  });
  it('the parts join back into both texts (random edits)', () => {
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const words = ['rio', 'chuva', 'Belém', 'Santarém', 'ponte', 'obra', 'prefeito', 'escola'];
    for (let i = 0; i < 200; i++) {
      const a = Array.from({ length: rnd(30) }, () => words[rnd(words.length)]).join(rnd(2) ? ' ' : '\n');
      const b = a
        .split(' ')
        .filter(() => rnd(4) > 0)
        .map((w) => (rnd(5) ? w : words[rnd(words.length)]))
        .join(' ');
      const parts = wordDiff(a, b);
      expect(side(parts, 'removed')).toBe(a);
      expect(side(parts, 'added')).toBe(b);
    }
  });
  it('a long body with one change stays fast and exact', () => {
    const body = Array.from({ length: 15000 }, (_, i) => `palavra${i}`).join(' ');
    const changed = body.replace('palavra7000', 'mudou');
    const t = Date.now();
    const parts = wordDiff(body, changed);
    expect(Date.now() - t).toBeLessThan(500);
    expect(parts.filter((p) => p.type !== 'same')).toEqual([
      { type: 'removed', text: 'palavra7000' },
      { type: 'added', text: 'mudou' },
    ]);
  });
  it('texts too different are shown replaced whole, still joining back', () => {
    const a = Array.from({ length: 3000 }, (_, i) => `a${i}`).join(' ');
    const b = Array.from({ length: 3000 }, (_, i) => `b${i}`).join(' ');
    const parts = wordDiff(a, b);
    expect(side(parts, 'removed')).toBe(a);
    expect(side(parts, 'added')).toBe(b);
  });
  it('tokens keep whitespace', () => {
    expect(tokens('a  b\nc')).toEqual(['a', '  ', 'b', '\n', 'c']);
  });
});

describe('condenseDiff', () => {
  const words = (n: number, w = 'palavra') => Array.from({ length: n }, (_, i) => `${w}${i}`).join(' ');

  it('keeps the change with its context and counts what it leaves out', () => {
    const before = `${words(100)} prefeito ${words(100, 'fim')}`;
    const after = `${words(100)} governador ${words(100, 'fim')}`;
    const parts = condenseDiff(wordDiff(before, after), 3);
    expect(parts).toEqual([
      { type: 'skipped', words: 97 },
      { type: 'same', text: 'palavra97 palavra98 palavra99 ' },
      { type: 'removed', text: 'prefeito' },
      { type: 'added', text: 'governador' },
      { type: 'same', text: ' fim0 fim1 fim2' },
      { type: 'skipped', words: 97 },
    ]);
  });

  it('between two changes, a long unchanged stretch keeps context on both sides', () => {
    const parts = condenseDiff(wordDiff(`a ${words(50)} b`, `x ${words(50)} y`), 2);
    expect(parts.map((p) => p.type)).toEqual(['removed', 'added', 'same', 'skipped', 'same', 'removed', 'added']);
    expect(parts[3]).toEqual({ type: 'skipped', words: 46 });
  });

  it('short stretches and texts without changes stay whole', () => {
    expect(condenseDiff(wordDiff('o prefeito disse que sim', 'o governador disse que sim'), 3)).toEqual(wordDiff('o prefeito disse que sim', 'o governador disse que sim'));
    expect(condenseDiff(wordDiff(words(500), words(500)), 3)).toEqual([{ type: 'same', text: words(500) }]);
  });
});
