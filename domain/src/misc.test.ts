import { describe, expect, it } from 'vitest';
import { isValidSessionId, likeLabel, performance, topByCount } from './engagement.ts';
import { isProtectedMunicipality } from './municipalities.ts';
import { htmlToText, listSummary, newlinesToBreaks } from './sanitize.ts';
import { DEFAULT_SETTINGS, withDefaults } from './settings.ts';

describe('likes and dashboard', () => {
  it('labels TOP / n TOPS', () => {
    expect(likeLabel(0)).toBe('TOP');
    expect(likeLabel(1)).toBe('1 TOPS');
    expect(likeLabel(12)).toBe('12 TOPS');
  });
  it('accepts only well-formed session ids', () => {
    expect(isValidSessionId('3f2b8c1e-1b2a-4c3d-9e8f-0a1b2c3d4e5f')).toBe(true);
    expect(isValidSessionId('x')).toBe(false);
    expect(isValidSessionId("1' OR '1'='1")).toBe(false);
    expect(isValidSessionId(42)).toBe(false);
  });
  it('performance is rounded and 0 without published news', () => {
    expect(performance({ total: 3, published: 2, draft: 1, totalViews: 5, totalLikes: 3 })).toEqual({ publishRate: 67, viewsPerNews: 3, likesPerNews: 2 });
    expect(performance({ total: 2, published: 0, draft: 2, totalViews: 0, totalLikes: 0 })).toEqual({ publishRate: 0, viewsPerNews: 0, likesPerNews: 0 });
    expect(performance({ total: 0, published: 0, draft: 0, totalViews: 0, totalLikes: 0 }).publishRate).toBe(0);
  });
  it('rankings keep the top n by count, newest first on ties', () => {
    const items = [
      { id: 'a', published_at: '2026-01-01', n: 1 },
      { id: 'b', published_at: '2026-01-03', n: 5 },
      { id: 'c', published_at: '2026-01-02', n: 5 },
    ];
    expect(topByCount(items, (i) => i.n, 2).map((i) => i.id)).toEqual(['b', 'c']);
  });
});

describe('catalog rules', () => {
  it('Mundo, Brasil and Pará are protected', () => {
    expect(['Mundo', 'Brasil', 'Pará'].every(isProtectedMunicipality)).toBe(true);
    expect(isProtectedMunicipality('Belém')).toBe(false);
  });
  it('settings fall back to the spec defaults', () => {
    const s = withDefaults([{ key: 'urgent_message', value: '' }, { key: 'portal_name', value: 'X' }, { key: 'other', value: 'y' }]);
    expect(s.urgent_message).toBe('Última hora: Acompanhe as principais notícias do Pará em tempo real');
    expect(s.contact_address).toBe('Belém, Pará - Brasil');
    expect(s.portal_name).toBe('X');
    expect(Object.keys(s)).toEqual(Object.keys(DEFAULT_SETTINGS));
  });
});

describe('text helpers', () => {
  it('newlines become <br>', () => expect(newlinesToBreaks('a\r\nb\nc')).toBe('a<br>b<br>c'));
  it('admin list summary falls back to 150 characters plus ellipsis', () => {
    expect(listSummary('Resumo', 'x')).toBe('Resumo');
    expect(listSummary(null, `<p>${'b'.repeat(200)}</p>`)).toBe(`${'b'.repeat(150)}...`);
  });
  it('htmlToText strips tags and folds spaces', () => expect(htmlToText('<p>a<br>b</p>  c')).toBe('a b c'));
});
