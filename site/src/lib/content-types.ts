/**
 * What a build hands its pages: the articles, lists, catalogue and settings
 * (loaded and derived in site/src/build/, read through lib/content.ts).
 * Plain, serialisable shapes: islands receive cards as props.
 */
import type { Ad, PortalEvent } from '@portal/domain/schema';
import type { Settings } from '@portal/domain/settings';
import type { ImageRenditions } from '@portal/domain/images';
import type { MonthKey } from '@portal/domain/archive';
import type { SkippedRecord } from '@portal/domain/text-limits';
import type { LiveEntryView, LiveState } from '@portal/domain/live';
import type { ListScope, WholeLists } from '../build/archive-pages.ts';

export type Ref = { name: string; slug: string };

/** What a news card needs: plain and serialisable (islands receive it as props). */
export type CardNews = {
  id: string;
  title: string;
  summary: string | null;
  slug: string;
  image: string | null;
  category: Ref | null;
  municipality: Ref | null;
  author: string;
  /** The author's page (/autor/<slug>), when the story has a named author. */
  authorSlug?: string | null;
  publishedAt: string;
  views: number;
  likes: number;
  /** A live coverage running now: its card says "Ao vivo" (issue #30). */
  isLive?: boolean;
};

/**
 * An entry as the build keeps it: the story it became is named by id, and
 * looked up among the build's public stories when a page is rendered
 * (content.ts liveView), so a story published later is linked without
 * deriving the coverage again.
 */
export type LiveEntry = Omit<LiveEntryView, 'story'> & { promotedId: string | null };

/** A story in live mode (issue #30): its state and times, and its public entries in reading order (domain/live orderEntries). */
export type LiveCoverage = { state: LiveState; startedAt: string | null; endedAt: string | null; entries: LiveEntry[] };

/** A correction note as readers see it (issue #12, item 1). */
export type Correction = { id: string; note: string; at: string };

export type Article = CardNews & {
  content: string;
  caption: string | null;
  /** The 4:3 and 1:1 renditions of the image (issue #29); null for stories saved before them. */
  renditions?: ImageRenditions | null;
  isFeatured: boolean;
  updatedAt: string | null;
  /** Corrections of the story, newest first. */
  corrections: Correction[];
  /** When the story was materially changed after publication ("Atualizado em"), or null (domain/corrections). */
  modifiedAt: string | null;
  categoryId: string | null;
  municipalityId: string | null;
  /** The Belém month it was published in (archive pages and sitemaps group by it at every build). */
  month: MonthKey;
  /** Its live coverage, when it is one (running or ended); null otherwise. */
  live: LiveCoverage | null;
  /** The coverage this story came from (an entry turned into a story), by id; shown only when that coverage is public. */
  fromLiveId: string | null;
};

/** An author page: name, photo and short bio from the profile (issue #12, item 5). */
export type Author = { slug: string; name: string; bio: string | null; avatar: string | null };

export type Content = {
  news: Article[];
  authors: Author[];
  byAuthor: Map<string, Article[]>;
  bySlug: Map<string, Article>;
  /** Public stories by id (an entry's story, a story's coverage). */
  byId: Map<string, Article>;
  /** Public stories in live mode (running or ended), newest first. */
  live: Article[];
  byCategory: Map<string, Article[]>;
  byMunicipality: Map<string, Article[]>;
  categories: Ref[];
  municipalities: Ref[];
  settings: Settings;
  events: PortalEvent[];
  ads: Ad[];
  builtAt: Date;
  /** Records left out of this build because they cannot become pages (reported to the newsroom). */
  skipped: SkippedRecord[];
  /** The per-list pages this build writes (site/src/build/archive-pages.ts listScope). */
  lists: ListScope;
  /** The lists a catalogue change names that this build writes whole, every month (archive-pages.ts wholeLists). */
  whole: WholeLists;
  /** Old addresses → current slug (301s; issue #8): a story's by its old slug, a renamed list's as `<root>/<old slug>` (domain/permalinks). */
  redirects: Record<string, string>;
  /** The portal's VAPID public key for breaking-news alerts (issue #29), or null when alerts are off. */
  alertsKey: string | null;
  /** Every correction of a story on the site, newest first (/correcoes). */
  corrections: Array<Correction & { story: Pick<Article, 'title' | 'slug'> }>;
};

export const AUTHOR_FALLBACK = 'Autor não informado';
