/** Build-time HTML sanitizing with the spec's allowlists (the admin preview runs the same article function). */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { AD_SANITIZE_CONFIG, addNoOpenerHook, sanitizeArticleWith, type Purifier } from '@portal/domain/sanitize';

const purify = createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);
addNoOpenerHook(purify as unknown as Purifier);

const AD = { ALLOWED_TAGS: [...AD_SANITIZE_CONFIG.ALLOWED_TAGS], ALLOWED_ATTR: [...AD_SANITIZE_CONFIG.ALLOWED_ATTR] };

/** Article body: newlines to <br>, then the allowlist (domain/src/sanitize.ts). */
export const sanitizeArticle = (content: string): string => sanitizeArticleWith(purify as unknown as Purifier, content);

export const sanitizeAd = (content: string): string => purify.sanitize(content, AD);
