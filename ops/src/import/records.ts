/**
 * What a source export becomes before it is written (issue #27): plain,
 * source-neutral records. The readers (hosted.ts for the spec's hosted
 * portal, wordpress.ts for WXR) only parse and map; the writer (writer.ts)
 * applies the portal's rules (sanitizer, slugs, visibility) and owns
 * idempotence. References between records use the source's own keys.
 *
 * Order: a reader yields records in dependency order — users, categories,
 * municipalities, files, settings, events, ads, news, counts — reading its
 * input more than once if it must. Problems go in the same stream as
 * `skipped` (a record left out, with why) and `warning` (it came over, with a
 * caveat) entries; a broken input throws ImportInputError (file and line).
 */
import type { NewsStatus } from '@portal/domain/news-status';
import type { Role } from '@portal/domain/roles';

/** Where a record came from, for the report: the export file and the line it starts on (1-based). */
export type Origin = { file: string; line: number };

/**
 * A file the source points at: its address in the old portal (as written in
 * its rows and bodies) and where it is in the export's files folder (relative
 * path), or null when the reader could not place it (reported as missing).
 */
export type FileRef = { url: string; path: string | null };

/** ISO 8601 timestamp with its zone (or Z). */
export type Instant = string;

export type CategoryRecord = { kind: 'category'; key: string; name: string; slug: string | null; description: string | null; origin: Origin };
export type MunicipalityRecord = { kind: 'municipality'; key: string; name: string; slug: string | null; created_at: Instant | null; origin: Origin };

export type UserRecord = {
  kind: 'user';
  key: string;
  email: string;
  full_name: string | null;
  /** The portal role (super_admin, editor, producer); null: a reader account (not carried, reported). */
  role: Role | null;
  municipality: string | null;
  whatsapp: string | null;
  instagram: string | null;
  avatar: FileRef | null;
  bio: string | null;
  /** The old portal had a verified second factor for this user (not carried: enrol again). */
  had_2fa: boolean;
  created_at: Instant | null;
  origin: Origin;
};

/** A file to bring (WordPress attachments, the hosted bucket's objects used by rows). */
export type FileRecord = { kind: 'file'; key: string; file: FileRef; title: string | null; alt: string | null; origin: Origin };

export type SettingRecord = { kind: 'setting'; key: string; value: string | null; origin: Origin };

export type EventRecord = {
  kind: 'event';
  key: string;
  title: string;
  event_date: Instant | null;
  location: string | null;
  image: FileRef | null;
  url: string | null;
  is_active: boolean;
  origin: Origin;
};

export type AdRecord = {
  kind: 'ad';
  key: string;
  title: string;
  content: string | null;
  ad_type: string;
  position: string;
  link_url: string | null;
  is_active: boolean;
  start_date: Instant | null;
  end_date: Instant | null;
  google_ad_client: string | null;
  google_ad_slot: string | null;
  google_ad_format: string | null;
  google_ad_responsive: boolean;
  created_at: Instant | null;
  origin: Origin;
};

export type NewsRecord = {
  kind: 'news';
  key: string;
  title: string;
  summary: string | null;
  /** The body as the source holds it (HTML or plain text), before the portal's sanitizer. */
  content: string;
  /** Its slug in the old portal (answers 301 to the story), if it had one. */
  slug: string | null;
  status: NewsStatus;
  is_featured: boolean;
  featured_image: FileRef | null;
  featured_image_caption: string | null;
  category: string | null;
  municipality: string | null;
  author: string | null;
  published_at: Instant | null;
  scheduled_at: Instant | null;
  created_at: Instant | null;
  /** Images of the body: each `url` found in `content` is rewritten to the imported file. */
  body_images: FileRef[];
  /** Other old addresses (paths, with query if any: `/?p=12`, `/2020/05/03/slug/`) that answer 301 to the story. */
  old_paths: string[];
  origin: Origin;
};

/** Reader counts of a story: a day's (YYYY-MM-DD, newsroom time) or, with day null, undated rows. */
export type CountsRecord = { kind: 'counts'; news: string; day: string | null; views: number; likes: number };

/** Old addresses of a list (WordPress `/category/slug/`) → the imported category. */
export type ListPathRecord = { kind: 'list_path'; category: string; paths: string[] };

/** A record that does not come over, and why (pt-BR), e.g. a WordPress page, a private post, a reader account. */
export type SkippedEntry = { kind: 'skipped'; collection: string; key: string; title: string; reason: string; origin: Origin };
/** It came over with a caveat (pt-BR), e.g. a shortcode reduced to its text, a 2FA not carried. */
export type WarningEntry = { kind: 'warning'; collection: string; key: string; title: string; message: string; origin: Origin };

export type ImportRecord =
  | CategoryRecord
  | MunicipalityRecord
  | UserRecord
  | FileRecord
  | SettingRecord
  | EventRecord
  | AdRecord
  | NewsRecord
  | CountsRecord
  | ListPathRecord
  | SkippedEntry
  | WarningEntry;

/** A reader: the records of one export, in dependency order. */
export type ImportReader = AsyncIterable<ImportRecord>;

/** A broken input: the export cannot be read (truncated XML, wrong CSV header, missing folder). Nothing is written. */
export class ImportInputError extends Error {
  readonly file: string;
  readonly line: number | null;
  constructor(message: string, file: string, line: number | null) {
    super(line ? `${file}, linha ${line}: ${message}` : `${file}: ${message}`);
    this.name = 'ImportInputError';
    this.file = file;
    this.line = line;
  }
}
