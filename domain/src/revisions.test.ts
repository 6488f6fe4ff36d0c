import { describe, expect, it } from 'vitest';
import { canRestoreRevision, canSeeRevisions, restorePayload } from './revisions.ts';

const own = (status: string) => ({ author_id: 'u1', status });
const other = (status: string) => ({ author_id: 'u2', status });

describe('revisions: who sees, who restores', () => {
  it('editor-level staff see and restore any story', () => {
    for (const role of ['editor', 'super_admin']) {
      expect(canSeeRevisions(role, 'u1', other('published'))).toBe(true);
      expect(canRestoreRevision(role, 'u1', other('published'))).toBe(true);
    }
  });
  it('a producer never sees revisions of a colleague’s story', () => {
    for (const status of ['draft', 'pending', 'published', 'archived']) expect(canSeeRevisions('producer', 'u1', other(status))).toBe(false);
  });
  it('a producer sees the history of their own story and restores it only while unpublished', () => {
    expect(canSeeRevisions('producer', 'u1', own('published'))).toBe(true);
    expect(canRestoreRevision('producer', 'u1', own('draft'))).toBe(true);
    expect(canRestoreRevision('producer', 'u1', own('pending'))).toBe(true);
    expect(canRestoreRevision('producer', 'u1', own('published'))).toBe(false);
    expect(canRestoreRevision('producer', 'u1', other('draft'))).toBe(false);
  });
  it('nobody without an id sees anything', () => {
    expect(canSeeRevisions('producer', '', { author_id: '', status: 'draft' })).toBe(false);
    expect(canSeeRevisions(null, 'u1', other('draft'))).toBe(false);
  });
  it('a restore brings back the text and image, never status, dates, author or municipality', () => {
    expect(
      restorePayload({
        title: 'T',
        summary: null,
        content: 'C',
        status: 'draft',
        published_at: 'x',
        author_id: 'u9',
        municipality_id: 'm',
        featured_image: 'i',
      }),
    ).toEqual({ title: 'T', summary: null, content: 'C', featured_image: 'i' });
  });
});
