import { describe, expect, it } from 'vitest';
import { refusal, validationFilters } from './validation-filters.ts';

describe('server validation (domain/validation on every write)', () => {
  it('a create is checked as sent', () => {
    expect(refusal('ads', null, { title: 'A', ad_type: 'google_adsense', google_ad_slot: '1' })).toBe('Publisher ID é obrigatório');
    expect(refusal('categories', null, { name: 'Esporte' })).toBeNull();
  });
  it('an update is checked merged with each stored row', () => {
    const rows = [
      { title: 'A', ad_type: 'banner', content: 'x', link_url: null },
      { title: 'B', ad_type: 'google_adsense', google_ad_client: 'ca-pub-1', google_ad_slot: '2' },
    ];
    // Switching both to AdSense: the banner has no publisher id.
    expect(refusal('ads', rows, { ad_type: 'google_adsense' })).toBe('Publisher ID é obrigatório');
    expect(refusal('ads', rows, { title: 'Novo' })).toBeNull();
    expect(refusal('news', [{ title: 'T', content: 'C', status: 'draft' }], { content: ' ' })).toBe('Conteúdo é obrigatório');
  });
  it('wires a create and an update filter for each validated collection', () =>
    expect(validationFilters().map(([event]) => event)).toEqual(
      ['news', 'ads', 'categories', 'municipalities', 'news_corrections', 'news_live_entries', 'profiles', 'settings'].flatMap((c) => [`${c}.items.create`, `${c}.items.update`]),
    ));
  it('an update loads the stored columns of its rows by primary key', async () => {
    const calls: unknown[] = [];
    const db = (table: string) => ({
      whereIn: (column: string, keys: unknown[]) => ({
        select: async (...columns: string[]) => {
          calls.push({ table, column, keys, columns });
          return [{ key: 'contact_email', value: 'a@b.com' }];
        },
      }),
    });
    const update = validationFilters().find(([event]) => event === 'settings.items.update')![1];
    await expect(update({ value: 'nao-e-email' }, { keys: ['contact_email'] }, { database: db })).rejects.toThrow('Email inválido');
    expect(calls).toEqual([{ table: 'settings', column: 'key', keys: ['contact_email'], columns: ['key', 'value'] }]);
  });
});
