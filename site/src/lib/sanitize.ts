/** Build-time HTML sanitizing with the spec's allowlists (the admin preview runs the same article pipeline). */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { AD_SANITIZE_CONFIG, addNoOpenerHook, articlePurifier, renderArticlePartsWith, renderArticleWith, sanitizeArticleWith, type Purifier } from '@portal/domain/sanitize';

const purifyFor = () => createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis) as unknown as Purifier;
// Two instances: the article's hooks (same-origin images, every target a new tab) must not touch ads.
const article = articlePurifier(purifyFor());
const ads = purifyFor();
addNoOpenerHook(ads);

const AD = { ALLOWED_TAGS: [...AD_SANITIZE_CONFIG.ALLOWED_TAGS], ALLOWED_ATTR: [...AD_SANITIZE_CONFIG.ALLOWED_ATTR] };

/** Article body after the allowlist only (newlines to <br>; domain/src/sanitize.ts). */
export const sanitizeArticle = (content: string): string => sanitizeArticleWith(article, content);

/** Article body as the page shows it: sanitized, figures and embed facades made on the DOM. */
export const renderArticle = (content: string): string => renderArticleWith(article, content);

/** The same body in two parts: before and after the inline ad's place (decision 055). */
export const renderArticleParts = (content: string): [string, string] => renderArticlePartsWith(article, content);

/**
 * Every page of a build shows the same few ads, and each went through DOMPurify on a jsdom document again:
 * a sixth of a 100,000-story build's CPU (issue #33). Sanitizing is a pure function of the markup (same
 * allowlist, same hook), so each markup is sanitized once per process; the cache is cleared, not grown, past
 * a bound (an ad edited many times in one warm process).
 */
const adCache = new Map<string, string>();
const AD_CACHE_MAX = 500;
export const sanitizeAd = (content: string): string => {
  let clean = adCache.get(content);
  if (clean === undefined) {
    if (adCache.size >= AD_CACHE_MAX) adCache.clear();
    clean = ads.sanitize(content, AD);
    adCache.set(content, clean);
  }
  return clean;
};
