/**
 * The news body in the rich text editor (issue #15) and what the public page
 * keeps of it (issue #12, item 4). Bodies are stored as the spec says: text
 * with optional allowlisted HTML, where newlines become line breaks.
 */
/** Whether a body is plain text (no tags): the spec's format and every demo story. @example isPlainTextBody('a\nb') // true */
export const isPlainTextBody = (content: string): boolean => !/<[a-z!/][^>]*>/i.test(content);

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * What the editor opens: a plain-text body becomes paragraphs (a blank line
 * separates them, a single newline is a line break); an HTML body has its
 * newlines turned into breaks, as the site does.
 * @example bodyToEditorHtml('Um\nDois\n\nTrês') // '<p>Um<br>Dois</p><p>Três</p>'
 */
export function bodyToEditorHtml(content: string): string {
  const text = content.replace(/\r\n?/g, '\n');
  if (!text.trim()) return '';
  if (!isPlainTextBody(text)) return text.replace(/\n/g, '<br>');
  return text
    .split(/\n[ \t]*\n/)
    .map((block) => block.replace(/^\n+|\n+$/g, ''))
    .filter((block) => block.trim())
    .map((block) => `<p>${escapeText(block).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * The words a reader sees in some HTML: tags are separators, entities decoded.
 * @example visibleWords('<p>Olá&nbsp;<b>mundo</b></p>') // ['Olá', 'mundo']
 */
export function visibleWords(html: string): string[] {
  const text = html.replace(/<[^>]*>/g, ' ').replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, e: string) => {
    if (ENTITIES[e.toLowerCase()] !== undefined) return ENTITIES[e.toLowerCase()] as string;
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    return m;
  });
  return text.split(/\s+/).filter(Boolean);
}

export type LostText = { count: number; sample: string };

/**
 * The words of `before` that `after` no longer has (a multiset difference),
 * e.g. the paragraphs an unclosed `<audio>` swallows when the public
 * sanitizer removes it. Null when nothing is lost.
 * @example lostText('<p>a</p><audio><p>b c</p>', '<p>a</p>') // { count: 2, sample: 'b c' }
 */
export function lostText(before: string, after: string): LostText | null {
  const left = new Map<string, number>();
  for (const w of visibleWords(after)) left.set(w, (left.get(w) ?? 0) + 1);
  const lost: string[] = [];
  for (const w of visibleWords(before)) {
    const n = left.get(w) ?? 0;
    if (n > 0) left.set(w, n - 1);
    else lost.push(w);
  }
  if (!lost.length) return null;
  const sample = lost.slice(0, 12).join(' ');
  return { count: lost.length, sample: lost.length > 12 ? `${sample}…` : sample };
}

/**
 * The warning shown before saving a body the public page would cut.
 * @example lostTextMessage({ count: 2, sample: 'b c' }) // 'A página pública vai omitir 2 palavras deste texto (“b c”), por causa de marcação não permitida. Salvar mesmo assim?'
 */
export function lostTextMessage(lost: LostText): string {
  const words = lost.count === 1 ? '1 palavra' : `${lost.count} palavras`;
  return `A página pública vai omitir ${words} deste texto (“${lost.sample}”), por causa de marcação não permitida. Salvar mesmo assim?`;
}

/** Reading speed used for the reading-time hint (words per minute, Portuguese news prose). */
export const WORDS_PER_MINUTE = 200;

/**
 * Word count and reading time of a body, in pt-BR.
 * @example readingStats('<p>um dois três</p>') // { words: 3, minutes: 1, label: '3 palavras · 1 min de leitura' }
 */
export function readingStats(html: string): { words: number; minutes: number; label: string } {
  const words = visibleWords(html).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  const minutes = words ? Math.max(1, Math.round(words / WORDS_PER_MINUTE)) : 0;
  return { words, minutes, label: `${words === 1 ? '1 palavra' : `${words} palavras`} · ${minutes} min de leitura` };
}
