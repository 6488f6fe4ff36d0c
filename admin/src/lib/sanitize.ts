/** The public page's article sanitizer (domain/src/sanitize.ts) on the browser's DOMPurify, for live previews. */
import DOMPurify from 'dompurify';
import { presentArticle } from '@portal/domain/rich-text';
import { addNoOpenerHook, sanitizeArticleWith, type Purifier } from '@portal/domain/sanitize';

const purify = DOMPurify as unknown as Purifier;
addNoOpenerHook(purify);

/** Exactly what the site's build renders for this body. @example sanitizeArticle('a\nb') // 'a<br>b' */
export const sanitizeArticle = (content: string): string => sanitizeArticleWith(purify, content);

/** The body as the article page shows it: sanitized, inline images as figures, lone links as embed facades. */
export const renderArticle = (content: string): string => presentArticle(sanitizeArticle(content));
