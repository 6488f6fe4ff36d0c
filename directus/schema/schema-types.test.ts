/**
 * domain/src/schema.ts types every runtime's Directus client; this file is
 * what Directus really has. The key lists below are checked against the types
 * by the compiler (`satisfies` rejects a missing or extra key) and against the
 * collections by the test, so the two cannot drift apart silently.
 */
import { describe, expect, it } from 'vitest';
import type { Schema } from '@portal/domain/schema';
import { collections } from './collections.ts';

type Keys<T> = Record<keyof T, true>;
type Row<C extends keyof Schema> = Schema[C][number];

const typed = {
  news: { id: true, title: true, summary: true, content: true, slug: true, status: true, is_featured: true, featured_image: true, featured_image_caption: true, featured_image_renditions: true, category_id: true, municipality_id: true, author_id: true, published_at: true, scheduled_at: true, first_published_at: true, created_at: true, updated_at: true, view_count: true, like_count: true } satisfies Keys<Row<'news'>>,
  categories: { id: true, name: true, slug: true, description: true } satisfies Keys<Row<'categories'>>,
  municipalities: { id: true, name: true, slug: true, created_at: true } satisfies Keys<Row<'municipalities'>>,
  events: { id: true, title: true, event_date: true, location: true, image_url: true, url: true, is_active: true } satisfies Keys<Row<'events'>>,
  ads: { id: true, title: true, content: true, ad_type: true, position: true, link_url: true, is_active: true, start_date: true, end_date: true, google_ad_client: true, google_ad_slot: true, google_ad_format: true, google_ad_responsive: true, created_at: true } satisfies Keys<Row<'ads'>>,
  settings: { key: true, value: true } satisfies Keys<Row<'settings'>>,
  profiles: { id: true, user_id: true, full_name: true, email: true, whatsapp: true, instagram: true, avatar_url: true, bio: true, role: true, municipality_id: true } satisfies Keys<Row<'profiles'>>,
  news_likes: { id: true, news_id: true, user_id: true, created_at: true } satisfies Keys<Row<'news_likes'>>,
  news_views: { id: true, news_id: true, user_id: true, ip_hash: true, channel: true, created_at: true } satisfies Keys<Row<'news_views'>>,
  news_redirects: { id: true, slug: true, news_id: true, created_at: true } satisfies Keys<Row<'news_redirects'>>,
  list_redirects: { id: true, slug: true, category_id: true, municipality_id: true, created_at: true } satisfies Keys<Row<'list_redirects'>>,
  news_corrections: { id: true, news_id: true, note: true, created_at: true, created_by: true } satisfies Keys<Row<'news_corrections'>>,
  news_daily: { id: true, news_id: true, day: true, views: true, likes: true } satisfies Keys<Row<'news_daily'>>,
  newsletter_subscribers: { id: true, email: true, status: true, consent_version: true, requested_at: true, confirmed_at: true, unsubscribed_at: true, ip_hash: true } satisfies Keys<Row<'newsletter_subscribers'>>,
  news_presence: { id: true, news_id: true, user_id: true, seen_at: true } satisfies Keys<Row<'news_presence'>>,
  legacy_paths: { id: true, path: true, news_id: true, category_id: true, created_at: true } satisfies Keys<Row<'legacy_paths'>>,
  import_runs: { id: true, source: true, input: true, status: true, dry_run: true, started_at: true, finished_at: true, counts: true, warnings: true, skipped: true, totals: true, error: true } satisfies Keys<Row<'import_runs'>>,
  import_records: { id: true, collection: true, target: true, hash: true } satisfies Keys<Row<'import_records'>>,
} satisfies Record<keyof Schema, Record<string, true>>;

/** Fields a collection has in Directus but its type leaves out on purpose (with why). */
const untyped: Record<string, string[]> = {
  // Bookkeeping nobody reads through the typed clients.
  events: ['created_at'],
  profiles: ['created_at'],
};

describe('domain/src/schema.ts matches directus/schema/collections.ts', () => {
  it('types every collection and nothing else', () => {
    expect(Object.keys(typed).sort()).toEqual(collections.map((c) => c.collection).sort());
  });

  for (const c of collections) {
    it(`${c.collection}: the type has exactly the collection's fields`, () => {
      const fields = c.fields.map((f) => f.field).filter((f) => !(untyped[c.collection] ?? []).includes(f));
      expect(Object.keys(typed[c.collection as keyof Schema]).sort()).toEqual(fields.sort());
    });
  }
});
