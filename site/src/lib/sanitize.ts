/** Build-time HTML sanitizing with the spec's allowlists (shared with the admin preview). */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { AD_SANITIZE_CONFIG, ARTICLE_SANITIZE_CONFIG, newlinesToBreaks } from '@portal/domain/sanitize';

const purify = createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);

// Links that open a new tab must not hand the opener to the target page.
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
});

export const sanitizeArticle = (content: string): string =>
  purify.sanitize(newlinesToBreaks(content), { ...ARTICLE_SANITIZE_CONFIG, ALLOWED_TAGS: [...ARTICLE_SANITIZE_CONFIG.ALLOWED_TAGS], ALLOWED_ATTR: [...ARTICLE_SANITIZE_CONFIG.ALLOWED_ATTR] });

export const sanitizeAd = (content: string): string =>
  purify.sanitize(content, { ALLOWED_TAGS: [...AD_SANITIZE_CONFIG.ALLOWED_TAGS], ALLOWED_ATTR: [...AD_SANITIZE_CONFIG.ALLOWED_ATTR] });
