/** The public page's article pipeline (domain/src/sanitize.ts) on the browser's DOMPurify, for live previews. */
import DOMPurify from 'dompurify';
import { articlePurifier, renderArticleWith, sanitizeArticleWith, type Purifier } from '@portal/domain/sanitize';

// An instance of its own: the article hooks must not change what other DOMPurify users get.
const purify = articlePurifier(DOMPurify(window) as unknown as Purifier);

/** The body after the allowlist (what the admin compares to warn about dropped markup). @example sanitizeArticle('a\nb') // 'a<br>b' */
export const sanitizeArticle = (content: string): string => sanitizeArticleWith(purify, content);

/** Exactly what the site's build renders for this body: sanitized, inline images as figures, lone links as embed facades. */
export const renderArticle = (content: string): string => renderArticleWith(purify, content);
