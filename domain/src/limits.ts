/** Business constants and limits (spec section 9). */
export const LIMITS = {
  homeGrid: 6,
  homeFetch: 20,
  categoryFetch: 10,
  featured: 5,
  related: 6,
  rankingCandidates: 20,
  rankingTop: 5,
  sections: { jornalismo: [1, 3, 3], esporte: [2, 4], entretenimento: [3, 6], thematic: 8 },
  skeletons: { home: 6, category: 9, related: 6 },
  carouselMs: 5000,
  carouselFadeMs: 500,
  weatherRefreshMs: 3600_000,
  weatherMinC: 25,
  weatherMaxC: 34,
  clockTickMs: 1000,
  adScriptPollMs: 100,
  adScriptWaitMs: 10_000,
  adPreviewChars: 50,
  adminSummaryChars: 150,
  // 800×450 is the smallest a news image is saved at (the spec's size); a larger crop keeps its own pixels up to maxWidth (issue #29),
  // under Directus's ASSETS_TRANSFORM_IMAGE_MAX_DIMENSION (2000): above it no rendition is made at all.
  newsImage: { aspect: 16 / 9, width: 800, height: 450, quality: 0.85, minWidth: 100, maxWidth: 1920 },
  avatar: { aspect: 1, width: 200, height: 200 },
} as const;

/** The 7 navigation categories, in menu order (header shows the first 5). */
export const NAV_CATEGORIES = ['Política', 'Economia', 'Cultura', 'Esportes', 'Saúde', 'Educação', 'Meio Ambiente'] as const;
