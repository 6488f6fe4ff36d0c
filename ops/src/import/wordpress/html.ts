/**
 * A WordPress post body reduced to the article allowlist (sanitize.ts:
 * p, br, strong, em, a, img, h1–h6, ul, ol, li, blockquote with href, src,
 * alt, title, target, rel), as the portal's editor writes it: blocks side by
 * side with no newline between them (the portal reads a newline as <br>),
 * images at block level. Text is never dropped silently: a table becomes one
 * paragraph per row, an iframe or a video a link, and what must go (a script,
 * a form) with words in it is reported. The portal's sanitizer still runs on
 * the result when it is written; this is the shape, not the safety.
 *
 * A small tolerant tokenizer builds the tree (the HTML parser's implied
 * closes for p, li and headings; raw text for script, style and iframe):
 * 100,000 posts must reduce in minutes, without a DOM.
 */
import { decode as decodeEntities } from 'he';

export type HtmlElement = { tag: string; attrs: Record<string, string>; children: HtmlNode[] };
export type HtmlNode = string | HtmlElement;

export type ReduceContext = {
  /** A caveat for the report (pt-BR), e.g. a table turned into text. */
  warn(message: string): void;
  /** Each image kept in the body, by its src as written. */
  image(src: string): void;
};

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const RAW = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);
/** Elements whose opening ends an open paragraph (the HTML parser's rule). */
const CLOSES_P = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'center',
  'details',
  'dialog',
  'dir',
  'div',
  'dl',
  'dd',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'li',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'ul',
]);
/** Where a search for an open element stops (its scope). */
const SCOPE = new Set(['table', 'td', 'th', 'caption', 'button', 'object', 'template']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9:_-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/y;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
const rawEnd = new Map<string, RegExp>();

function parseAttrs(s: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of s.matchAll(ATTR)) {
    const name = m[1]!.toLowerCase();
    if (!(name in attrs)) attrs[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '', { isAttributeValue: true });
  }
  return attrs;
}

/** The tree of an HTML fragment, tolerant as browsers are (stray closes ignored, p and li closed when the next opens). */
export function parseHtml(html: string): HtmlNode[] {
  const root: HtmlElement = { tag: '#root', attrs: {}, children: [] };
  const stack: HtmlElement[] = [root];
  const top = () => stack[stack.length - 1]!;
  const pushText = (raw: string) => {
    if (!raw) return;
    const t = decodeEntities(raw);
    const kids = top().children;
    const last = kids[kids.length - 1];
    if (typeof last === 'string') kids[kids.length - 1] = last + t;
    else kids.push(t);
  };
  /** Index of the open element `tag` within scope, or -1. */
  const open = (tag: string, stopAt: ReadonlySet<string> = SCOPE): number => {
    for (let k = stack.length - 1; k > 0; k--) {
      const t = stack[k]!.tag;
      if (t === tag) return k;
      if (stopAt.has(t)) return -1;
    }
    return -1;
  };
  const LIST_SCOPE = new Set([...SCOPE, 'ul', 'ol']);
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      pushText(html.slice(i));
      break;
    }
    pushText(html.slice(i, lt));
    i = lt;
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html.startsWith('<!', i) || html.startsWith('<?', i)) {
      const end = html.indexOf('>', i);
      i = end === -1 ? html.length : end + 1;
      continue;
    }
    TAG.lastIndex = i;
    const m = TAG.exec(html);
    if (!m) {
      pushText('<');
      i++;
      continue;
    }
    i = TAG.lastIndex;
    const tag = m[2]!.toLowerCase();
    if (m[1]) {
      if (tag === 'br') top().children.push({ tag: 'br', attrs: {}, children: [] });
      else {
        const k = open(tag, new Set());
        if (k > 0) stack.length = k;
      }
      continue;
    }
    if (CLOSES_P.has(tag)) {
      const k = open('p');
      if (k > 0) stack.length = k;
    }
    if (tag === 'li') {
      const k = open('li', LIST_SCOPE);
      if (k > 0) stack.length = k;
    }
    if ((tag === 'dd' || tag === 'dt') && (top().tag === 'dd' || top().tag === 'dt')) stack.pop();
    if (HEADINGS.has(tag) && HEADINGS.has(top().tag)) stack.pop();
    const el: HtmlElement = { tag, attrs: parseAttrs(m[3]!), children: [] };
    top().children.push(el);
    if (VOID.has(tag)) continue;
    if (RAW.has(tag)) {
      let end = rawEnd.get(tag);
      if (!end) rawEnd.set(tag, (end = new RegExp(`</${tag}\\s*>`, 'gi')));
      end.lastIndex = i;
      const close = end.exec(html);
      const body = html.slice(i, close ? close.index : html.length);
      if (body) el.children.push(tag === 'textarea' || tag === 'title' ? decodeEntities(body) : body);
      i = close ? end.lastIndex : html.length;
      continue;
    }
    stack.push(el);
  }
  return root.children;
}

