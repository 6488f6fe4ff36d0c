/**
 * The portal's data model (spec section 3) as TypeScript types, for
 * `createDirectus<Schema>()` in every runtime. Must match directus/schema/.
 */
import type { Channel } from './channels.ts';
import type { AdFormat, AdPosition, AdType } from './ads.ts';
import type { NewsStatus } from './news-status.ts';
import type { Role } from './roles.ts';

export type Category = { id: string; name: string; slug: string; description: string | null };

export type Municipality = { id: string; name: string; slug: string; created_at: string };

export type News = {
  id: string;
  title: string;
  summary: string | null;
  content: string;
  slug: string;
  status: NewsStatus;
  is_featured: boolean;
  featured_image: string | null;
  featured_image_caption: string | null;
  /** JSON written by the crop dialog: the original and the 4:3 and 1:1 renditions (domain/images parseRenditions). */
  featured_image_renditions: string | null;
  category_id: string | Category | null;
  municipality_id: string | Municipality | null;
  author_id: string | null;
  published_at: string | null;
  scheduled_at: string | null;
  /** When the story first went out; from then on its URL is fixed (set by the server, never cleared). */
  first_published_at: string | null;
  created_at: string;
  updated_at: string | null;
  /** Counters kept by the engagement endpoints; read-only for everyone. */
  view_count: number;
  like_count: number;
};

export type PortalEvent = {
  id: string;
  title: string;
  event_date: string;
  location: string | null;
  image_url: string | null;
  url: string | null;
  is_active: boolean;
};

export type Ad = {
  id: string;
  title: string;
  content: string | null;
  ad_type: AdType;
  position: AdPosition;
  link_url: string | null;
  is_active: boolean;
  start_date: string | null;
  end_date: string | null;
  google_ad_client: string | null;
  google_ad_slot: string | null;
  google_ad_format: AdFormat;
  google_ad_responsive: boolean;
  created_at: string;
};

export type Setting = { key: string; value: string | null };

export type Profile = {
  id: string;
  user_id: string;
  full_name: string | null;
  email: string | null;
  whatsapp: string | null;
  instagram: string | null;
  avatar_url: string | null;
  /** Short bio for the public author page (issue #12, item 5). */
  bio: string | null;
  role: Role | null;
  municipality_id: string | Municipality | null;
};

export type NewsLike = { id: string; news_id: string; user_id: string; created_at: string };
export type NewsView = { id: number; news_id: string; user_id: string | null; ip_hash: string; channel: Channel | null; created_at: string };
/** Views and net TOPs of one news on one Belém day (id "news_id:YYYY-MM-DD"; issue #9). */
export type NewsDaily = { id: string; news_id: string | News; day: string; views: number; likes: number };

/** A newsletter subscription (issue #13): double opt-in, consent version, salted IP hash. */
export type NewsletterSubscriber = {
  id: string;
  email: string;
  status: 'pending' | 'confirmed' | 'unsubscribed';
  consent_version: string;
  requested_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  ip_hash: string;
};

/** An old address of a story, answered with a 301 to its current one (issue #8). */
export type NewsRedirect = { id: number; slug: string; news_id: string | News; created_at: string };

/** An old address of a renamed category or municipality (issue #8): the list it moved to. */
export type ListRedirect = { id: number; slug: string; category_id: string | Category | null; municipality_id: string | Municipality | null; created_at: string };

/** A correction note on a published story (issue #12, item 1). */
export type NewsCorrection = { id: string; news_id: string | News; note: string; created_at: string; created_by: string | null };

/** Who has a story open in the editor (id "news_id:user_id"; issue #34): read and written only by portal-api. */
export type NewsPresence = { id: string; news_id: string | News; user_id: string; seen_at: string };

/** An imported portal's old address (issue #27): 301 to a story or a list. */
export type LegacyPath = { id: number; path: string; news_id: string | News | null; category_id: string | Category | null; created_at: string };

/** One import of a portal (issue #27): what came over, with warnings and what was left out. */
export type ImportRun = {
  id: string;
  source: 'hosted' | 'wordpress';
  input: string | null;
  status: 'running' | 'done' | 'failed';
  dry_run: boolean;
  started_at: string;
  finished_at: string | null;
  counts: Record<string, { created: number; updated: number; unchanged: number; skipped: number }> | null;
  warnings: Array<{ collection: string; key: string; title: string; message: string }> | null;
  skipped: Array<{ collection: string; key: string; title: string; reason: string }> | null;
  totals: { warnings: number; skipped: number } | null;
  error: string | null;
};

/** What a source record of an import became (id "source:kind:key") and its content hash. */
export type ImportRecordRow = { id: string; collection: string; target: string; hash: string };

export type Schema = {
  news: News[];
  categories: Category[];
  municipalities: Municipality[];
  events: PortalEvent[];
  ads: Ad[];
  settings: Setting[];
  profiles: Profile[];
  news_likes: NewsLike[];
  news_views: NewsView[];
  news_redirects: NewsRedirect[];
  list_redirects: ListRedirect[];
  news_corrections: NewsCorrection[];
  news_daily: NewsDaily[];
  newsletter_subscribers: NewsletterSubscriber[];
  news_presence: NewsPresence[];
  legacy_paths: LegacyPath[];
  import_runs: ImportRun[];
  import_records: ImportRecordRow[];
};

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
] as const;

/** Correction fields anonymous readers may see (never who wrote it). */
export const PUBLIC_CORRECTION_FIELDS = ['id', 'news_id', 'note', 'created_at'] as const;

/** Profile fields anonymous readers may see (bylines). */
export const PUBLIC_PROFILE_FIELDS = ['id', 'user_id', 'full_name', 'avatar_url', 'bio'] as const;
