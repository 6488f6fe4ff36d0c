import { describe, expect, it } from 'vitest';
import { parseHtml, reduceHtml } from './html.ts';

function reduce(html: string) {
  const warnings: string[] = [];
  const images: string[] = [];
  const out = reduceHtml(html, { warn: (m) => warnings.push(m), image: (s) => images.push(s) });
  return { out, warnings, images };
}

describe('a body reduced to the article allowlist', () => {
  it('keeps the allowed elements and attributes, maps b/i, unwraps the rest, one line', () => {
    const { out, warnings } = reduce(
      '<div class="x">\n<p style="color:red">Um <b>dois</b> <i>três</i> <span>quatro</span> <a href="https://a.b/" class="c" target="_blank" rel="noopener">cinco</a></p>\n<h3 id="t">Título</h3>\n<ol><li>a</li><li>b</li></ol>\n</div>',
    );
    expect(out).toBe(
      '<p>Um <strong>dois</strong> <em>três</em> quatro <a href="https://a.b/" target="_blank" rel="noopener">cinco</a></p><h3>Título</h3><ol><li>a</li><li>b</li></ol>',
    );
    expect(out).not.toContain('\n');
    expect(warnings).toEqual([]);
  });

  it('puts loose text in paragraphs and closes paragraphs as the HTML parser does', () => {
    expect(reduce('solto <p>um<p>dois<div>três</div>').out).toBe('<p>solto</p><p>um</p><p>dois</p><p>três</p>');
    expect(reduce('<ul><li>a<li>b</ul>').out).toBe('<ul><li>a</li><li>b</li></ul>');
  });

  it('keeps an image at block level, with alt and title, and reports its src', () => {
    const { out, images } = reduce(
      '<p><img src="/wp-content/uploads/a.jpg" alt="Alt" title="Crédito" width="10" srcset="x 1w"></p><p>texto <img data-src="https://s/b.jpg" src="data:image/gif;base64,R0"></p>',
    );
    expect(out).toBe('<img src="/wp-content/uploads/a.jpg" alt="Alt" title="Crédito"><p>texto <img src="https://s/b.jpg"></p>');
    expect(images).toEqual(['/wp-content/uploads/a.jpg', 'https://s/b.jpg']);
  });

  it('drops a link around an image to its own file, keeps other links', () => {
    expect(reduce('<a href="https://s/wp-content/uploads/a.jpg"><img src="https://s/wp-content/uploads/a-300x200.jpg"></a>').out).toBe(
      '<img src="https://s/wp-content/uploads/a-300x200.jpg">',
    );
    expect(reduce('<p><a href="https://anunciante.com"><img src="https://s/b.jpg"></a></p>').out).toBe(
      '<p><a href="https://anunciante.com"><img src="https://s/b.jpg"></a></p>',
    );
  });

  it('figure and figcaption become the image and an emphasized caption paragraph', () => {
    expect(reduce('<figure class="wp-caption"><img src="https://s/a.jpg" alt=""><figcaption>Legenda <em>viva</em></figcaption></figure>').out).toBe(
      '<img src="https://s/a.jpg" alt=""><p><em>Legenda viva</em></p>',
    );
  });

  it('a table keeps its text, one paragraph per row, and is reported', () => {
    const { out, warnings } = reduce(
      '<table><caption>Placar</caption><tr><th>Time</th><th>Gols</th></tr><tr><td>Remo</td><td>2</td></tr><tr><td></td></tr></table>',
    );
    expect(out).toBe('<p>Placar</p><p>Time | Gols</p><p>Remo | 2</p>');
    expect(warnings).toEqual([expect.stringContaining('Tabela convertida em texto')]);
  });

  it('an iframe or a video becomes a link paragraph (YouTube as its watch address)', () => {
    const { out, warnings } = reduce(
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed"></iframe><iframe src="//maps.google.com/x"></iframe><video controls><source src="https://s/v.mp4"></video>',
    );
    expect(out).toBe(
      '<p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">https://www.youtube.com/watch?v=dQw4w9WgXcQ</a></p><p><a href="https://maps.google.com/x">https://maps.google.com/x</a></p><p><a href="https://s/v.mp4">https://s/v.mp4</a></p>',
    );
    expect(warnings).toEqual([
      'Conteúdo incorporado (iframe) trocado por um link: https://maps.google.com/x',
      'Vídeo trocado por um link: https://s/v.mp4',
    ]);
  });

  it('what cannot be kept is reported when it carried words, and never silently', () => {
    const { out, warnings } = reduce(
      '<p>antes</p><script>var x = 1;</script><script src="https://platform.twitter.com/widgets.js"></script><style>p{}</style><form><input value="x"><button>Enviar dados</button></form><p>depois</p>',
    );
    expect(out).toBe('<p>antes</p><p>depois</p>');
    expect(warnings).toEqual([
      'Removido do corpo: <script> com o texto "var x = 1;"',
      'Removido do corpo: <style> com o texto "p{}"',
      'Removido do corpo: <button> com o texto "Enviar dados"',
    ]);
  });

  it('a script does not swallow the text after it, even with markup inside', () => {
    expect(reduce('<script>document.write("<p>x</p>")</script><p>fica</p>').out).toBe('<p>fica</p>');
  });

  it('paragraphs inside a list item become line breaks; nested lists stay', () => {
    expect(reduce('<ul><li><p>um</p><p>dois</p><ul><li>a</li></ul></li></ul>').out).toBe('<ul><li>um<br>dois<br><ul><li>a</li></ul></li></ul>');
  });

  it('escapes text and attributes again, keeps emoji and non-breaking spaces', () => {
    const { out } = reduce('<p>1 &lt; 2 &amp;&amp; a]]>b 🎉&nbsp;fim <a href="https://a.b/?x=1&amp;y=&quot;2&quot;">l</a></p>');
    expect(out).toBe('<p>1 &lt; 2 &amp;&amp; a]]&gt;b 🎉\u00a0fim <a href="https://a.b/?x=1&amp;y=&quot;2&quot;">l</a></p>');
  });

  it('pre keeps its line breaks; empty paragraphs and javascript links go', () => {
    expect(reduce('<pre>a\n  b</pre><p>&nbsp;</p><p><a href="javascript:alert(1)">x</a></p>').out).toBe('<p>a<br>  b</p><p>x</p>');
  });

  it('the tokenizer survives stray "<", unquoted attributes and comments', () => {
    expect(parseHtml('a < b <!-- c --> <img src=x.jpg alt=oi>')).toEqual([
      'a < b  ',
      { tag: 'img', attrs: { src: 'x.jpg', alt: 'oi' }, children: [] },
    ]);
  });
});
