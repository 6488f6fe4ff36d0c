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
};

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
};

/** An author page: name, photo and short bio from the profile (issue #12, item 5). */
export type Author = { slug: string; name: string; bio: string | null; avatar: string | null };

export type Content = {
  news: Article[];
  authors: Author[];
  byAuthor: Map<string, Article[]>;
  bySlug: Map<string, Article>;
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
