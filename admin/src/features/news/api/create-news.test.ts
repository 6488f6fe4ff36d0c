import { describe, expect, it } from 'vitest';
import { newsPayload, type NewsInput } from './create-news.ts';

const input: NewsInput = {
  title: 'Chuva forte em Belém!',
  slug: '',
  summary: '  ',
  content: 'Texto',
  status: 'published',
  category_id: '',
  municipality_id: null,
  featured_image: '',
  featured_image_caption: null,
      featured_image_renditions: null,
  is_featured: true,
  scheduled_at: '2030-01-01T12:00:00.000Z',
};

describe('newsPayload', () => {
  it('derives the slug from the title and saves empty optionals as null', () => {
    const p = newsPayload(input, 'editor');
    expect(p.slug).toBe('chuva-forte-em-belem');
    expect(p.summary).toBeNull();
    expect(p.category_id).toBeNull();
    expect(p.featured_image).toBeNull();
  });

  it('takes a slug typed on purpose, folded like a title', () => expect(newsPayload({ ...input, slug: 'Belém em Foco' }, 'editor').slug).toBe('belem-em-foco'));

  it('sends the schedule only for editor-level users publishing', () => {
    expect(newsPayload(input, 'super_admin').scheduled_at).toBe('2030-01-01T12:00:00.000Z');
    expect(newsPayload({ ...input, status: 'draft' }, 'editor').scheduled_at).toBeNull();
    expect(newsPayload({ ...input, status: 'pending' }, 'producer').scheduled_at).toBeNull();
  });

  it('producer cannot set the featured flag', () => {
    expect(newsPayload(input, 'producer')).not.toHaveProperty('is_featured');
    expect(newsPayload(input, 'editor').is_featured).toBe(true);
  });
});
