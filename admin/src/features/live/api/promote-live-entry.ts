/**
 * "Transformar em notícia" (issue #30, editors): a draft story made from an
 * entry — its first words as the title, its text, its photo, the coverage's
 * municipality and category — linked both ways: the story names the coverage
 * it came from (`from_live_news_id`), the entry the story it became
 * (`promoted_news_id`).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newsSlugFor } from '@portal/domain/news-rules';
import { htmlToText } from '@portal/domain/sanitize';
import { createItem, directus, updateItem } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { liveQueries, type Coverage, type LiveEntryRow } from './live-queries.ts';

/** A title from an entry's first words: at most this many words and characters, cut between words. */
export const PROMOTED_TITLE_WORDS = 12;
export const PROMOTED_TITLE_MAX = 100;

/**
 * @example promotedTitle('<p>Chuva forte alaga a Avenida Almirante Barroso, e o trânsito para.</p>') // 'Chuva forte alaga a Avenida Almirante Barroso, e o trânsito para'
 */
export function promotedTitle(body: string): string {
  const words = htmlToText(body).split(' ').filter(Boolean).slice(0, PROMOTED_TITLE_WORDS);
  let title = '';
  for (const w of words) {
    const next = title ? `${title} ${w}` : w;
    if (next.length > PROMOTED_TITLE_MAX) break;
    title = next;
  }
  // A word longer than the limit on its own: cut it.
  if (!title && words[0]) title = words[0].slice(0, PROMOTED_TITLE_MAX);
  // A title does not end on a comma or a full stop (a question or an exclamation stays).
  return title.replace(/[\s.,;:–—-]+$/u, '');
}

/** The draft story an entry becomes. */
export function storyFromEntry(
  entry: Pick<LiveEntryRow, 'body' | 'image' | 'image_caption'>,
  coverage: Pick<Coverage, 'id' | 'municipality_id' | 'category_id'>,
) {
  const title = promotedTitle(entry.body);
  return {
    title,
    slug: newsSlugFor({ title }),
    summary: null,
    content: entry.body,
    status: 'draft' as const,
    featured_image: entry.image,
    featured_image_caption: entry.image ? entry.image_caption : null,
    category_id: coverage.category_id?.id ?? null,
    municipality_id: coverage.municipality_id?.id ?? null,
    from_live_news_id: coverage.id,
  };
}

/** Creates the story, then links the entry to it; returns the new story's id. */
export async function promoteLiveEntry({ entry, coverage }: { entry: LiveEntryRow; coverage: Coverage }): Promise<{ newsId: string }> {
  const story = (await directus.request(createItem('news', storyFromEntry(entry, coverage), { fields: ['id'] }))) as { id: string };
  await directus.request(updateItem('news_live_entries', entry.id, { promoted_news_id: story.id }, { fields: ['id'] }));
  return { newsId: story.id };
}

export function usePromoteLiveEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: promoteLiveEntry,
    onSuccess: () => refreshAfterWrite(queryClient, liveQueries.all()),
  });
}
