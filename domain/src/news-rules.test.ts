import { describe, expect, it } from 'vitest';
import { choosesMunicipality, mayChangeMunicipality, mayFeature, newsSlugFor, nullEmptyReferences } from './news-rules.ts';

describe('news rules, once (issue #31)', () => {
  it('only editor and super_admin feature a story and choose its municipality; only super_admin moves it', () => {
    expect(['super_admin', 'editor', 'producer', null].map(mayFeature)).toEqual([true, true, false, false]);
    expect(['super_admin', 'editor', 'producer', null].map(choosesMunicipality)).toEqual([true, true, false, false]);
    expect(['super_admin', 'editor', 'producer', null].map(mayChangeMunicipality)).toEqual([true, false, false, false]);
  });

  it('the slug as typed, else from the title, never empty', () => {
    expect(newsSlugFor({ slug: '', title: 'Chuva em Belém' })).toBe('chuva-em-belem');
    expect(newsSlugFor({ slug: '  ', title: 'Círio de Nazaré' })).toBe('cirio-de-nazare');
    expect(newsSlugFor({ slug: 'Meu Endereço', title: 'x' })).toBe('meu-endereco');
    expect(newsSlugFor({ title: '!!!' })).toBe('noticia');
  });

  it("'' in a reference is null; other fields as they were", () => {
    expect(nullEmptyReferences({ category_id: '', municipality_id: '', summary: '' })).toEqual({ category_id: null, municipality_id: null, summary: '' });
    expect(nullEmptyReferences({ category_id: 'c1' })).toEqual({ category_id: 'c1' });
  });
});
