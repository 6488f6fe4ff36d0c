/**
 * WordPress shortcodes turned into plain HTML before the body is reduced
 * (issue #27): `[caption]` → the image and its caption, `[gallery]` → its
 * images, `[embed]`/`[youtube]` → a link (the portal makes a lone link an
 * embed), `[video]`/`[audio]` → a link, reported. Any other shortcode keeps
 * its inner text and is reported by name; brackets that only look like one
 * (`[sic]`, `[ver mais]`) stay text.
 */

export type AttachmentInfo = { url: string; alt: string | null; caption: string | null };

export type ShortcodeContext = {
  warn(message: string): void;
  /** The export's attachment by post id, or null. */
  attachment(id: string): AttachmentInfo | null;
  /** Ids of the attachments whose parent is this post (a `[gallery]` without ids shows them). */
  attachedTo(): string[];
  /** A `[caption id="attachment_N"]` seen in the body: the featured image's caption when the attachment has none. */
  caption?(attachmentId: string, text: string): void;
};

/**
 * WordPress's own shortcode grammar (get_shortcode_regex) for any name:
 * 1 `[` of an escaped `[[x]]`, 2 name, 3 attributes, 4 self-closing `/`,
 * 5 content, 6 closing tag, 7 `]` of an escaped one.
 */
const SHORTCODE = /\[(\[?)([A-Za-z][\w-]*)(?![\w-])([^\]/]*(?:\/(?!\])[^\]/]*)*?)(?:(\/)\]|\](?:([^[]*(?:\[(?!\/\2\])[^[]*)*)(\[\/\2\]))?)(\]?)/g;

const KNOWN = new Set(['caption', 'wp_caption', 'gallery', 'embed', 'youtube', 'video', 'audio', 'playlist']);

/**
 * Attributes as WordPress parses them (shortcode_parse_atts): `a="x"`, `a='x'`, `a=x`, and bare values by position ("0", "1"…).
 * @example parseShortcodeAttrs('id="5" title=\'Contato\' big') // { id: '5', title: 'Contato', '0': 'big' }
 */
