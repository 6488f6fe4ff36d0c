import { describe, expect, it } from 'vitest';
import { expandShortcodes, parseShortcodeAttrs, type AttachmentInfo } from './shortcodes.ts';

const files: Record<string, AttachmentInfo> = {
  '1': { url: 'https://s/wp-content/uploads/um.jpg', alt: 'Um', caption: 'Legenda um' },
  '2': { url: 'https://s/wp-content/uploads/dois.jpg', alt: null, caption: null },
};
function expand(text: string, attached: string[] = []) {
  const warnings: string[] = [];
  const captions: Array<[string, string]> = [];
  const out = expandShortcodes(text, {
    warn: (m) => warnings.push(m),
    attachment: (id) => files[id] ?? null,
    attachedTo: () => attached,
    caption: (id, t) => captions.push([id, t]),
  });
  return { out, warnings, captions };
}

describe('shortcodes', () => {
  it('parses attributes as WordPress does', () => {
    expect(parseShortcodeAttrs(' id="5" title=\'Contato\' width=300 "solto" https://x.y/z')).toEqual({
      id: '5',
      title: 'Contato',
      width: '300',
      '0': 'solto',
      '1': 'https://x.y/z',
    });
  });

  it('[caption] → the image and its caption (and tells which attachment it captions)', () => {
    const r = expand(
      '[caption id="attachment_1" align="alignnone" width="300"]<a href="https://s/x"><img src="https://s/wp-content/uploads/um.jpg" alt="Um" /></a> Texto da <em>legenda</em>[/caption]',
    );
    expect(r.out).toBe(
      '<figure><a href="https://s/x"><img src="https://s/wp-content/uploads/um.jpg" alt="Um" /></a><figcaption>Texto da <em>legenda</em></figcaption></figure>',
    );
    expect(r.captions).toEqual([['1', 'Texto da legenda']]);
    expect(r.warnings).toEqual([]);
  });

  it('[caption] with the old caption="" attribute', () => {
    expect(expand('[caption id="attachment_2" caption="Antiga"]<img src="a.jpg">[/caption]').out).toBe(
      '<figure><img src="a.jpg"><figcaption>Antiga</figcaption></figure>',
    );
  });

  it("[gallery ids] → those attachments, a missing one reported; without ids → the post's attachments", () => {
    const r = expand('[gallery ids="1, 2,9" columns="3"]');
    expect(r.out).toBe(
      '<figure><img src="https://s/wp-content/uploads/um.jpg" alt="Um"><figcaption>Legenda um</figcaption></figure><figure><img src="https://s/wp-content/uploads/dois.jpg" alt=""></figure>',
    );
    expect(r.warnings).toEqual(['Galeria: o anexo 9 não está na exportação']);
    expect(expand('[gallery]', ['2']).out).toBe('<figure><img src="https://s/wp-content/uploads/dois.jpg" alt=""></figure>');
  });

  it('[embed] and [youtube] → a link paragraph; [video] → a link, reported', () => {
    expect(expand('[embed]https://youtu.be/abc[/embed]').out).toBe('<p><a href="https://youtu.be/abc">https://youtu.be/abc</a></p>');
    expect(expand('[youtube https://www.youtube.com/watch?v=abc]').out).toBe(
      '<p><a href="https://www.youtube.com/watch?v=abc">https://www.youtube.com/watch?v=abc</a></p>',
    );
    const v = expand('[video width="640" mp4="https://s/v.mp4"][/video]');
    expect(v.out).toBe('<p><a href="https://s/v.mp4">https://s/v.mp4</a></p>');
    expect(v.warnings).toEqual(['Vídeo ([video]) trocado por um link: https://s/v.mp4']);
  });

  it('an unknown shortcode keeps its inner text and is reported by name', () => {
    const self = expand('Antes [contact-form-7 id="5" title="Contato"] depois');
    expect(self.out).toBe('Antes  depois');
    expect(self.warnings).toEqual(['Shortcode [contact-form-7] não existe no portal: removido']);
    const wrap = expand('[su_box title="Box"]Texto <strong>guardado</strong>[/su_box]');
    expect(wrap.out).toBe('Texto <strong>guardado</strong>');
    expect(wrap.warnings).toEqual(['Shortcode [su_box] não existe no portal: mantido só o texto dele']);
  });

  it('nested shortcodes are expanded inside an unknown one', () => {
    expect(expand('[vc_row][vc_column][embed]https://x.com/a/status/1[/embed][/vc_column][/vc_row]').out).toBe(
      '<p><a href="https://x.com/a/status/1">https://x.com/a/status/1</a></p>',
    );
  });

  it('words in brackets stay text; [[x]] is a literal [x]', () => {
    const r = expand('Ele disse [sic] e [ver mais] e [Vídeo] e [1] e [[caption]]');
    expect(r.out).toBe('Ele disse [sic] e [ver mais] e [Vídeo] e [1] e [caption]');
    expect(r.warnings).toEqual([]);
  });
});
