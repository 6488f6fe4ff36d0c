/**
 * Sanitizer allowlists (spec section 5, tightened by issue #32), as DOMPurify
 * configs, and the one pipeline that turns a stored article body into the
 * HTML readers get. The site runs it at build time (jsdom), the admin's live
 * preview in the browser; both with a purifier made by `articlePurifier`.
 */
import { figuresInPlace, isDirectusAsset } from './images.ts';
import { embedsInPlace } from './embeds.ts';
import { INLINE_AD_AFTER_PARAGRAPH, nodesThroughParagraph, type BodyNode } from './ads.ts';

export const AD_ALLOWED_TAGS = ['p', 'div', 'span', 'img', 'a', 'strong', 'em', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
export const ARTICLE_ALLOWED_TAGS = [...AD_ALLOWED_TAGS, 'ul', 'ol', 'li', 'blockquote'];
export const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'class', 'target', 'rel'];
/**
 * Article bodies lose `class` (issue #32, item 12): with the site's own CSS a
 * producer could draw a full-page overlay (`fixed inset-0 z-50`). Ads, written
 * by the super_admin, keep the spec's list.
 */
export const ARTICLE_ALLOWED_ATTR = ALLOWED_ATTR.filter((a) => a !== 'class');

/**
 * Elements whose text the public page could not keep: code (script, style),
 * a template's inert content, and the raw-text elements whose words would be
 * shown as markup. The server refuses a body with any of them (validation.ts,
 * issue #32), so nothing it accepts loses text on the page.
 */
export const TEXT_LOSING_TAGS = ['script', 'style', 'template', 'iframe', 'object', 'embed', 'xmp', 'plaintext', 'noembed', 'noframes'] as const;

export const AD_SANITIZE_CONFIG = { ALLOWED_TAGS: AD_ALLOWED_TAGS, ALLOWED_ATTR } as const;
export const ARTICLE_SANITIZE_CONFIG = {
  ALLOWED_TAGS: ARTICLE_ALLOWED_TAGS,
  ALLOWED_ATTR: ARTICLE_ALLOWED_ATTR,
  // A removed element keeps its text (an unclosed <audio> or <math> no longer swallows the paragraphs after it).
  KEEP_CONTENT: true,
  FORBID_CONTENTS: [...TEXT_LOSING_TAGS],
} as const;

/**
 * Article bodies are typed as text with optional HTML: newlines become <br>.
 * Applied before sanitizing.
 * @example newlinesToBreaks('a\nb') // 'a<br>b'
 */
export function newlinesToBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\n/g, '<br>');
}

/** Plain text of some HTML, for summaries, previews and meta descriptions. @example htmlToText('<p>a</p><p>b&nbsp;c</p>') // 'a b c' */
export function htmlToText(html: string): string {
  return (
    html
      .replace(/<br\s*\/?>/gi, ' ')
      // Paragraphs and other blocks end a word: '<p>a</p><p>b</p>' reads 'a b'.
      .replace(/<\/(?:p|h[1-6]|li|blockquote|div|ul|ol)>/gi, ' ')
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Admin list: the summary, or the first 150 characters of content plus "...". */
export function listSummary(summary: string | null | undefined, content: string | null | undefined): string {
  if (summary?.trim()) return summary;
  const text = htmlToText(content ?? '');
  return `${text.slice(0, 150)}...`;
}

type PurifyConfig = { ALLOWED_TAGS: readonly string[]; ALLOWED_ATTR: readonly string[]; KEEP_CONTENT?: boolean; FORBID_CONTENTS?: readonly string[] };

/** The DOMPurify calls used here: jsdom's instance on the site, the browser's in the admin. */
export type Purifier = {
  sanitize(html: string, config: PurifyConfig & { RETURN_DOM_FRAGMENT: true }): DocumentFragment;
  sanitize(html: string, config: PurifyConfig): string;
  addHook(entry: 'afterSanitizeAttributes', hook: (node: Element) => void): void;
  addHook(entry: 'uponSanitizeElement', hook: (node: Node, data: { tagName: string; allowedTags: Record<string, boolean> }) => void): void;
};

const LOSING = new Set<string>(TEXT_LOSING_TAGS);
/** Removed elements whose words run on into their neighbours' (everything else is a block: its words stay apart). */
const INLINE_TAGS = new Set(
  'a abbr b bdi bdo big cite code data del dfn em font i ins kbd label mark nobr q rp rt ruby s samp small span strike strong sub sup time tt u var wbr'.split(' '),
);

/** Same-origin paths only: never `//host`, a scheme or `data:` (issue #32: tracking pixels, data images). */
const sameOriginImage = (src: string) => isDirectusAsset(src) || /^\/(?!\/)[^\s\\]*$/.test(src);

/**
 * Makes a DOMPurify instance the article purifier: any link with a target
 * opens a new tab without handing it the opener, and images are the portal's
 * own. Install once, on an instance used for nothing else (ads keep theirs).
 */
export function articlePurifier<P extends Purifier>(purify: P): P {
  // A removed block (an <option>, a table cell) keeps its words, but not glued to the next ones.
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (node.nodeType !== 1 || data.allowedTags[data.tagName] || INLINE_TAGS.has(data.tagName) || LOSING.has(data.tagName)) return;
    const doc = node.ownerDocument!;
    node.parentNode?.insertBefore(doc.createTextNode(' '), node);
    node.parentNode?.insertBefore(doc.createTextNode(' '), node.nextSibling);
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('target')) {
      // A named window ("janela") can be reused by another site: every target is a new tab.
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    if (node.tagName === 'IMG' && !sameOriginImage(node.getAttribute('src') ?? '')) node.remove();
  });
  return purify;
}

