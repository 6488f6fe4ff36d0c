/**
 * The Pagefind search index, built from the same data as the pages rather
 * than by re-reading 10,000 rendered HTML files: the astro.config integration
 * starts it when the build starts, so Pagefind's own process indexes on the
 * second core while Astro renders (docs/decisions/006-publish-pipeline.md).
 */
import { htmlToText } from '@portal/domain/sanitize';
import { responsiveImage } from '@portal/domain/images';
import path from 'node:path';
import { RECENT_INDEX_DIR, searchParts, searchShardDirs, searchShardSize } from '@portal/domain/search-delta';
import type { Article, Content } from '../lib/content-types.ts';
import { content } from './load.ts';
import { recentStories } from './search-delta.ts';

type Pagefind = typeof import('pagefind');

/** One Pagefind index of `news` into `outputPath`, in a Pagefind process of its own (closed after: its memory goes with it). */
async function writeIndex(pagefind: Pagefind, news: Article[], outputPath: string, recent: boolean): Promise<void> {
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
              ...(recent ? { fresh: '1' } : {}),
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
  } finally {
    await pagefind.close();
  }
}

/**
 * Every story (full build), in the folders of searchShardDirs under
 * `outputPath`, one after another; or, with `recent`, the stories changed
 * since the live full index into `outputPath`/pagefind-recent/ (marked `fresh`
 * so the search page prefers them), nothing when there are none. Returns how
 * many were indexed.
 */
export async function buildSearchIndex(outputPath: string, o: { recent?: boolean } = {}): Promise<number> {
  return writeSearchIndex(await content(), outputPath, o);
}

/** The same from a build's content already loaded (the warm render indexes in its own process: loadedContent). */
export async function writeSearchIndex(c: Pick<Content, 'news'>, outputPath: string, o: { recent?: boolean } = {}): Promise<number> {
  const pagefind = await import('pagefind');
  if (o.recent) {
    const news = recentStories(c);
    if (news.length) await writeIndex(pagefind, news, path.join(outputPath, RECENT_INDEX_DIR), true);
    else await pagefind.close();
    return news.length;
  }
  const size = searchShardSize(process.env);
  for (const [i, dir] of searchShardDirs(searchParts(c.news.length, size)).entries()) {
    await writeIndex(pagefind, c.news.slice(i * size, (i + 1) * size), path.join(outputPath, dir), false);
  }
  return c.news.length;
}
