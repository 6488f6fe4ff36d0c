import { describe, expect, it } from 'vitest';
import { autop } from './autop.ts';

describe('autop (classic-editor paragraphs)', () => {
  it('blank line → paragraph, single newline → <br>', () => {
    expect(autop('Um\ndois\n\n\nTrês\r\n\r\nQuatro')).toBe('<p>Um<br>dois</p><p>Três</p><p>Quatro</p>');
  });

  it('leaves block elements as they are and wraps the text around them', () => {
    expect(autop('Antes\n<blockquote>Citação</blockquote>\nDepois\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>')).toBe(
      '<p>Antes</p><blockquote>Citação</blockquote><p>Depois</p><ul><li>a</li><li>b</li></ul>',
    );
  });

  it('keeps <pre> as written, and an empty body empty', () => {
    expect(autop('a\n\n<pre>x\n\ny</pre>')).toBe('<p>a</p><pre>x\n\ny</pre>');
    expect(autop('  \n ')).toBe('');
  });
});
