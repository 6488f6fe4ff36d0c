import { describe, expect, it } from 'vitest';
import type { SourceRow } from './tables.ts';
import { NO_EMAIL, READER_ACCOUNT, mapAd, mapNews, mapProfile, metaFullName, type MapContext } from './map-rows.ts';

const origin = { file: 'x.csv', line: 2 };
const row = (table: SourceRow['table'], values: Record<string, string | null>): SourceRow => ({ table, values, origin });
const ctx: MapContext = { timeZone: 'America/Belem', categories: new Set(['c1']), municipalities: new Set(['m1']), staff: new Set(['u1']), profiled: new Set(['u1', 'u2']) };

describe('profiles', () => {
  it('takes the e-mail and name from the auth user when the profile has none', () => {
    const [user] = mapProfile(row('profiles', { id: 'p', user_id: 'u1', role: 'editor', email: null, full_name: null }), { email: 'A@B.test', full_name: 'Ana', created_at: '2024-01-01 00:00:00+00', verified_factor: true }, ctx);
    expect(user).toMatchObject({ kind: 'user', email: 'a@b.test', full_name: 'Ana', had_2fa: true, created_at: '2024-01-01T00:00:00.000Z' });
  });
  it('a reader account or a profile without e-mail is left out, with why', () => {
    expect(mapProfile(row('profiles', { user_id: 'u2', role: 'reader', email: 'r@x.test' }), undefined, ctx)).toEqual([expect.objectContaining({ kind: 'skipped', reason: READER_ACCOUNT })]);
    expect(mapProfile(row('profiles', { user_id: 'u3', role: 'producer', email: null }), undefined, ctx)).toEqual([expect.objectContaining({ kind: 'skipped', reason: NO_EMAIL })]);
  });
  it('reads the name from the sign-up metadata', () => {
    expect(metaFullName('{"full_name":" Ana "}')).toBe('Ana');
    expect(metaFullName('não é json')).toBeNull();
  });
});

describe('news', () => {
  const base = { id: 'n1', title: 'T', content: null, status: 'published', category_id: 'c1', municipality_id: 'm1', author_id: 'u1' };
  it('a story with an unknown status is left out', () => {
    expect(mapNews(row('news', { ...base, status: 'publicada' }), ctx)).toEqual([expect.objectContaining({ kind: 'skipped', reason: 'Situação desconhecida: "publicada"' })]);
  });
  it('an unreadable date or a reference to a row not in the export is blanked with a warning', () => {
    const [news, ...warnings] = mapNews(row('news', { ...base, published_at: 'ontem', category_id: 'c9' }), ctx);
    expect(news).toMatchObject({ kind: 'news', content: '', published_at: null, category: null, is_featured: false });
    expect(warnings.map((w) => (w.kind === 'warning' ? w.message : ''))).toEqual(['Categoria c9 não existe no arquivo: deixado em branco', 'Data ilegível em published_at ("ontem"): deixada em branco']);
  });
});

describe('ads', () => {
  it('empty fields take the form defaults', () => {
    expect(mapAd(row('ads', { id: 'a', title: 'A', ad_type: null, position: null, is_active: null, google_ad_responsive: null }), ctx)[0]).toMatchObject({
      ad_type: 'banner',
      position: 'top',
      is_active: true,
      google_ad_responsive: true,
    });
  });
});
