/**
 * Realistic published news in bulk, inserted straight into the database (a
 * benchmark of builds must not be dominated by N API calls to create data).
 * Reuses the demo stories' text so pages have real weight.
 */
import { randomUUID } from 'node:crypto';
import { newsSlug } from '@portal/domain/slug';
import { DEMO_STORIES, EXTRA_PARAGRAPHS } from '../../../directus/seed/demo-news.ts';

export async function generateNews(
  knex: any,
  count: number,
  opts: { images: string[]; authorIds: string[]; now?: Date; status?: string } = { images: [], authorIds: [] },
) {
  const sqlite = String(knex.client.config.client).includes('sqlite');
  const date = (d: Date) => (sqlite ? d.getTime() : d);
  const [cats, muns] = await Promise.all([knex('categories').select('id', 'name'), knex('municipalities').select('id', 'name')]);
  const byName = (list: Array<{ id: string; name: string }>, n: string) => list.find((x) => x.name === n)?.id ?? null;
  const now = opts.now ?? new Date();
  const existing = Number((await knex('news').count({ n: '*' }).first()).n);
  const rows: Array<Record<string, unknown>> = [];
  for (let i = 0; i < count; i++) {
    const s = DEMO_STORIES[i % DEMO_STORIES.length]!;
    const n = existing + i + 1;
    const title = `${s.title} (${n})`;
    const published = new Date(now.getTime() - (i + 1) * 7 * 60_000);
    rows.push({
      id: randomUUID(),
      title,
      summary: s.summary,
      content: [s.body, ...EXTRA_PARAGRAPHS].join('\n\n'),
      slug: newsSlug(title),
      status: opts.status ?? 'published',
      is_featured: i % 97 === 0,
      featured_image: opts.images.length && i % 7 !== 6 ? opts.images[i % opts.images.length] : null,
      featured_image_caption: 'Imagem ilustrativa',
      category_id: byName(cats, s.category),
      municipality_id: byName(muns, s.municipality),
      author_id: opts.authorIds.length ? opts.authorIds[i % opts.authorIds.length] : null,
      published_at: date(published),
      created_at: date(published),
      view_count: (i * 37) % 1000,
      like_count: (i * 13) % 200,
    });
  }
  const chunk = sqlite ? 50 : 1000;
  await knex.transaction(async (trx: any) => {
    for (let i = 0; i < rows.length; i += chunk) await trx('news').insert(rows.slice(i, i + chunk));
  });
  return rows.length;
}
