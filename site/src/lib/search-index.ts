/**
 * The Pagefind search index, built from the same data as the pages rather
 * than by re-reading 10,000 rendered HTML files: the astro.config integration
 * starts it when the build starts, so Pagefind's own process indexes on the
 * second core while Astro renders (docs/decisions/006-publish-pipeline.md).
 */
import { htmlToText } from '@portal/domain/sanitize';
import { responsiveImage } from '@portal/domain/images';
import { content } from './content.ts';
import { recentStories } from './search-delta.ts';

/**
 * Every story (full build) or, with `recent`, the stories changed since the
 * live full index (a targeted build's /pagefind-recent/, marked `fresh` so
 * the search page prefers them). Returns how many were indexed.
 */
export async function buildSearchIndex(outputPath: string, o: { recent?: boolean } = {}): Promise<number> {
  const [c, pagefind] = await Promise.all([content(), import('pagefind')]);
  const news = o.recent ? recentStories(c) : c.news;
  if (o.recent && news.length === 0) {
    await pagefind.close();
    return 0;
  }
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'pt' });
  if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
  try {
    // Batches keep the IPC queue to Pagefind's process short without serialising every record.
    for (let i = 0; i < news.length; i += 200) {
      const results = await Promise.all(
        news.slice(i, i + 200).map((a) =>
          index.addCustomRecord({
            url: `/news/${a.slug}/`,
            language: 'pt',
            content: [a.title, a.summary ?? '', htmlToText(a.content)].join('\n'),
            meta: {
              title: a.title,
              date: a.publishedAt,
              ...(o.recent ? { fresh: '1' } : {}),
              ...(a.image ? { image: responsiveImage(a.image, [400]).src } : {}),
            },
          }),
        ),
      );
      const failed = results.flatMap((r) => r.errors);
      if (failed.length) throw new Error(`Pagefind: ${failed.join('; ')}`);
    }
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
    return news.length;
  } finally {
    await pagefind.close();
  }
}
