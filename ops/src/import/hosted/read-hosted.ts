/**
 * The reader of a hosted-portal export (issue #27): the spec's own portal,
 * exported by its owner as a pg_dump or as one CSV per table, plus the files
 * of its buckets. Two passes over the export:
 *   1. everything is read once — the small tables are kept, likes and views
 *      are summed per story and day, the news are only checked — so a broken
 *      export throws before the first record is yielded (nothing half-imported);
 *   2. the news are streamed again and mapped one by one.
 * Records come in dependency order: users, categories, municipalities,
 * settings, events, ads, news, counts.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_TIME_ZONE } from '../../clock.ts';
import { ImportInputError, type CountsRecord, type ImportReader, type ImportRecord, type Origin } from '../records.ts';
import {
  mapAd,
  mapCategory,
  mapEvent,
  mapMunicipality,
  mapNews,
  mapProfile,
  mapSetting,
  metaFullName,
  type AuthUser,
  type MapContext,
} from './map-rows.ts';
import { openExport } from './source.ts';
import type { SourceRow, TableKey } from './tables.ts';
import { bodyImages, bucketPath, dayIn, toInstant } from './values.ts';
import { ownString } from '../rules.ts';

export type ReadHostedOptions = {
  /** The newsroom's zone, for the days of likes and views and for bare dates. */
  timeZone?: string;
};

type Tally = { news: string; day: string | null; views: number; likes: number; origin: Origin };

const HELD = ['users', 'mfa_factors', 'profiles', 'categories', 'municipalities', 'settings', 'events', 'ads'] as const;
type Held = (typeof HELD)[number];

const isDir = (p: string) =>
  stat(p).then(
    (s) => s.isDirectory(),
    () => false,
  );

/**
 * Reads the export in `dir` (see ./source.ts for its two shapes).
 * @example for await (const record of readHosted('/tmp/export')) console.log(record.kind)
 */
export function readHosted(dir: string, opts: ReadHostedOptions = {}): ImportReader {
  const timeZone = opts.timeZone ?? DEFAULT_TIME_ZONE;
  return { [Symbol.asyncIterator]: () => read(dir, timeZone) };
}

