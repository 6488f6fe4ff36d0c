/**
 * The Pagefind search index, built from the same data as the pages rather
 * than by re-reading 10,000 rendered HTML files: the astro.config integration
 * starts it when the build starts, so Pagefind's own process indexes on the
 * second core while Astro renders (docs/decisions/006-publish-pipeline.md).
 */
import { htmlToText } from '@portal/domain/sanitize';
import { responsiveImage } from '@portal/domain/images';
import path from 'node:path';
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { buildPlan, searchIndexListFile } from '@portal/domain/build-contract';
import {
  carriedIndex,
  carryMaxChanged,
  parseDelta,
  RECENT_INDEX_DIR,
  SEARCH_DELTA_FILE,
  searchParts,
  searchShardDirs,
  searchShardSize,
  storyUrl,
  type SearchDelta,
} from '@portal/domain/search-delta';
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
  const from = buildPlan(process.env).searchFrom;
  const carried = from ? carryFrom(from, c.news) : null;
  const out = process.env.SITE_OUT_DIR;
  if (carried) {
    // The live index's folders, linked (the same files; no release ever rewrites one), and what changed since.
    for (const dir of searchShardDirs(carried.delta.parts)) linkTree(path.join(from!, dir), path.join(outputPath, dir));
    if (carried.recent.length) await writeIndex(pagefind, carried.recent, path.join(outputPath, RECENT_INDEX_DIR), true);
    else await pagefind.close();
    // Laid over the one the build's pages wrote (post-build.ts moves it in after them).
    writeFileSync(path.join(outputPath, SEARCH_DELTA_FILE), JSON.stringify(carried.delta));
    if (out) copyFileSync(searchIndexListFile(from!), searchIndexListFile(out));
    return carried.recent.length;
  }
  const size = searchShardSize(process.env);
  for (const [i, dir] of searchShardDirs(searchParts(c.news.length, size)).entries()) {
    await writeIndex(pagefind, c.news.slice(i * size, (i + 1) * size), path.join(outputPath, dir), false);
  }
  if (out) writeFileSync(searchIndexListFile(out), JSON.stringify(c.news.map((a) => storyUrl(a.slug))));
  return c.news.length;
}

/**
 * The live release's full index carried forward by a full build (domain/src/search-delta.ts carriedIndex), or null
 * to index everything: its delta, the list of what it holds and every one of its folders must be there.
 */
function carryFrom(release: string, news: Article[]): { delta: SearchDelta; recent: Article[] } | null {
  const deltaFile = path.join(release, SEARCH_DELTA_FILE);
  const prev = parseDelta(existsSync(deltaFile) ? readFileSync(deltaFile, 'utf8') : null);
  if (!prev || !searchShardDirs(prev.parts).every((d) => existsSync(path.join(release, d, 'pagefind-entry.json')))) return null;
  let indexed: string[] | null = null;
  try {
    const list: unknown = JSON.parse(readFileSync(searchIndexListFile(release), 'utf8'));
    indexed = Array.isArray(list) && list.every((u) => typeof u === 'string') ? list : null;
  } catch {
    indexed = null; // none (a release from before the list, or restored from a backup): everything is indexed
  }
  return carriedIndex(prev, indexed, news, new Date(), carryMaxChanged(process.env));
}

/** `from`'s files hard-linked under `to` (the releases folder is one filesystem; copied where a link cannot be made). */
function linkTree(from: string, to: string) {
  mkdirSync(to, { recursive: true });
  for (const e of readdirSync(from, { withFileTypes: true })) {
    const [src, dst] = [path.join(from, e.name), path.join(to, e.name)];
    if (e.isDirectory()) linkTree(src, dst);
    else
      try {
        linkSync(src, dst);
      } catch {
        copyFileSync(src, dst);
      }
  }
}
