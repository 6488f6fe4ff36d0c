/** Every route of the admin SPA, in one place (spec section 2). */
export const paths = {
  auth: '/auth',
  dashboard: '/dashboard',
  profile: '/profile',
  home: '/',
  /** A story's public page (the site is served on the admin's origin). */
  article: (slug: string) => `/news/${encodeURIComponent(slug)}`,
  admin: {
    root: '/admin',
    news: '/admin/news',
    /** The story editor, a page of its own (issue #34): a new story, or one by id. */
    newsNew: '/admin/news/new',
    newsEdit: (id: string) => `/admin/news/${encodeURIComponent(id)}`,
    /** Live coverages (issue #30): the running and recently ended ones, and one coverage's desk. */
    live: '/admin/ao-vivo',
    liveDesk: (newsId: string) => `/admin/ao-vivo/${encodeURIComponent(newsId)}`,
    categories: '/admin/categories',
    municipalities: '/admin/municipalities',
    events: '/admin/events',
    profiles: '/admin/profiles',
    ads: '/admin/ads',
    radio: '/admin/radio',
    tv: '/admin/tv',
    reports: '/admin/reports',
    newsletter: '/admin/newsletter',
    health: '/admin/health',
    /** The last portal import's report (issue #27): super_admin, reached from the health screen, not the sidebar. */
    import: '/admin/import',
    settings: '/admin/settings',
  },
} as const;