/** Links that open a new tab must not hand the opener to the target page (the ad purifier). */
export function addNoOpenerHook(purify: Purifier): void {
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('target')) node.setAttribute('rel', 'noopener noreferrer');
  });
}

const ARTICLE_CONFIG = {
  ALLOWED_TAGS: [...ARTICLE_SANITIZE_CONFIG.ALLOWED_TAGS],
  ALLOWED_ATTR: [...ARTICLE_SANITIZE_CONFIG.ALLOWED_ATTR],
  KEEP_CONTENT: true,
  FORBID_CONTENTS: [...ARTICLE_SANITIZE_CONFIG.FORBID_CONTENTS],
};

/** Most bodies are plain text: without any of < > & there is nothing to parse (DOMPurify costs ~1.7 ms an article). */
const isPlain = (content: string) => !/[<>&]/.test(content);

/**
 * The article body after the allowlist: newlines to <br>, then DOMPurify.
 * The admin compares it with the body to warn about dropped markup.
 * @example sanitizeArticleWith(purify, 'a\n<b>b</b>') // 'a<br>b'
 */
export function sanitizeArticleWith(purify: Purifier, content: string): string {
  const html = newlinesToBreaks(content);
  return isPlain(content) ? html : purify.sanitize(html, ARTICLE_CONFIG);
}

/**
 * The article page's body, the one pipeline site and admin preview share:
 * sanitized into a DOM, then inline images as figures with srcset and lone
 * links as click-to-load embeds, made on that DOM and serialized once — no
 * step after the sanitizer reads HTML as text (issue #32: an embed rewrite by
 * regex let a link's title attribute break out into live markup).
 */
export function renderArticleWith(purify: Purifier, content: string): string {
  if (isPlain(content)) return newlinesToBreaks(content);
  return serialize([...renderedBody(purify, content).childNodes]);
}

/**
 * The same body in two parts, cut after its nth top-level paragraph where the
 * inline ad goes (decision 055); a shorter story is cut at its end. Cut on the
 * parsed nodes, so never inside an attribute.
 * @example renderArticlePartsWith(purify, '<p>a</p><p>b</p><p>c</p>') // ['<p>a</p><p>b</p>', '<p>c</p>']
 */
export function renderArticlePartsWith(purify: Purifier, content: string, n: number = INLINE_AD_AFTER_PARAGRAPH): [string, string] {
  if (isPlain(content)) {
    // A plain-text story's only markup is the <br> made here: its pieces are its nodes.
    const pieces = newlinesToBreaks(content).split(/(<br>)/).filter(Boolean);
    const nodes = pieces.map((p): BodyNode => (p === '<br>' ? { nodeName: 'BR', nodeType: 1, textContent: '' } : { nodeName: '#text', nodeType: 3, textContent: p }));
    const k = nodesThroughParagraph(nodes, n);
    return [pieces.slice(0, k).join(''), pieces.slice(k).join('')];
  }
  const nodes = [...renderedBody(purify, content).childNodes];
  const k = nodesThroughParagraph(nodes, n);
  return [serialize(nodes.slice(0, k)), serialize(nodes.slice(k))];
}

/** Sanitized into a DOM, then figures and embed facades made on it. */
function renderedBody(purify: Purifier, content: string): DocumentFragment {
  const body = purify.sanitize(newlinesToBreaks(content), { ...ARTICLE_CONFIG, RETURN_DOM_FRAGMENT: true });
  figuresInPlace(body);
  embedsInPlace(body);
  return body;
}

function serialize(nodes: ChildNode[]): string {
  const box = nodes[0]?.ownerDocument?.createElement('div');
  if (!box) return '';
  box.append(...nodes);
  return box.innerHTML;
}
