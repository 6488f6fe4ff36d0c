import { describe, expect, it } from 'vitest';
import { canRestoreRevision, canSeeRevisions, restorePayload, revisionText } from './revisions.ts';

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

describe('revisionText (the history shows text, not markup)', () => {
  it('blocks on their own lines, inline marks gone, entities decoded', () => {
    expect(revisionText('<h2>Título</h2><p>Um <strong>dois</strong> &amp; <a href="https://x.com">três</a></p><blockquote><p>Citação</p></blockquote>')).toBe(
      'Título\n\nUm dois & três\n\nCitação',
    );
  });

  it('list items as bullets, line breaks kept, images by their caption', () => {
    expect(revisionText('<p>Linha um<br>Linha dois</p><ul><li>a</li><li>b</li></ul><img src="/api/assets/x" alt="Rua alagada" title="Foto: Ana">')).toBe(
      'Linha um\nLinha dois\n\n• a\n\n• b\n\n[Imagem: Rua alagada]',
    );
  });

  it('a plain-text body (the spec’s format) stays as it is', () => {
    expect(revisionText('Parágrafo um.\nLinha dois.\n\nParágrafo três.')).toBe('Parágrafo um.\nLinha dois.\n\nParágrafo três.');
    expect(revisionText(null)).toBe('');
  });

  it('numeric entities and non-breaking spaces', () => {
    expect(revisionText('<p>caf&#233;&nbsp;e&#x20;p&atilde;o &Ccedil;&Atilde;O &copy;</p>')).toBe('café e pão ÇÃO &copy;');
  });
});