export function parseShortcodeAttrs(s: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  let pos = 0;
  const re =
    /([\w-]+)\s*=\s*"([^"]*)"(?:\s|$)|([\w-]+)\s*=\s*'([^']*)'(?:\s|$)|([\w-]+)\s*=\s*([^\s'"]+)(?:\s|$)|"([^"]*)"(?:\s|$)|'([^']*)'(?:\s|$)|(\S+)(?:\s|$)/g;
  for (const m of s.replace(/[\u00a0\u200b]/g, ' ').matchAll(re)) {
    if (m[1]) attrs[m[1].toLowerCase()] = m[2]!;
    else if (m[3]) attrs[m[3].toLowerCase()] = m[4]!;
    else if (m[5]) attrs[m[5].toLowerCase()] = m[6]!;
    else attrs[String(pos++)] = m[7] ?? m[8] ?? m[9] ?? '';
  }
  return attrs;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const linkParagraph = (url: string) => `<p><a href="${esc(url)}">${esc(url)}</a></p>`;
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The leading image of a `[caption]` (maybe inside a link), and the caption text after it. */
const CAPTIONED = /^\s*((?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?)([\s\S]*)$/i;

function figure(img: string, caption: string): string {
  const text = caption.replace(/^(?:\s|<br\s*\/?>)+|(?:\s|<br\s*\/?>)+$/gi, '');
  return `<figure>${img}${text ? `<figcaption>${text}</figcaption>` : ''}</figure>`;
}

function attachmentFigure(a: AttachmentInfo): string {
  const alt = a.alt ? ` alt="${esc(a.alt)}"` : ' alt=""';
  return figure(`<img src="${esc(a.url)}"${alt}>`, a.caption ? esc(a.caption) : '');
}

const mediaUrl = (attrs: Record<string, string>) =>
  ['src', 'url', 'mp4', 'm4v', 'webm', 'ogv', 'wmv', 'flv', 'mp3', 'ogg', 'wav', 'm4a', '0']
    .map((k) => attrs[k])
    .find((v) => v && /^https?:\/\//.test(v));

/** One shortcode as HTML, or null when it is only text in brackets. */
function expandOne(name: string, rawAttrs: string, content: string | undefined, closed: boolean, ctx: ShortcodeContext): string | null {
  const attrs = parseShortcodeAttrs(rawAttrs);
  const lower = name.toLowerCase();
  // Words in brackets are prose unless they look like a shortcode: a known name, attributes with values, a closing tag, a plugin-like name.
  const looksLikeOne = KNOWN.has(lower) || /[=]/.test(rawAttrs) || closed || /[_-]/.test(name);
  if (!looksLikeOne || (rawAttrs && !/^\s/.test(rawAttrs))) return null;
  const inner = content === undefined ? '' : expandShortcodes(content, ctx);
  switch (lower) {
    case 'caption':
    case 'wp_caption': {
      const m = CAPTIONED.exec(inner);
      const img = m ? m[1]! : '';
      const text = attrs.caption ? esc(attrs.caption) : m ? m[2]! : inner;
      const id = /^attachment_(\d+)$/.exec(attrs.id ?? '')?.[1];
      if (id && ctx.caption) ctx.caption(id, plain(text));
      return img ? figure(img, text) : `<p><em>${text}</em></p>`;
    }
    case 'gallery': {
      const ids = (attrs.ids ?? attrs.include ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const list = ids.length ? ids : ctx.attachedTo();
      let html = '';
      for (const id of list) {
        const a = ctx.attachment(id);
        if (a) html += attachmentFigure(a);
        else ctx.warn(`Galeria: o anexo ${id} não está na exportação`);
      }
      return html;
    }
    case 'embed':
    case 'youtube': {
      const url = (plain(inner) || attrs.src || attrs.url || attrs['0'] || '').trim();
      if (/^https?:\/\//.test(url)) return linkParagraph(url);
      ctx.warn(`Shortcode [${name}] sem endereço removido`);
      return '';
    }
    case 'video':
    case 'audio': {
      const url = mediaUrl(attrs);
      if (url) {
        ctx.warn(`${lower === 'video' ? 'Vídeo' : 'Áudio'} ([${name}]) trocado por um link: ${url}`);
        return linkParagraph(url);
      }
      ctx.warn(`Shortcode [${name}] sem endereço removido`);
      return inner;
    }
    default: {
      const words = plain(inner);
      ctx.warn(words ? `Shortcode [${name}] não existe no portal: mantido só o texto dele` : `Shortcode [${name}] não existe no portal: removido`);
      return inner;
    }
  }
}

/**
 * Shortcodes of a body expanded to HTML (nested ones too).
 * @example expandShortcodes('[embed]https://youtu.be/x[/embed]', ctx) // '<p><a href="https://youtu.be/x">https://youtu.be/x</a></p>'
 */
export function expandShortcodes(text: string, ctx: ShortcodeContext): string {
  if (!text.includes('[')) return text;
  return text.replace(
    SHORTCODE,
    (
      whole,
      open: string,
      name: string,
      rawAttrs: string,
      selfClose: string | undefined,
      content: string | undefined,
      closing: string | undefined,
      close: string,
    ) => {
      // [[x]] is how WordPress writes a literal [x].
      if (open === '[' && close === ']') return whole.slice(1, -1);
      const html = expandOne(name, rawAttrs, closing ? content : undefined, !!closing || !!selfClose, ctx);
      if (html === null) {
        // Not a shortcode: its brackets stay, and what follows is read again (it may hold one).
        return `${open}[${name}${rawAttrs}${selfClose ? '/]' : ']'}${closing ? expandShortcodes(content ?? '', ctx) + closing : ''}${close}`;
      }
      return open + html + close;
    },
  );
}
