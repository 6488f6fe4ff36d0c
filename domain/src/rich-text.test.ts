import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { bodyToEditorHtml, isPlainTextBody, lostText, lostTextMessage, readingStats, visibleWords } from './rich-text.ts';
import { articlePurifier, sanitizeArticleWith, type Purifier } from './sanitize.ts';

const purify = articlePurifier(createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis) as unknown as Purifier);
const sanitize = (c: string) => sanitizeArticleWith(purify, c);

describe('existing bodies in the editor', () => {
  it('plain text opens as paragraphs: a blank line separates them, one newline is a line break', () => {
    expect(bodyToEditorHtml('Um\nDois\n\nTrês\r\n\r\n\r\nQuatro')).toBe('<p>Um<br>Dois</p><p>Três</p><p>Quatro</p>');
  });
  it('plain text with markup characters is escaped, not parsed', () => {
    expect(isPlainTextBody('3 < 4 & 5 > 2')).toBe(true);
    expect(bodyToEditorHtml('3 < 4 & 5')).toBe('<p>3 &lt; 4 &amp; 5</p>');
  });
  it('HTML bodies keep their markup; newlines become breaks as on the site', () => {
    expect(isPlainTextBody('<p>a</p>')).toBe(false);
    expect(bodyToEditorHtml('<p>a\nb</p>')).toBe('<p>a<br>b</p>');
  });
  it('blank bodies open empty', () => expect(bodyToEditorHtml(' \n ')).toBe(''));
});

describe('what the sanitizer would drop', () => {
  it('an unclosed <audio> no longer swallows the paragraphs after it: the element goes, its text stays (issue #32)', () => {
    const paragraphs = Array.from({ length: 32 }, (_, i) => `<p>Parágrafo ${i + 1}.</p>`);
    const body = [...paragraphs.slice(0, 12), '<audio src="x.mp3">', ...paragraphs.slice(12)].join('');
    expect(lostText(body, sanitize(body))).toBeNull();
    expect(sanitize(body)).not.toContain('<audio');
  });
  it('the warning names what would be lost', () => {
    const lost = lostText('<p>a</p><p>b c</p>', '<p>a</p>');
    expect(lostTextMessage(lost!)).toBe('A página pública vai omitir 2 palavras deste texto (“b c”), por causa de marcação não permitida. Salvar mesmo assim?');
  });
  it('allowlisted bodies, plain text and entities lose nothing', () => {
    for (const body of [
      '<p>Olá <strong>mundo</strong> &amp; <a href="https://a.b" target="_blank">link</a></p><ul><li>x</li></ul>',
      'Texto\n\ncom 3 < 4 & "aspas"',
      '<p>a&nbsp;b</p>',
    ]) {
      expect(lostText(body, sanitize(body))).toBeNull();
    }
  });
  it('script content counts as lost text', () => {
    expect(lostText('<p>a</p><script>alert(1)</script>', sanitize('<p>a</p><script>alert(1)</script>'))).toEqual({ count: 1, sample: 'alert(1)' });
  });
  it('visible words decode entities', () => expect(visibleWords('<p>Olá&nbsp;<b>mundo</b> &#233; &#xE9;</p>')).toEqual(['Olá', 'mundo', 'é', 'é']));
});

describe('reading stats', () => {
  it('counts words, not punctuation, and rounds reading time at 200 words a minute', () => {
    expect(readingStats('<p>um dois – três</p>')).toEqual({ words: 3, minutes: 1, label: '3 palavras · 1 min de leitura' });
    expect(readingStats(`<p>${'palavra '.repeat(700)}</p>`).minutes).toBe(4);
    expect(readingStats('').label).toBe('0 palavras · 0 min de leitura');
  });
});
