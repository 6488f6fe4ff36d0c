/**
 * The portal's data model (spec section 3) as TypeScript types, for
 * `createDirectus<Schema>()` in every runtime, and the fields each public
 * reader may see. The types are generated from directus/schema/ (issue #31, item 5).
 */
// Made from directus/schema/collections.ts (npm run directus:types); a unit test fails while it is stale.
export type { Ad, Category, ImportRecordRow, ImportRun, LegacyPath, ListRedirect, Municipality, News, NewsCorrection, NewsDaily, NewsLike, NewsLiveEntry, NewsletterSubscriber, NewsPresence, NewsRedirect, NewsView, PortalEvent, Profile, PushAlert, PushSubscriptionRow, Schema, Setting } from './schema.generated.ts';

/** Fields of a news item safe for anonymous readers (never author emails). */
export const PUBLIC_NEWS_FIELDS = [
  'id',
  'title',
  'summary',
  'content',
  'slug',
  'status',
  'is_featured',
  'featured_image',
  'featured_image_caption',
  'featured_image_renditions',
  'category_id',
  'municipality_id',
  'author_id',
  'published_at',
  'created_at',
  'updated_at',
  'view_count',
  'like_count',
  // Live coverage (issue #30): its state and times, and the coverage a story came from.
  'live_status',
  'live_started_at',
  'live_ended_at',
  'from_live_news_id',
] as const;

/** Correction fields anonymous readers may see (never who wrote it). */
export const PUBLIC_CORRECTION_FIELDS = ['id', 'news_id', 'note', 'created_at'] as const;

/** Live coverage entry fields readers may see (issue #30): never who created it nor its drafts. */
export const PUBLIC_LIVE_ENTRY_FIELDS = [
  'id',
  'news_id',
  'body',
  'status',
  'published_at',
  'pinned',
  'image',
  'image_caption',
  'author_id',
  'correction_note',
  'corrected_at',
  'promoted_news_id',
  'updated_at',
] as const;

/** Profile fields anonymous readers may see (bylines). */
export const PUBLIC_PROFILE_FIELDS = ['id', 'user_id', 'full_name', 'avatar_url', 'bio'] as const;