const escText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escAttr = (s: string) => escText(s).replace(/"/g, '&quot;');

/** All the text under a node. */
export function textOf(node: HtmlNode): string {
  return typeof node === 'string' ? node : node.children.map(textOf).join('');
}

const snippet = (s: string) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > 80 ? `${t.slice(0, 79)}…` : t;
};

const MARKS: Record<string, string> = { strong: 'strong', b: 'strong', em: 'em', i: 'em' };
/** Containers with no meaning of their own in an article: their content stays, blocks as blocks. */
const TRANSPARENT_BLOCKS = new Set([
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'aside',
  'nav',
  'center',
  'details',
  'form',
  'fieldset',
  'hgroup',
  'address',
  'dl',
  'figure',
  'body',
  'html',
  'menu',
  'dir',
  'legend',
]);
const PARAGRAPH_LIKE = new Set(['p', 'dt', 'dd', 'summary', 'caption']);
/** Elements that cannot be kept and whose words would not read as article text (code, controls, drawings). */
const DROPPED = new Set([
  'script',
  'style',
  'template',
  'object',
  'embed',
  'applet',
  'noscript',
  'svg',
  'math',
  'canvas',
  'select',
  'textarea',
  'button',
  'input',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'title',
  'head',
  'map',
  'dialog',
  'datalist',
  'output',
  'progress',
  'meter',
]);
const SILENT = new Set(['hr', 'meta', 'link', 'base', 'col', 'colgroup', 'param', 'source', 'track', 'wbr', 'area']);
const MEDIA = new Set(['iframe', 'video', 'audio']);

/** Breaks between block pieces met inside inline content (a p in a li): collapsed into one <br>. */
const SOFT = '\u0001';
const EMPTY = /^(?:\s|<br>)*$/;
const ONLY_IMAGES = /^(?:\s|<br>|<img [^>]*>)+$/;

const isBlock = (n: HtmlElement): boolean =>
  PARAGRAPH_LIKE.has(n.tag) ||
  HEADINGS.has(n.tag) ||
  TRANSPARENT_BLOCKS.has(n.tag) ||
  MEDIA.has(n.tag) ||
  ['ul', 'ol', 'li', 'blockquote', 'figcaption', 'table', 'pre', 'hr'].includes(n.tag);

const YOUTUBE_EMBED = /^https?:\/\/(?:www\.)?youtube(?:-nocookie)?\.com\/embed\/([A-Za-z0-9_-]+)/;

class Reducer {
  private readonly ctx: ReduceContext;
  constructor(ctx: ReduceContext) {
    this.ctx = ctx;
  }

  blocks(nodes: HtmlNode[]): string {
    let html = '';
    let run: HtmlNode[] = [];
    const flush = () => {
      if (run.length) html += this.paragraph(run);
      run = [];
    };
    for (const n of nodes) {
      if (typeof n !== 'string' && isBlock(n)) {
        flush();
        html += this.block(n);
      } else run.push(n);
    }
    flush();
    return html;
  }

  /** Inline content as a paragraph; images alone stay at block level (the editor's form). */
  paragraph(nodes: HtmlNode[]): string {
    const content = this.inlineTrimmed(nodes);
    if (EMPTY.test(content)) return '';
    if (ONLY_IMAGES.test(content)) return content.match(/<img [^>]*>/g)!.join('');
    return `<p>${content}</p>`;
  }

