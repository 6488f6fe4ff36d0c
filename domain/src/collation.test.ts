import { describe, expect, it } from 'vitest';
import { comparePtBR, sortByName } from './collation.ts';

describe('pt-BR collation of names', () => {
  it('puts "Belém" before "Belterra" (byte order does the opposite)', () => {
    expect(['Belterra', 'Belém'].sort()).toEqual(['Belterra', 'Belém']);
    expect(['Belterra', 'Belém'].sort(comparePtBR)).toEqual(['Belém', 'Belterra']);
  });

  it('files accented initials among their letter and ignores case', () => {
    const names = ['Xinguara', 'Óbidos', 'oeiras do Pará', 'Água Azul do Norte', 'Abaetetuba', 'Ourém'];
    expect(sortByName(names.map((name) => ({ name }))).map((m) => m.name)).toEqual([
      'Abaetetuba',
      'Água Azul do Norte',
      'Óbidos',
      'oeiras do Pará',
      'Ourém',
      'Xinguara',
    ]);
  });

  it('is a total order: names equal but for accents keep a fixed order, empty names go last', () => {
    expect(comparePtBR('Para', 'Pará')).not.toBe(0);
    expect(['Pará', 'Para'].sort(comparePtBR)).toEqual(['Para', 'Pará'].sort(comparePtBR));
    expect(sortByName([{ full_name: null }, { full_name: 'Zé' }, { full_name: 'Ana' }], (p) => p.full_name).map((p) => p.full_name)).toEqual(['Ana', 'Zé', null]);
  });

  it('does not change the input', () => {
    const input = [{ name: 'B' }, { name: 'A' }];
    sortByName(input);
    expect(input.map((i) => i.name)).toEqual(['B', 'A']);
  });
});
