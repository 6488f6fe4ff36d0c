import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { articlePurifier, renderArticlePartsWith, renderArticleWith, sanitizeArticleWith, type Purifier } from './sanitize.ts';
import { lostText } from './rich-text.ts';
import { validateNews } from './validation.ts';

// The site's build uses jsdom's DOMPurify; the admin, the browser's: the same pipeline either way.
const purify = articlePurifier(createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis) as unknown as Purifier);
const render = (html: string) => renderArticleWith(purify, html);
const parts = (html: string, n?: number) => renderArticlePartsWith(purify, html, n);
/** The rendered body as a browser would parse it. */
const parsed = (html: string) => new JSDOM(`<body>${html}</body>`).window.document.body;
const ID = '0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d';

describe('the article page body: sanitized, then figures and embeds made on the DOM (issue #32)', () => {
  it('a link title holding a paragraph and an image stays text: no markup breaks out of an attribute', () => {
    const body = '<p><a title="<p>https://youtu.be/dQw4w9WgXcQ</p><img src=x onerror=alert(document.domain)>" href="https://x.test">leia</a></p>';
    const out = parsed(render(body));
    // No element anywhere carries an event handler, and the only elements are the paragraph and its link.
    expect([...out.querySelectorAll('*')].map((e) => e.tagName)).toEqual(['P', 'A']);
    expect([...out.querySelectorAll('*')].flatMap((e) => [...e.attributes].map((a) => a.name)).filter((n) => n.startsWith('on'))).toEqual([]);
    expect(out.querySelector('a')!.getAttribute('title')).toBe('<p>https://youtu.be/dQw4w9WgXcQ</p><img src=x onerror=alert(document.domain)>');
  });

  it('hostile attribute text around an uploaded image stays inside its attributes', () => {
    const body = `<p><img src="/api/assets/${ID}" alt='"><img src=x onerror=alert(1)>' title="<script>alert(2)</script>"></p>`;
    const out = parsed(render(body));
    expect(out.querySelectorAll('img')).toHaveLength(1);
    expect(out.querySelector('script')).toBeNull();
    expect(out.querySelector('figcaption')!.textContent).toContain('"><img src=x onerror=alert(1)>');
  });

  it('a link alone on its paragraph becomes a click-to-load facade, as a link or as bare text', () => {
    const out = render('<p>Antes</p><p><a href="https://youtu.be/dQw4w9WgXcQ">https://youtu.be/dQw4w9WgXcQ</a></p><p>https://x.com/a/status/123</p>');
    expect(out).toMatch(
      /^<p>Antes<\/p><figure class="embed embed-youtube" data-pagefind-ignore="all" data-embed="youtube" data-embed-src="https:\/\/www.youtube-nocookie.com\/embed\/dQw4w9WgXcQ"/,
    );
    expect(out).toContain('<button type="button" class="embed-load">Carregar vídeo do YouTube</button>');
    expect(out).toContain('data-embed="x"');
    expect(out).not.toMatch(/<iframe|<script/);
  });

  it('an ampersand in the link is read as the address it is', () => {
    expect(render('<p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=10s">https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=10s</a></p>')).toContain(
      'data-embed-src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"',
    );
  });

  it('links inside prose, links with other words and other sites stay links', () => {
    const html =
      '<p>Veja <a href="https://youtu.be/dQw4w9WgXcQ">https://youtu.be/dQw4w9WgXcQ</a></p><p><a href="https://youtu.be/dQw4w9WgXcQ">o vídeo</a></p><p><a href="https://g1.globo.com/">https://g1.globo.com/</a></p>';
    expect(render(html)).toBe(html);
  });

  it('an uploaded image becomes a figure with srcset, its caption and credit', () => {
    expect(render(`<p>Antes</p><img src="/api/assets/${ID}" alt="Feira &amp; festa" title="Foto: Ana Souza">`)).toBe(
      `<p>Antes</p><figure class="article-figure"><img src="/api/assets/${ID}?key=w400h225" srcset="/api/assets/${ID}?key=w400h225 400w, /api/assets/${ID}?key=w800h450 800w, /api/assets/${ID}?key=w1200h675 1200w" sizes="(min-width: 768px) 48rem, 100vw" width="400" height="225" alt="Feira &amp; festa" loading="lazy" decoding="async"><figcaption>Feira &amp; festa <span class="credit">Foto: Ana Souza</span></figcaption></figure>`,
    );
  });

  it('a credit stored as "Foto: Foto: …" (typed with its prefix) is printed with one "Foto:"', () => {
    expect(render(`<img src="/api/assets/${ID}" alt="Rua" title="Foto: Foto: Ana Souza">`)).toContain('<span class="credit">Foto: Ana Souza</span>');
  });

  it('images are the portal’s own: a tracking pixel elsewhere or a data: image is dropped, a same-origin path stays', () => {
    const out = render('<p>a<img src="https://evil.test/pixel.gif">b<img src="data:image/png;base64,AAAA">c<img src="//evil.test/x.gif"><img src="/logo.svg" alt="logo"></p>');
    expect(out).toBe('<p>abc<img src="/logo.svg" alt="logo"></p>');
  });

  it('no class reaches the page (the site’s own CSS could draw an overlay), and every target is a new tab without the opener', () => {
    expect(render('<p class="fixed inset-0 z-50 bg-white">texto <a href="https://a.test" target="janela">link</a></p>')).toBe(
      '<p>texto <a href="https://a.test" target="_blank" rel="noopener noreferrer">link</a></p>',
    );
  });

  it('plain text is the spec’s format: newlines become breaks, nothing is parsed', () => {
    expect(render('Um\nDois')).toBe('Um<br>Dois');
    expect(render('3 < 4 & 5 > 2')).toBe('3 &lt; 4 &amp; 5 &gt; 2');
  });
});

