import { describe, expect, it } from 'vitest';
import { assertCategoryNameFree, assertMunicipalityChangeAllowed, prepareCategory, prepareMunicipality } from './catalog-rules.ts';

describe('categories', () => {
  it('derives the slug from the name on create', () => expect(prepareCategory({ name: ' Meio Ambiente ' }, true)).toEqual({ name: 'Meio Ambiente', slug: 'meio-ambiente' }));
  it('requires a name', () => expect(() => prepareCategory({ name: '' }, true)).toThrow('Nome é obrigatório'));
  it('a taken name is a conflict with the spec message', () => {
    expect(() => assertCategoryNameFree({ id: 'a' })).toThrow('Já existe uma categoria com este nome');
    expect(() => assertCategoryNameFree({ id: 'a' }, 'a')).not.toThrow();
  });
});

describe('municipalities', () => {
  it('generates a slug from the name when none is sent', () => expect(prepareMunicipality({ name: 'Igarapé-Açu' }, true).slug).toBe('igarape-acu'));
  it('normalises a hand-edited slug', () => expect(prepareMunicipality({ name: 'X', slug: 'Meu Slug!' }, true).slug).toBe('meu-slug'));
  it('protected ones cannot be deleted', () => expect(() => assertMunicipalityChangeAllowed([{ name: 'Pará' }], { delete: true })).toThrow(/protegido/));
  it('protected ones cannot be renamed, but other fields may change', () => {
    expect(() => assertMunicipalityChangeAllowed([{ name: 'Brasil' }], { name: 'Outro' })).toThrow(/protegido/);
    expect(() => assertMunicipalityChangeAllowed([{ name: 'Brasil' }], { name: undefined })).not.toThrow();
  });
  it('other municipalities can be deleted', () => expect(() => assertMunicipalityChangeAllowed([{ name: 'Belém' }], { delete: true })).not.toThrow());
});
