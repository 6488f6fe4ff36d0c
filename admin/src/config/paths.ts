/** Every route of the admin SPA, in one place (spec section 2). */
export const paths = {
  auth: '/auth',
  dashboard: '/dashboard',
  profile: '/profile',
  home: '/',
  admin: {
    root: '/admin',
    news: '/admin/news',
    categories: '/admin/categories',
    municipalities: '/admin/municipalities',
    events: '/admin/events',
    profiles: '/admin/profiles',
    ads: '/admin/ads',
    radio: '/admin/radio',
    tv: '/admin/tv',
    reports: '/admin/reports',
    newsletter: '/admin/newsletter',
    settings: '/admin/settings',
  },
} as const;