  inlineTrimmed(nodes: HtmlNode[], pre = false): string {
    return this.inline(nodes, pre)
      .replace(/(?:[ \t\n\r]*\u0001[ \t\n\r]*)+/g, SOFT)
      .replace(/^(?:[\s\u0001]|<br>)+|(?:[\s\u0001]|<br>)+$/g, '')
      .replace(/\u0001/g, '<br>');
  }

  block(el: HtmlElement): string {
    const { tag } = el;
    if (PARAGRAPH_LIKE.has(tag)) return this.paragraph(el.children);
    if (HEADINGS.has(tag)) {
      const content = this.inlineTrimmed(el.children);
      return EMPTY.test(content) ? '' : `<${tag}>${content}</${tag}>`;
    }
    if (tag === 'ul' || tag === 'ol') return this.list(el);
    if (tag === 'li') return this.list({ tag: 'ul', attrs: {}, children: [el] });
    if (tag === 'blockquote') {
      const inner = this.blocks(el.children);
      return inner ? `<blockquote>${inner}</blockquote>` : '';
    }
    if (tag === 'figcaption') {
      const content = this.inlineTrimmed(el.children).replace(/<\/?em>/g, '');
      return EMPTY.test(content) ? '' : `<p><em>${content}</em></p>`;
    }
    if (tag === 'table')
      return this.table(el)
        .map((row) => `<p>${row}</p>`)
        .join('');
    if (tag === 'pre') {
      const content = this.inlineTrimmed(el.children, true);
      return EMPTY.test(content) ? '' : `<p>${content}</p>`;
    }
    if (MEDIA.has(tag)) {
      const link = this.media(el);
      return link ? `<p>${link}</p>` : '';
    }
    if (tag === 'hr') return '';
    return this.blocks(el.children);
  }

  list(el: HtmlElement): string {
    const items: string[] = [];
    let loose: HtmlNode[] = [];
    const add = (nodes: HtmlNode[]) => {
      const content = this.inlineTrimmed(nodes);
      if (!EMPTY.test(content)) items.push(`<li>${content}</li>`);
    };
    for (const n of el.children) {
      if (typeof n !== 'string' && n.tag === 'li') {
        if (loose.length) add(loose);
        loose = [];
        add(n.children);
      } else loose.push(n);
    }
    if (loose.length) add(loose);
    return items.length ? `<${el.tag}>${items.join('')}</${el.tag}>` : '';
  }

  /** A table's rows as text, cells separated by " | " (the portal has no tables). */
  table(el: HtmlElement): string[] {
    const rows: string[] = [];
    const walk = (n: HtmlNode) => {
      if (typeof n === 'string') return;
      if (n.tag === 'tr') {
        const cells = n.children
          .filter((c): c is HtmlElement => typeof c !== 'string' && (c.tag === 'td' || c.tag === 'th'))
          .map((c) => this.inlineTrimmed(c.children).replace(/<br>/g, ' '))
          .filter((c) => !EMPTY.test(c));
        if (cells.length) rows.push(cells.join(' | '));
      } else if (n.tag === 'caption') {
        const c = this.inlineTrimmed(n.children);
        if (!EMPTY.test(c)) rows.push(c);
      } else n.children.forEach(walk);
    };
    walk(el);
    if (rows.length) this.ctx.warn('Tabela convertida em texto (uma linha por parágrafo, células separadas por " | ")');
    return rows;
  }

  /** An iframe, video or audio as a link to what it showed (the portal turns a lone YouTube/X/Instagram link into an embed). */
  media(el: HtmlElement): string {
    const sourceChild = el.children.find((c): c is HtmlElement => typeof c !== 'string' && c.tag === 'source' && !!c.attrs.src);
    let src = (el.attrs.src ?? sourceChild?.attrs.src ?? '').trim();
    if (src.startsWith('//')) src = `https:${src}`;
    if (!/^https?:\/\//i.test(src)) {
      const words = el.tag === 'iframe' ? '' : textOf(el);
      if (words.trim()) this.ctx.warn(`Removido do corpo: <${el.tag}> com o texto "${snippet(words)}"`);
      else this.ctx.warn(`Removido do corpo: <${el.tag}> sem endereço`);
      return '';
    }
    const yt = YOUTUBE_EMBED.exec(src);
    if (yt) src = `https://www.youtube.com/watch?v=${yt[1]}`;
    else if (el.tag === 'iframe') this.ctx.warn(`Conteúdo incorporado (iframe) trocado por um link: ${src}`);
    else this.ctx.warn(`${el.tag === 'video' ? 'Vídeo' : 'Áudio'} trocado por um link: ${src}`);
    return `<a href="${escAttr(src)}">${escText(src)}</a>`;
  }