async function* read(dir: string, timeZone: string): AsyncGenerator<ImportRecord> {
  const source = await openExport(dir);

  // Pass 1: hold the small tables, sum the counts, check the news.
  const held = Object.fromEntries(HELD.map((t) => [t, [] as SourceRow[]])) as Record<Held, SourceRow[]>;
  const tallies = new Map<string, Tally>();
  const day = dayIn(timeZone);
  let firstImageRow: Origin | null = null;
  const pointsIntoBucket = (url: string | null | undefined) => !!url && bucketPath(url)?.startsWith('news-images/');
  const tables: TableKey[] = [...HELD, 'news', 'news_likes', 'news_views'];
  for await (const row of source.rows(tables)) {
    const v = row.values;
    if (row.table === 'news') {
      if (!firstImageRow && (pointsIntoBucket(v.featured_image) || (v.content?.includes('/news-images/') && bodyImages(v.content).length))) {
        firstImageRow = row.origin;
      }
    } else if (row.table === 'news_likes' || row.table === 'news_views') {
      const news = v.news_id?.trim();
      if (!news) continue;
      const at = toInstant(v.created_at ?? null, timeZone);
      const d = at ? day(at) : null;
      const key = `${news}\t${d ?? ''}`;
      let t = tallies.get(key);
      if (!t) {
        const id = ownString(news);
        tallies.set(`${id}\t${d ?? ''}`, (t = { news: id, day: d, views: 0, likes: 0, origin: row.origin }));
      }
      if (row.table === 'news_likes') t.likes++;
      else t.views++;
    } else {
      if ((row.table === 'events' && pointsIntoBucket(v.image_url)) || (row.table === 'profiles' && pointsIntoBucket(v.avatar_url))) {
        firstImageRow ??= row.origin;
      }
      held[row.table].push(row);
    }
  }
  // Avatars' folder may be absent (an old portal without that bucket): a missing avatar is then reported by name.
  if (firstImageRow && !(await isDir(join(dir, 'news-images')))) {
    throw new ImportInputError(
      `pasta não encontrada, mas ${firstImageRow.file} (linha ${firstImageRow.line}) usa imagens do bucket news-images: exporte também os arquivos do bucket`,
      'news-images',
      null,
    );
  }

  const auth = new Map<string, AuthUser>();
  for (const row of held.users) {
    const id = row.values.id?.trim();
    if (!id) continue;
    auth.set(id, {
      email: row.values.email?.trim() || null,
      full_name: metaFullName(row.values.raw_user_meta_data ?? null),
      created_at: row.values.created_at ?? null,
      verified_factor: false,
    });
  }
  for (const row of held.mfa_factors) {
    const user = auth.get(row.values.user_id?.trim() ?? '');
    if (user && row.values.status?.trim() === 'verified') user.verified_factor = true;
  }

  const keysOf = (records: ImportRecord[], kind: ImportRecord['kind']) => new Set(records.flatMap((r) => (r.kind === kind && 'key' in r ? [r.key] : [])));
  const ctx: MapContext = { timeZone, categories: new Set(), municipalities: new Set(), staff: new Set(), profiled: new Set() };
  // Municipalities first: profiles point at them.
  const municipalities = held.municipalities.flatMap((r) => mapMunicipality(r, ctx));
  ctx.municipalities = keysOf(municipalities, 'municipality');
  const categories = held.categories.flatMap((r) => mapCategory(r, ctx));
  ctx.categories = keysOf(categories, 'category');

  const users: ImportRecord[] = [];
  const profiled = new Set<string>();
  for (const row of held.profiles) {
    const userId = row.values.user_id?.trim() ?? '';
    if (userId && profiled.has(userId)) {
      const title = row.values.full_name ?? row.values.email ?? userId;
      users.push({ kind: 'skipped', collection: 'users', key: userId, title, reason: 'Perfil repetido para a mesma conta', origin: row.origin });
      continue;
    }
    if (userId) profiled.add(userId);
    users.push(...mapProfile(row, auth.get(userId), ctx));
  }
  ctx.profiled = profiled;
  ctx.staff = keysOf(users, 'user');

  yield* users;
  yield* categories;
  yield* municipalities;
  for (const row of held.settings) yield* mapSetting(row, ctx);
  for (const row of held.events) yield* mapEvent(row, ctx);
  for (const row of held.ads) yield* mapAd(row, ctx);

  // Pass 2: the news, streamed.
  const news = new Set<string>();
  for await (const row of source.rows(['news'])) {
    const out = mapNews(row, ctx);
    if (out[0]?.kind === 'news') news.add(ownString(out[0].key));
    yield* out;
  }

  // Counts of the stories that came over, in a stable order (story, then day; undated first).
  let dropped: { likes: number; views: number; origin: Origin } | null = null;
  const counts: CountsRecord[] = [];
  for (const t of tallies.values()) {
    if (news.has(t.news)) counts.push({ kind: 'counts', news: t.news, day: t.day, views: t.views, likes: t.likes });
    else {
      dropped ??= { likes: 0, views: 0, origin: t.origin };
      dropped.likes += t.likes;
      dropped.views += t.views;
    }
  }
  counts.sort((a, b) => (a.news !== b.news ? (a.news < b.news ? -1 : 1) : (a.day ?? '') < (b.day ?? '') ? -1 : (a.day ?? '') > (b.day ?? '') ? 1 : 0));
  yield* counts;
  if (dropped) {
    yield {
      kind: 'warning',
      collection: 'counts',
      key: '',
      title: 'Curtidas e visualizações',
      message: `${dropped.likes} curtida(s) e ${dropped.views} visualização(ões) de notícias que não vieram (inexistentes ou deixadas de fora) foram descartadas`,
      origin: dropped.origin,
    };
  }
}
