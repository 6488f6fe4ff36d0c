import { describe, expect, it } from 'vitest';
import { hasBlocks, renderBlocks } from './blocks.ts';
import { reduceBody } from './body.ts';

const b = (name: string, html: string, attrs?: object) =>
  `<!-- wp:${name}${attrs ? ` ${JSON.stringify(attrs)}` : ''} -->\n${html}\n<!-- /wp:${name} -->`;

function body(content: string) {
  const warnings: string[] = [];
  const images: string[] = [];
  const out = reduceBody(content, {
    warn: (m) => warnings.push(m),
    image: (s) => images.push(s),
    attachment: () => null,
    attachedTo: () => [],
  });
  return { out, warnings, images };
}

describe('Gutenberg blocks', () => {
  it('tells a block body from a classic one', () => {
    expect(hasBlocks(b('paragraph', '<p>x</p>'))).toBe(true);
    expect(hasBlocks('<p>x</p><!-- more -->')).toBe(false);
  });

  it('paragraph, heading, list (with list-item blocks) and quote (with inner paragraphs)', () => {
    const content = [
      b('paragraph', '<p>Texto <strong>forte</strong></p>'),
      b('heading', '<h2 class="wp-block-heading">Entretítulo</h2>'),
      b('heading', '<h3 class="wp-block-heading">Menor</h3>', { level: 3 }),
      b('list', `<ul class="wp-block-list">${b('list-item', '<li>um</li>')}${b('list-item', '<li>dois</li>')}</ul>`),
      b('list', '<ol><li>velho</li></ol>', { ordered: true }),
      b('quote', `<blockquote class="wp-block-quote">${b('paragraph', '<p>Frase</p>')}<cite>Autor</cite></blockquote>`),
    ].join('\n\n');
    expect(body(content)).toEqual({
      out: '<p>Texto <strong>forte</strong></p><h2>Entretítulo</h2><h3>Menor</h3><ul><li>um</li><li>dois</li></ul><ol><li>velho</li></ol><blockquote><p>Frase</p><p>Autor</p></blockquote>',
      warnings: [],
      images: [],
    });
  });

  it('image → the image and its caption as a following emphasized paragraph', () => {
    const r = body(
      b(
        'image',
        '<figure class="wp-block-image size-large"><img src="https://s/wp-content/uploads/a.jpg" alt="Alt" class="wp-image-7"/><figcaption class="wp-element-caption">A legenda</figcaption></figure>',
        { id: 7 },
      ),
    );
    expect(r.out).toBe('<img src="https://s/wp-content/uploads/a.jpg" alt="Alt"><p><em>A legenda</em></p>');
    expect(r.images).toEqual(['https://s/wp-content/uploads/a.jpg']);
  });

  it('gallery (new with image blocks, and 5.x with ul > li) → its images', () => {
    const nested = b(
      'gallery',
      `<figure class="wp-block-gallery">${b('image', '<figure class="wp-block-image"><img src="a.jpg" alt=""/></figure>', { id: 1 })}${b('image', '<figure class="wp-block-image"><img src="b.jpg" alt=""/><figcaption>B</figcaption></figure>', { id: 2 })}<figcaption class="blocks-gallery-caption">Galeria</figcaption></figure>`,
    );
    expect(body(nested).out).toBe('<img src="a.jpg" alt=""><img src="b.jpg" alt=""><p><em>B</em></p><p><em>Galeria</em></p>');
    const old = b(
      'gallery',
      '<figure class="wp-block-gallery columns-2"><ul class="blocks-gallery-grid"><li class="blocks-gallery-item"><figure><img src="c.jpg" alt="C"/></figure></li><li class="blocks-gallery-item"><figure><img src="d.jpg" alt=""/><figcaption class="blocks-gallery-item__caption">D</figcaption></figure></li></ul></figure>',
      { ids: [3, 4] },
    );
    expect(body(old).out).toBe('<img src="c.jpg" alt="C"><img src="d.jpg" alt=""><p><em>D</em></p>');
  });

  it('embed (core/embed and the old core-embed/*) → a link paragraph the portal turns into its embed', () => {
    const yt = b(
      'embed',
      '<figure class="wp-block-embed is-provider-youtube"><div class="wp-block-embed__wrapper">\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\n</div><figcaption>Legenda</figcaption></figure>',
      { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', providerNameSlug: 'youtube' },
    );
    const tw = b(
      'core-embed/twitter',
      '<figure class="wp-block-embed-twitter"><div class="wp-block-embed__wrapper">\nhttps://twitter.com/a/status/1\n</div></figure>',
      { url: 'https://twitter.com/a/status/1' },
    );
    expect(body(`${yt}\n\n${tw}`)).toMatchObject({
      out: '<p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">https://www.youtube.com/watch?v=dQw4w9WgXcQ</a></p><p><em>Legenda</em></p><p><a href="https://twitter.com/a/status/1">https://twitter.com/a/status/1</a></p>',
      warnings: [],
    });
  });

  it('separator and spacer go silently; html, shortcode, columns and group keep their content', () => {
    const content = [
      b('paragraph', '<p>a</p>'),
      b('separator', '<hr class="wp-block-separator"/>'),
      b('spacer', '<div style="height:100px" aria-hidden="true" class="wp-block-spacer"></div>'),
      b('html', '<div class="box"><p>Do <u>HTML</u></p></div>'),
      b('shortcode', '[embed]https://youtu.be/xyz[/embed]'),
      b(
        'columns',
        `<div class="wp-block-columns">${b('column', `<div class="wp-block-column">${b('paragraph', '<p>Coluna 1</p>')}</div>`)}${b('column', `<div class="wp-block-column">${b('paragraph', '<p>Coluna 2</p>')}</div>`)}</div>`,
      ),
      b('group', `<div class="wp-block-group">${b('heading', '<h4>No grupo</h4>')}</div>`),
    ].join('\n\n');
    expect(body(content)).toMatchObject({
      out: '<p>a</p><p>Do HTML</p><p><a href="https://youtu.be/xyz">https://youtu.be/xyz</a></p><p>Coluna 1</p><p>Coluna 2</p><h4>No grupo</h4>',
      warnings: [],
    });
  });

  it('blocks with no saved text (dynamic, reusable) are reported; an unknown block with text keeps it', () => {
    const r = body(
      [
        b('paragraph', '<p>a</p>'),
        '<!-- wp:latest-posts {"postsToShow":3} /-->',
        '<!-- wp:block {"ref":55} /-->',
        b('plugin/destaque', '<div class="destaque"><p>Texto do plugin</p></div>'),
      ].join('\n\n'),
    );
    expect(r.out).toBe('<p>a</p><p>Texto do plugin</p>');
    expect(r.warnings).toEqual([
      'Bloco "core/latest-posts" é montado pelo WordPress a cada visita (não há texto dele no post): omitido',
      'Bloco reutilizável (wp_block 55) não foi trazido: o conteúdo dele fica fora do post',
    ]);
  });

  it('classic HTML between blocks gets its paragraphs', () => {
    expect(renderBlocks(`Solto\nlinha\n\n${b('paragraph', '<p>b</p>')}`, { warn: () => {} })).toBe('<p>Solto<br>linha</p>\n<p>b</p>\n');
  });

  it('a table block keeps its text and is reported; shortcodes inside a paragraph block are expanded', () => {
    const r = body(
      `${b('table', '<figure class="wp-block-table"><table><tbody><tr><td>A</td><td>B</td></tr></tbody></table></figure>')}\n\n${b('paragraph', '<p>Veja [contact-form-7 id="1"]</p>')}`,
    );
    expect(r.out).toBe('<p>A | B</p><p>Veja</p>');
    expect(r.warnings).toEqual(['Shortcode [contact-form-7] não existe no portal: removido', expect.stringContaining('Tabela convertida em texto')]);
  });
});

describe('classic-editor bodies', () => {
  it('autop, [caption] with the image and caption paragraph, [gallery], [embed], an unknown shortcode reported', () => {
    const r = body(
      '[caption id="attachment_9" width="300"]<img src="https://s/wp-content/uploads/x.jpg" alt="X" /> Legenda[/caption]\n\nPrimeiro\nsegundo\n\n[embed]https://youtu.be/abc[/embed]\n\n[foo_bar]Guardado[/foo_bar]',
    );
    expect(r.out).toBe(
      '<img src="https://s/wp-content/uploads/x.jpg" alt="X"><p><em>Legenda</em></p><p>Primeiro<br>segundo</p><p><a href="https://youtu.be/abc">https://youtu.be/abc</a></p><p>Guardado</p>',
    );
    expect(r.warnings).toEqual(['Shortcode [foo_bar] não existe no portal: mantido só o texto dele']);
  });
});
