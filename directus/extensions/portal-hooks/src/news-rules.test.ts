import { describe, expect, it } from 'vitest';
import type { Actor } from './actor.ts';
import { PRODUCER_STATUS_ERROR, prepareNewsCreate, prepareNewsUpdate, type PreviousNews } from './news-rules.ts';
import { refusal } from './validation-filters.ts';

const now = new Date('2026-11-22T12:00:00.000Z');
const producer: Actor = { kind: 'user', userId: 'u-prod', role: 'producer', admin: false, municipalityId: 'm-belem' };
const editor: Actor = { kind: 'user', userId: 'u-ed', role: 'editor', admin: false, municipalityId: null };
const superAdmin: Actor = { kind: 'user', userId: 'u-adm', role: 'super_admin', admin: true, municipalityId: null };
const base = { title: 'Chuva em Belém', content: 'Texto' };
const prev = (o: Partial<PreviousNews> = {}): PreviousNews => ({
  id: 'n1',
  slug: 'chuva-em-belem',
  status: 'draft',
  published_at: null,
  first_published_at: null,
  municipality_id: 'm-belem',
  author_id: 'u-prod',
  ...o,
});

describe('creating news', () => {
  it('forces the author to the writer', () => {
    expect(prepareNewsCreate({ ...base, author_id: 'someone-else' }, editor, now).author_id).toBe('u-ed');
  });
  it('lets a super_admin file on behalf of another author', () => {
    expect(prepareNewsCreate({ ...base, author_id: 'columnist' }, superAdmin, now).author_id).toBe('columnist');
  });
  it("forces a producer's municipality to their own", () => {
    expect(prepareNewsCreate({ ...base, municipality_id: 'm-other' }, producer, now).municipality_id).toBe('m-belem');
  });
  it('refuses a producer publishing', () => {
    expect(() => prepareNewsCreate({ ...base, status: 'published' }, producer, now)).toThrow(PRODUCER_STATUS_ERROR);
  });
  it('refuses a producer featuring a story, accepts is_featured false', () => {
    expect(() => prepareNewsCreate({ ...base, is_featured: true }, producer, now)).toThrow('Apenas editores podem destacar notícias');
    expect(prepareNewsCreate({ ...base, is_featured: false }, producer, now).is_featured).toBe(false);
    expect(prepareNewsCreate({ ...base, is_featured: true }, editor, now).is_featured).toBe(true);
  });
  it('defaults to draft with no published_at', () => {
    expect(prepareNewsCreate(base, editor, now)).toMatchObject({ status: 'draft', published_at: null });
  });
  it('publishing now or at the scheduled time', () => {
    expect(prepareNewsCreate({ ...base, status: 'published' }, editor, now).published_at).toBe(now.toISOString());
    expect(prepareNewsCreate({ ...base, status: 'published', scheduled_at: '2026-12-24T10:00:00.000Z' }, editor, now).published_at).toBe(
      '2026-12-24T10:00:00.000Z',
    );
  });
  it('derives the slug from the title and saves empty selects as null', () => {
    expect(prepareNewsCreate({ ...base, category_id: '', municipality_id: '' }, editor, now)).toMatchObject({
      slug: 'chuva-em-belem',
      category_id: null,
      municipality_id: null,
    });
  });
  it("title and content are the validator's, asked once before (validation-filters.ts)", () => {
    expect(refusal('news', null, { title: ' ', content: 'x' })).toBe('Título é obrigatório');
    expect(refusal('news', null, { title: 'x', content: '' })).toBe('Conteúdo é obrigatório');
  });
});

describe('updating news', () => {
  it('editors cannot change the municipality', () => {
    expect(() => prepareNewsUpdate({ municipality_id: 'm-other' }, [prev()], editor, now)).toThrow('Apenas super admin pode alterar o município');
  });
  it('sending the same municipality is accepted and dropped', () => {
    expect(prepareNewsUpdate({ municipality_id: 'm-belem', title: 'Novo' }, [prev()], editor, now)).toEqual({ title: 'Novo', slug: 'novo' });
  });
  it('super_admin may change the municipality', () => {
    expect(prepareNewsUpdate({ municipality_id: 'm-other' }, [prev()], superAdmin, now).municipality_id).toBe('m-other');
  });
  it('nobody reassigns the author through an update', () => {
    expect(prepareNewsUpdate({ author_id: 'x', title: 'T' }, [prev()], superAdmin, now)).not.toHaveProperty('author_id');
  });
  it('unpublishing clears published_at; republishing keeps the original date', () => {
    const published = prev({ status: 'published', published_at: '2026-11-01T00:00:00.000Z' });
    expect(prepareNewsUpdate({ status: 'archived' }, [published], editor, now).published_at).toBeNull();
    expect(prepareNewsUpdate({ status: 'published' }, [published], editor, now).published_at).toBe('2026-11-01T00:00:00.000Z');
  });
  it('a client cannot set published_at by hand', () => {
    expect(prepareNewsUpdate({ published_at: '2020-01-01', title: 'x' }, [prev()], editor, now)).not.toHaveProperty('published_at');
  });
  it('a producer cannot move a news to published', () => {
    expect(() => prepareNewsUpdate({ status: 'published' }, [prev()], producer, now)).toThrow(PRODUCER_STATUS_ERROR);
  });
  it('a title edit of a story that went out keeps its URL (issue #8)', () => {
    const out = prepareNewsUpdate({ title: 'Chuva forte em Belém' }, [prev({ status: 'published', first_published_at: '2026-11-01T00:00:00.000Z' })], producer, now);
    expect(out).toMatchObject({ title: 'Chuva forte em Belém' });
    expect(out).not.toHaveProperty('slug');
  });
  it('the admin form sending the old slug back changes nothing', () => {
    expect(prepareNewsUpdate({ title: 'Outro', slug: 'chuva-em-belem' }, [prev({ status: 'published' })], editor, now)).not.toHaveProperty('slug');
  });
});

describe('changing the address of a story that went out', () => {
  const out = prev({ status: 'archived', first_published_at: '2026-11-01T00:00:00.000Z' });
  it('an editor may', () => expect(prepareNewsUpdate({ slug: 'Nova Chuva' }, [out], editor, now).slug).toBe('nova-chuva'));
  it('a producer may not, even once unpublished', () =>
    expect(() => prepareNewsUpdate({ slug: 'nova-chuva' }, [out], producer, now)).toThrow('Apenas editores podem mudar o endereço de uma notícia já publicada'));
  it('nobody stamps the first publication by hand', () =>
    expect(prepareNewsUpdate({ first_published_at: '2020-01-01', title: 'x' }, [out], editor, now)).not.toHaveProperty('first_published_at'));
});
