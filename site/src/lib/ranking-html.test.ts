import { describe, expect, it } from 'vitest';
import { metricLabel, rankingItemHtml } from './ranking-html.ts';

const row = { title: 'Chuva <forte> em Belém', slug: 'chuva', image: null, views: 3, likes: 1 };

describe('ranking rows', () => {
  it('shows "Sem imagem" when the news has no image', () => {
    expect(rankingItemHtml(row, 1, 'views')).toContain('Sem imagem');
  });

  it('escapes the title', () => {
    expect(rankingItemHtml(row, 1, 'views')).toContain('Chuva &#60;forte&#62; em Belém');
  });

  it('labels views and TOPs', () => {
    expect(metricLabel('views', row)).toBe('3 visualizações');
    expect(metricLabel('likes', row)).toBe('1 TOP');
    expect(metricLabel('likes', { ...row, likes: 0 })).toBe('0 TOPs');
    expect(metricLabel('likes', { ...row, likes: 2 })).toBe('2 TOPs');
  });
});
