import { describe, expect, it } from 'vitest';
import { isValidSessionId, likeLabel, performance, photoCredit, topByCount, topCount } from './engagement.ts';
import { isProtectedMunicipality } from './municipalities.ts';
import { htmlToText, listSummary, newlinesToBreaks } from './sanitize.ts';
import { DEFAULT_SETTINGS, INSTITUTIONAL_PAGES, pageParagraphs, withDefaults } from './settings.ts';
import { validateSetting } from './validation.ts';

describe('likes and dashboard', () => {
  it('labels TOP / 1 TOP / n TOPs (issue #34: never "1 TOPS")', () => {
    expect(likeLabel(0)).toBe('TOP');
    expect(likeLabel(1)).toBe('1 TOP');
    expect(likeLabel(12)).toBe('12 TOPs');
    expect(topCount(0)).toBe('0 TOPs');
    expect(topCount(1)).toBe('1 TOP');
    expect(topCount(2)).toBe('2 TOPs');
  });
  it('a photo credit has its "Foto:" once', () => {
    expect(photoCredit('Ana Souza')).toBe('Foto: Ana Souza');
    expect(photoCredit(' Foto: Ana Souza ')).toBe('Foto: Ana Souza');
    expect(photoCredit('Foto: Foto: Ana Souza')).toBe('Foto: Ana Souza');
    expect(photoCredit('foto:Agência Pará')).toBe('Foto: Agência Pará');
    expect(photoCredit('Crédito: Ana')).toBe('Foto: Ana');
    expect(photoCredit('Fotografia de rua')).toBe('Foto: Fotografia de rua');
    expect(photoCredit('Foto: ')).toBe('');
    expect(photoCredit(null)).toBe('');
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
  it('no live TV address by default; the institutional pages have a pt-BR text', () => {
    expect(DEFAULT_SETTINGS.tv_live_url).toBe('');
    expect(INSTITUTIONAL_PAGES.map((p) => p.path)).toEqual(['/sobre', '/expediente', '/contato']);
    for (const p of INSTITUTIONAL_PAGES) expect(pageParagraphs(DEFAULT_SETTINGS[p.key]).length).toBeGreaterThan(1);
  });
  it('institutional texts: a blank line starts a paragraph, a line break stays one', () => {
    expect(pageParagraphs('Um\r\nDois\n\n  \n\nTrês\n')).toEqual([['Um', 'Dois'], ['Três']]);
    expect(pageParagraphs('  ')).toEqual([]);
    expect(pageParagraphs('<script>alert(1)</script>')).toEqual([['<script>alert(1)</script>']]); // printed as text by the page
  });
  it('the TV live address is a full URL; institutional texts have a length limit', () => {
    expect(validateSetting('tv_live_url', 'youtube.com/live')).toBe('Informe uma URL completa (https://...)');
    expect(validateSetting('tv_live_url', 'https://www.youtube.com/watch?v=live')).toBeNull();
    expect(validateSetting('page_about', 'x'.repeat(5000))).toBeNull();
    expect(validateSetting('page_about', 'x'.repeat(5001))).toBe('Use no máximo 5.000 caracteres');
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
