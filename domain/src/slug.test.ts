import { describe, expect, it } from 'vitest';
import { authorSlugs, categorySlug, categoryTitleFromSlug, literalNewsSlug, municipalitySlug, newsSlug, uniqueSlug } from './slug.ts';

describe('newsSlug (accents folded, then spec §5: runs outside a-z0-9 become one hyphen)', () => {
  it('lowercases and joins words with hyphens', () => expect(newsSlug('Chuva Forte Hoje')).toBe('chuva-forte-hoje'));
  it('folds accents before the spec rule (decision 005)', () => expect(newsSlug('Câmara de Belém')).toBe('camara-de-belem'));
  it('folds cedilla and tilde', () => expect(newsSlug('Ação em São João')).toBe('acao-em-sao-joao'));
  it('collapses punctuation runs and trims the edges', () => expect(newsSlug('  "Re-Pa": 2 x 1!! ')).toBe('re-pa-2-x-1'));
  it('keeps digits', () => expect(newsSlug('COP 30 em 2025')).toBe('cop-30-em-2025'));
});

describe('literalNewsSlug (the spec rule as written, kept as an alias)', () => {
  it('turns each accented letter run into a hyphen', () => expect(literalNewsSlug('Câmara de Belém')).toBe('c-mara-de-bel-m'));
  it('equals newsSlug when the title has no accents', () => expect(literalNewsSlug('COP 30 em 2025')).toBe(newsSlug('COP 30 em 2025')));
});

describe('categorySlug (accents stripped, non-alphanumerics removed)', () => {
  it.each([
    ['Política', 'politica'],
    ['Meio Ambiente', 'meio-ambiente'],
    ['Saúde', 'saude'],
    ['Educação', 'educacao'],
    ['Ciência & Tecnologia', 'ciencia-tecnologia'],
    ['  Esportes   Radicais ', 'esportes-radicais'],
  ])('%s → %s', (name, slug) => expect(categorySlug(name)).toBe(slug));
});

describe('municipalitySlug (keeps letters, digits, spaces and hyphens)', () => {
  it.each([
    ['Santa Bárbara do Pará', 'santa-barbara-do-para'],
    ['Igarapé-Açu', 'igarape-acu'],
    ["Pau D'Arco", 'pau-darco'],
    ['  Belém  ', 'belem'],
    ['São   Félix do Xingu', 'sao-felix-do-xingu'],
  ])('%s → %s', (name, slug) => expect(municipalitySlug(name)).toBe(slug));
});

describe('categoryTitleFromSlug', () => {
  it('turns hyphens into spaces and capitalizes words', () => expect(categoryTitleFromSlug('meio-ambiente')).toBe('Meio Ambiente'));
});

describe('uniqueSlug', () => {
  it('returns the base when free', () => expect(uniqueSlug('a', [])).toBe('a'));
  it('appends the next free number', () => expect(uniqueSlug('a', ['a', 'a-2'])).toBe('a-3'));
});

describe('authorSlugs (author pages)', () => {
  it('folds the name; namesakes get -2 by user id order; nameless profiles get no page', () => {
    const slugs = authorSlugs([
      { user_id: 'b', full_name: 'Ana Souza' },
      { user_id: 'a', full_name: 'Ana Souza' },
      { user_id: 'c', full_name: 'João Câmara' },
      { user_id: 'd', full_name: null },
    ]);
    expect(Object.fromEntries(slugs)).toEqual({ a: 'ana-souza', b: 'ana-souza-2', c: 'joao-camara' });
  });
});
