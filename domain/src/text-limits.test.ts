import { describe, expect, it } from 'vitest';
import { boundSlug, isUsableSlug, skippedSummary, textLimitError, unrenderableNewsReason } from './text-limits.ts';
import { categorySlug, newsSlug } from './slug.ts';

describe('text limits', () => {
  it('names the first field over its limit, in pt-BR', () => {
    expect(textLimitError('news', { title: 'x'.repeat(200) })).toBeNull();
    expect(textLimitError('news', { title: 'x'.repeat(201) })).toBe('Título deve ter no máximo 200 caracteres');
    expect(textLimitError('settings', { value: 'x'.repeat(6001) })).toBe('Valor deve ter no máximo 6.000 caracteres');
    expect(textLimitError('ads', { title: null, content: 5 })).toBeNull();
  });
});

describe('bounded slugs', () => {
  it('cuts at a hyphen, never mid-word when it can', () => {
    expect(boundSlug('chuva-forte-em-belem', 12)).toBe('chuva-forte');
    expect(boundSlug('curto', 12)).toBe('curto');
    expect(boundSlug('a'.repeat(30), 12)).toBe('a'.repeat(12));
  });
  it('a 10,000-character title gives a slug a file system accepts', () => {
    expect(newsSlug('Enchente '.repeat(1200)).length).toBeLessThanOrEqual(110);
    expect(categorySlug('Meio Ambiente '.repeat(100)).length).toBeLessThanOrEqual(100);
  });
  it('emoji-only names give an empty slug (the server refuses them)', () => {
    expect(categorySlug('🔥🔥')).toBe('');
  });
});

describe('what a build must skip', () => {
  it.each([
    [{ title: 'Ok', slug: 'ok', content: 'x' }, null],
    [{ title: 'Ok', slug: '', content: 'x' }, 'endereço (slug) vazio ou inválido'],
    [{ title: 'Ok', slug: 'a/../b', content: 'x' }, 'endereço (slug) vazio ou inválido'],
    [{ title: 'Ok', slug: 'x'.repeat(121), content: 'x' }, 'endereço (slug) vazio ou inválido'],
    [{ title: ' ', slug: 'ok', content: 'x' }, 'sem título'],
    [{ title: 'x'.repeat(201), slug: 'ok', content: 'x' }, 'título longo demais'],
    [{ title: 'Ok', slug: 'ok', content: '' }, 'sem conteúdo'],
  ])('%o → %s', (n, reason) => expect(unrenderableNewsReason(n)).toBe(reason));

  it('usable slugs are lowercase words joined by single hyphens', () => {
    expect(isUsableSlug('camara-de-belem')).toBe(true);
    for (const bad of ['', '-a', 'a--b', 'A', 'ç', 'a/b', null]) expect(isUsableSlug(bad)).toBe(false);
  });

  it('reads as the newsroom expects', () => {
    expect(skippedSummary([])).toBeNull();
    expect(skippedSummary([{ kind: 'news', id: '1', title: 'Enchente', reason: 'sem conteúdo' }])).toBe('1 notícia não pôde ser publicada: Enchente (sem conteúdo)');
    expect(
      skippedSummary([
        { kind: 'news', id: '1', title: 'A', reason: 'sem conteúdo' },
        { kind: 'news', id: '2', title: 'B', reason: 'sem título' },
      ]),
    ).toBe('2 notícias não puderam ser publicadas: A (sem conteúdo); B (sem título)');
  });
});