  dropped(el: HtmlElement): string {
    const words = textOf(el);
    if (words.trim()) this.ctx.warn(`Removido do corpo: <${el.tag}> com o texto "${snippet(words)}"`);
    return '';
  }

  img(el: HtmlElement): string {
    const lazy = el.attrs['data-src'] ?? el.attrs['data-lazy-src'] ?? el.attrs['data-orig-file'];
    let src = (el.attrs.src ?? '').trim();
    if ((!src || src.startsWith('data:')) && lazy) src = lazy.trim();
    if (!src) return '';
    if (src.startsWith('data:')) {
      this.ctx.warn('Imagem embutida no texto (data:) não foi importada');
      return '';
    }
    this.ctx.image(src);
    let out = `<img src="${escAttr(src)}"`;
    if (el.attrs.alt !== undefined) out += ` alt="${escAttr(el.attrs.alt.trim())}"`;
    if (el.attrs.title) out += ` title="${escAttr(el.attrs.title.trim())}"`;
    return `${out}>`;
  }

  inline(nodes: HtmlNode[], pre: boolean): string {
    let html = '';
    for (const n of nodes) {
      if (typeof n === 'string') {
        html += pre ? escText(n).replace(/\r?\n/g, '<br>') : escText(n).replace(/[ \t\n\r\f]+/g, ' ');
        continue;
      }
      const { tag } = n;
      if (tag === 'br') html += '<br>';
      else if (tag === 'img') html += this.img(n);
      else if (MARKS[tag]) {
        const inner = this.inline(n.children, pre);
        html += EMPTY.test(inner.replace(/\u0001/g, '')) ? inner : `<${MARKS[tag]}>${inner}</${MARKS[tag]}>`;
      } else if (tag === 'a') html += this.link(n, pre);
      else if (tag === 'ul' || tag === 'ol') html += SOFT + this.list(n) + SOFT;
      else if (tag === 'table') html += SOFT + this.table(n).join(SOFT) + SOFT;
      else if (tag === 'figcaption') {
        const inner = this.inlineTrimmed(n.children).replace(/<\/?em>/g, '');
        html += EMPTY.test(inner) ? '' : `${SOFT}<em>${inner}</em>${SOFT}`;
      } else if (MEDIA.has(tag)) html += SOFT + this.media(n) + SOFT;
      else if (DROPPED.has(tag)) html += this.dropped(n);
      else if (SILENT.has(tag)) continue;
      else if (isBlock(n)) html += SOFT + this.inline(n.children, pre || tag === 'pre') + SOFT;
      else html += this.inline(n.children, pre);
    }
    return html;
  }

  link(el: HtmlElement, pre: boolean): string {
    const inner = this.inline(el.children, pre);
    const href = (el.attrs.href ?? '').trim();
    if (!href || /^(?:javascript|data|vbscript):/i.test(href)) return inner;
    // A link around an image to its own file or attachment page means nothing once the image is the portal's.
    if (ONLY_IMAGES.test(inner) && /\/wp-content\/uploads\/|[?&]attachment_id=|\/attachment\//.test(href)) return inner;
    if (EMPTY.test(inner.replace(/\u0001/g, ''))) return inner;
    let open = `<a href="${escAttr(href)}"`;
    for (const a of ['title', 'target', 'rel'] as const) if (el.attrs[a]) open += ` ${a}="${escAttr(el.attrs[a].trim())}"`;
    return `${open}>${inner}</a>`;
  }
}

/**
 * HTML reduced to the article allowlist, one line.
 * @example reduceHtml('<div><p>a<b>b</b></p><table><tr><td>x</td><td>y</td></tr></table></div>', ctx) // '<p>a<strong>b</strong></p><p>x | y</p>'
 */
export function reduceHtml(html: string, ctx: ReduceContext): string {
  const reducer = new Reducer(ctx);
  return reducer.blocks(parseHtml(html));
}