describe('nothing the server accepts loses text on the page (issue #32, reliability)', () => {
  // Bodies of hostile or broken markup, as an API write, an import or an old record may hold them.
  const corpus = [
    '<p>um</p><audio><p>dois três</p>',
    '<p>um</p><video src="x"><p>dois</p><source src="y">três',
    '<p>antes</p><math><mi>x</mi><p>depois da fórmula</p>',
    '<noscript><p>sem script</p></noscript><p>fim</p>',
    '<p>a</p><svg><p>dentro do svg</p><text>texto svg</text></svg>',
    '<select><option>opção um</option><p>parágrafo perdido</p></select>',
    '<p>a</p><textarea>área de texto</textarea>',
    '<table><tr><td>célula</td></tr><p>solto na tabela</p></table>',
    '<p>antes</p><title>título</title><p>depois</p>',
    '<details><summary>resumo</summary><p>detalhe</p></details>',
    '<p>x</p><form><input value="v"><p>no formulário</p></form>',
    '<p><b>negrito</b> <i>itálico</i> <u>sublinhado</u> <span style="color:red">vermelho</span></p>',
    '<p>a</p><head><p>no head</p></head>',
    '<p>fim</p><desc>descrição</desc><colgroup><p>grupo</p>',
    '<p>aberto <em>sem fechar<p>próximo',
    '<p>antes</p><style>body{display:none}</style><p>depois</p>',
    '<p>antes</p><template><p>modelo</p></template>',
    '<p>a</p><xmp><b>literal</b></xmp>',
    '<p>a</p><iframe src="https://evil.test">quadro</iframe>',
    '<p>a</p><noembed>sem embed</noembed><noframes>sem quadros</noframes>',
    '<p>a</p><plaintext><p>resto do texto',
    '<script>alert(1)</script><p>depois do script</p>',
  ];
  for (const body of corpus) {
    it(body, () => {
      const accepted = !validateNews({ title: 'T', content: body }).content;
      const lost = lostText(body, sanitizeArticleWith(purify, body));
      // Either the server refuses the body (with a message), or every word of it reaches the page.
      if (accepted) expect(lost).toBeNull();
      else expect(validateNews({ title: 'T', content: body }).content).toMatch(/^O conteúdo não pode ter/);
    });
  }

  it('the corpus is not all refused: most of it is accepted and shown whole', () => {
    const accepted = corpus.filter((b) => !validateNews({ title: 'T', content: b }).content);
    expect(accepted.length).toBeGreaterThanOrEqual(15);
  });
});

describe('the inline ad after the second paragraph: the body cut on its parsed nodes (decision 055)', () => {
  it('never inside an attribute: a title holding closing paragraphs stays text (issue #32)', () => {
    const body = '<p>um</p><p><a href="https://x.test" title="</p></p></p><img src=x onerror=alert(1)>">leia</a></p><p>três</p>';
    const [before, after] = parts(body);
    expect(after).toBe('<p>três</p>');
    // With the ad's markup between the parts, a browser still finds only paragraphs, the link and the ad.
    const page = parsed(`${before}<aside class="ad"></aside>${after}`);
    expect([...page.querySelectorAll('*')].map((e) => e.tagName)).toEqual(['P', 'P', 'A', 'ASIDE', 'P']);
  });
  it('cuts after the nth top-level paragraph', () =>
    expect(parts('<p>a</p><p>b <strong>c</strong></p><p>d</p>', 2)).toEqual(['<p>a</p><p>b <strong>c</strong></p>', '<p>d</p>']));
  it('paragraphs inside a quote or figure do not count', () => {
    // A figure is the pipeline's own (an uploaded image with its caption); a typed <figure> does not survive the sanitizer.
    const [before, after] = parts(`<blockquote><p>q</p><p>r</p></blockquote><p>a<br>x</p><img src="/api/assets/${ID}" alt="c"><p>b</p><p>z</p>`, 2);
    expect(before).toMatch(/^<blockquote><p>q<\/p><p>r<\/p><\/blockquote><p>a<br>x<\/p><figure class="article-figure">.*<figcaption>c<\/figcaption><\/figure><p>b<\/p>$/);
    expect(after).toBe('<p>z</p>');
  });
  it('a plain-text story: a blank line ends a paragraph, a single line break does not', () =>
    expect(parts('um<br>ainda um<br><br>dois<br><br>três')).toEqual(['um<br>ainda um<br><br>dois<br><br>', 'três']));
  it('a shorter story takes the ad at its end', () => {
    expect(parts('<p>só um</p>')).toEqual(['<p>só um</p>', '']);
    expect(parts('linha<br>outra')).toEqual(['linha<br>outra', '']);
    expect(parts('')).toEqual(['', '']);
  });
});
