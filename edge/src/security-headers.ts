/**
 * Security headers of the one origin, defined once: the front server of
 * `npm start` sends them and deploy/nginx.conf must send the same values (a
 * unit test parses the nginx file and compares). See decision 007.
 */

/** Sent with every response. */
export const COMMON_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/** Both policies end the same: no plugins, no base or form hijack, never framed. */
const LOCKDOWN = ["font-src 'self' data:", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'"];

/**
 * The only executable inline scripts of the public pages: Astro's own island
 * runtime (the <astro-island> element and its client:* directives), by hash.
 * Every script of ours is a file (astro.config.mjs `assetsInlineLimit: 0`), so
 * no 'unsafe-inline': an injected <script> or onerror= never runs (issue #32).
 * A unit test recomputes these from the installed Astro and scans a built
 * site; an Astro upgrade that changes them fails it with the new list.
 */
export const ASTRO_INLINE_SCRIPT_HASHES = {
  'astro-island': 'sha256-Ya0pUYrC7nM5Cn/056TyVuEiz6dFGrzmkWzgON0pF0U=',
  idle: 'sha256-BF0290pkb3jxQsE7z00xR8Imp8X34FLC88L0lkMnrGw=',
  load: 'sha256-QzWFZi+FLIx23tnm9SBU4aEgx4x8DsuASP07mfqol/c=',
  media: 'sha256-0chmwFk0zaA528yFfGV7J9ppIpdfTPPULncDF3WG7Zs=',
  only: 'sha256-eIXWvAmxkr251LJZkjniEK5LcPF3NkapbJepohwYRIc=',
  visible: 'sha256-Q2BPg90ZMplYY+FSdApNErhpWafg2hcRRbndmvxuL/Q=',
} as const;

/**
 * The public site. AdSense (after consent), YouTube (TV dialog and embeds),
 * Instagram and X (click-to-load embeds in articles, decision 030) and any
 * https radio stream are the third parties it may load.
 */
export const SITE_CSP = [
  "default-src 'self'",
  // 'wasm-unsafe-eval': the search (Pagefind) runs WebAssembly; it allows no JS eval.
  `script-src 'self' ${Object.values(ASTRO_INLINE_SCRIPT_HASHES)
    .map((h) => `'${h}'`)
    .join(' ')} 'wasm-unsafe-eval' https://pagead2.googlesyndication.com https://*.googlesyndication.com https://*.google.com https://*.doubleclick.net`,
  // Inline styles stay: the critical CSS is inlined into each page (no script runs from a style).
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "media-src 'self' https:",
  "connect-src 'self' https://*.google.com https://*.googlesyndication.com https://*.doubleclick.net",
  'frame-src https://www.youtube-nocookie.com https://www.youtube.com https://www.instagram.com https://platform.twitter.com https://*.googlesyndication.com https://*.doubleclick.net https://*.google.com',
  ...LOCKDOWN,
].join('; ');

/**
 * The admin SPA is all our own bundle: no inline script, no third party.
 * Inline styles stay (React style attributes, the crop tool); images may be
 * data:/blob: previews while cropping.
 */
export const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  ...LOCKDOWN,
].join('; ');

/** Production only (nginx behind TLS): browsers remember to use https. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Files served as images inline; anything else from /api/assets is a download. */
export const INLINE_ASSET_TYPES = /^image\/(jpeg|png|webp|avif|gif)$/i;

export function siteHeaders(): Record<string, string> {
  return { ...COMMON_HEADERS, 'content-security-policy': SITE_CSP };
}
export function adminHeaders(): Record<string, string> {
  return { ...COMMON_HEADERS, 'content-security-policy': ADMIN_CSP };
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Cache-Control by address, first match wins (nginx's `map $uri $portal_cache`
 * mirrors it; security-headers.test.ts compares them). Only files whose name
 * changes with their content are immutable; `/live.json`, the lists'
 * `related.json` and live coverages' `ao-vivo.json` are cached for a few seconds (a change reaches every page
 * within them); pages, feeds,
 * data files and the search entry point are revalidated.
 */
export const CACHE_RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/(_astro|_admin\/assets)\//, IMMUTABLE],
  [/^\/pagefind(-\d+)?\/(fragment|index|filter)\//, IMMUTABLE],
  [/^\/(live\.json|(category|municipio)\/[^/]+\/related\.json)$/, 'public, max-age=5'],
  // A live coverage's feed (issue #30): pages revalidate it on every poll (5 s); a shared cache keeps it no longer.
  [/^\/news\/[^/]+\/ao-vivo\.json$/, 'public, max-age=5'],
  [/^\/(favicon\.svg|logo\.svg)$/, 'public, max-age=3600'],
];
export const DEFAULT_CACHE = 'no-cache';

export function cacheControl(urlPath: string): string {
  return CACHE_RULES.find(([re]) => re.test(urlPath))?.[1] ?? DEFAULT_CACHE;
}

/** An old story address answers 301 for a few minutes of caching (front server and the builder's /redirect for nginx). */
export const REDIRECT_CACHE = 'public, max-age=300';
