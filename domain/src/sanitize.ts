/**
 * Sanitizer allowlists (spec section 5), as DOMPurify configs. The site
 * sanitizes at build time and the admin preview in the browser with these.
 */

export const AD_ALLOWED_TAGS = ['p', 'div', 'span', 'img', 'a', 'strong', 'em', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
export const ARTICLE_ALLOWED_TAGS = [...AD_ALLOWED_TAGS, 'ul', 'ol', 'li', 'blockquote'];
export const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'class', 'target', 'rel'];

export const AD_SANITIZE_CONFIG = { ALLOWED_TAGS: AD_ALLOWED_TAGS, ALLOWED_ATTR } as const;
export const ARTICLE_SANITIZE_CONFIG = { ALLOWED_TAGS: ARTICLE_ALLOWED_TAGS, ALLOWED_ATTR } as const;

/**
 * Article bodies are typed as text with optional HTML: newlines become <br>.
 * Applied before sanitizing.
 * @example newlinesToBreaks('a\nb') // 'a<br>b'
 */
export function newlinesToBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\n/g, '<br>');
}

/** Plain text of some HTML, for summaries, previews and meta descriptions. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Admin list: the summary, or the first 150 characters of content plus "...". */
export function listSummary(summary: string | null | undefined, content: string | null | undefined): string {
  if (summary?.trim()) return summary;
  const text = htmlToText(content ?? '');
  return `${text.slice(0, 150)}...`;
}
