import { describe, expect, it } from 'vitest';
import { PROMOTED_TITLE_MAX, promotedTitle, storyFromEntry } from './promote-live-entry.ts';

describe('promotedTitle', () => {
  it('takes the first words of the text, without its markup or a closing full stop', () => {
    expect(promotedTitle('<p>Chuva forte alaga a <strong>Almirante Barroso</strong>.</p>')).toBe('Chuva forte alaga a Almirante Barroso');
  });
  it('at most twelve words, cut between words', () => {
    expect(promotedTitle('<p>um dois três quatro cinco seis sete oito nove dez onze doze treze catorze</p>')).toBe(
      'um dois três quatro cinco seis sete oito nove dez onze doze',
    );
  });
  it('at most 100 characters, never in the middle of a word', () => {
    const title = promotedTitle(`<p>${'palavrão '.repeat(8)}${'x'.repeat(40)} fim</p>`);
    expect(title.length).toBeLessThanOrEqual(PROMOTED_TITLE_MAX);
    expect(title.endsWith('palavrão')).toBe(true);
  });
  it('keeps a question, drops a trailing comma', () => {
    expect(promotedTitle('<p>Vai chover no Círio?</p>')).toBe('Vai chover no Círio?');
    expect(promotedTitle('<p>Atenção,</p>')).toBe('Atenção');
  });
});

describe('storyFromEntry', () => {
  it('a draft with the text and photo, filed as the coverage is, and naming it', () => {
    const coverage = { id: 'n1', municipality_id: { id: 'm-belem', name: 'Belém' }, category_id: null };
    expect(storyFromEntry({ body: '<p>Romeiros na Avenida Nazaré.</p>', image: '/api/assets/f1', image_caption: 'A corda' }, coverage)).toEqual({
      title: 'Romeiros na Avenida Nazaré',
      slug: 'romeiros-na-avenida-nazare',
      summary: null,
      content: '<p>Romeiros na Avenida Nazaré.</p>',
      status: 'draft',
      featured_image: '/api/assets/f1',
      featured_image_caption: 'A corda',
      category_id: null,
      municipality_id: 'm-belem',
      from_live_news_id: 'n1',
    });
  });
});
