/**
 * Clean paste (issue #15): HTML copied from Google Docs, Word or a web page
 * keeps its structure (paragraphs, headings, lists, bold, italic, links,
 * quotes, line breaks) and loses everything else (styles, classes, spans,
 * scripts, comments, Office markup). The result uses only tags of the article
 * allowlist (sanitize.ts), so what is pasted is what readers get.
 *
 * Pure apart from parsing: the caller passes a DOMParser (the browser's in the
 * admin, jsdom's in tests).
 */
import { isUrl } from './validation.ts';

type Parser = { parseFromString(html: string, type: 'text/html'): Document };

const ELEMENT = 1;
const TEXT = 3;

/** Kept as they are (attributes dropped). */
const BLOCKS: Record<string, string> = { p: 'p', h2: 'h2', h3: 'h3', h4: 'h4', ul: 'ul', ol: 'ol', li: 'li', blockquote: 'blockquote' };
/** The article's title is its only h1; deeper levels than the editor offers become h4. */
const HEADING_MAP: Record<string, string> = { h1: 'h2', h5: 'h4', h6: 'h4' };
/** Removed with everything inside. */
const DROPPED = new Set([
  'script',
  'style',
  'meta',
  'link',
  'title',
  'head',
  'noscript',
  'template',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'audio',
  'video',
  'canvas',
  'img',
  'picture',
  'button',
  'input',
  'select',
  'textarea',
  'form',
]);
/** Containers that become paragraphs when they hold only inline content. */
const CONTAINERS = new Set([
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'figure',
  'figcaption',
  'td',
  'th',
  'dd',
  'dt',
  'pre',
  'address',
  'center',
]);

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

function style(el: Element, prop: string): string {
  const raw = el.getAttribute('style') ?? '';
  const m = new RegExp(`(?:^|;)\\s*${prop}\\s*:\\s*([^;]+)`, 'i').exec(raw);
  return m?.[1]?.trim().toLowerCase() ?? '';
}

const isBoldWeight = (w: string) => w === 'bold' || w === 'bolder' || (/^\d+$/.test(w) && Number(w) >= 600);
const isNormalWeight = (w: string) => w === 'normal' || w === 'lighter' || (/^\d+$/.test(w) && Number(w) < 600);

/** Word's list bullets and numbers ("·", "1.") sit in spans marked mso-list:Ignore; Office tags carry a prefix (o:p, w:sdt). */
const isOfficeJunk = (el: Element) => el.tagName.includes(':') || /mso-list\s*:\s*ignore/i.test(el.getAttribute('style') ?? '');

function inlineMarks(el: Element, tag: string): { open: string; close: string } {
  const weight = style(el, 'font-weight');
  const italic = style(el, 'font-style');
  let bold = isBoldWeight(weight);
  let em = italic === 'italic' || italic === 'oblique';
  // Google Docs wraps the whole clipboard in <b style="font-weight:normal">: not bold.
  if ((tag === 'b' || tag === 'strong') && !isNormalWeight(weight)) bold = true;
  if ((tag === 'i' || tag === 'em') && italic !== 'normal') em = true;
  return { open: (bold ? '<strong>' : '') + (em ? '<em>' : ''), close: (em ? '</em>' : '') + (bold ? '</strong>' : '') };
}

const BLOCK_OUT = new Set(['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote']);

function hasBlockChild(el: Element): boolean {
  for (const child of Array.from(el.children)) {
    const t = child.tagName.toLowerCase();
    if (BLOCKS[t] || HEADING_MAP[t] || CONTAINERS.has(t) || t === 'table' || t === 'tbody' || t === 'tr') return true;
  }
  return false;
}

function serialize(node: Node): string {
  if (node.nodeType === TEXT) return escapeText((node.textContent ?? '').replace(/\s+/g, ' '));
  if (node.nodeType !== ELEMENT) return ''; // comments (Word's <!--[if gte mso 9]>…), processing instructions
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (DROPPED.has(tag) || isOfficeJunk(el)) return '';
  const inner = () => Array.from(el.childNodes).map(serialize).join('');
  if (tag === 'br') return el.getAttribute('class')?.includes('Apple-interchange-newline') ? '' : '<br>';
  const block = BLOCKS[tag] ?? HEADING_MAP[tag];
  if (block) return `<${block}>${inner()}</${block}>`;
  if (CONTAINERS.has(tag) || tag === 'tr') return hasBlockChild(el) ? inner() : `<p>${inner()}</p>`;
  if (tag === 'a') {
    const href = el.getAttribute('href')?.trim() ?? '';
    const body = inner();
    return isUrl(href) ? `<a href="${escapeAttr(href)}">${body}</a>` : body;
  }
  if (tag === 'b' || tag === 'strong' || tag === 'i' || tag === 'em' || tag === 'span' || tag === 'font') {
    if (hasBlockChild(el)) return inner(); // a mark around blocks (Docs' wrapper) cannot nest in them
    const { open, close } = inlineMarks(el, tag);
    return open + inner() + close;
  }
  return inner(); // u, s, sup, table, tbody, html, body…: keep the text, drop the tag
}

/** Trims whitespace at block edges and removes empty inline marks and empty paragraphs. */
function tidy(html: string): string {
  let out = html;
  for (let i = 0; i < 3; i++) out = out.replace(/<(strong|em)>(\s*)<\/\1>/g, '$2').replace(/<\/(strong|em)><\1>/g, '');
  const blockTags = [...BLOCK_OUT].join('|');
  out = out
    .replace(new RegExp(`<(${blockTags})>\\s+`, 'g'), '<$1>')
    .replace(new RegExp(`\\s+</(${blockTags})>`, 'g'), '</$1>')
    .replace(new RegExp(`\\s*(</?(?:${blockTags})>)\\s*`, 'g'), '$1')
    .replace(/(<\/(?:p|h2|h3|h4|ul|ol|blockquote)>)(?:<br>)+/g, '$1')
    .replace(/^(?:<br>)+/, '')
    .replace(/<p>(?:\s|&nbsp;|\u00a0|<br>)*<\/p>/g, '')
    .replace(/<(h2|h3|h4|li|blockquote)><\/\1>/g, '');
  return out.trim();
}

/**
 * Clipboard HTML to allowlisted article HTML.
 * @example cleanPastedHtml('<p class="MsoNormal" style="x"><span style="font-weight:700">Oi</span></p>', new DOMParser())
 *   // '<p><strong>Oi</strong></p>'
 */
export function cleanPastedHtml(html: string, parser: Parser): string {
  const doc = parser.parseFromString(html, 'text/html');
  return tidy(serialize(doc.body));
}
