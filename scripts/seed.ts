/**
 * `npm run seed -- --news N`: N realistic published news in the embedded
 * database (SQLite in .data/, the one `npm start` uses), to try the portal at
 * archive scale (issue #8). pt-BR headlines over every category and
 * municipality, the demo authors and images, publication dates spread over
 * the last 5 years. Idempotent: story n is always the same row, so running it
 * again with the same N adds nothing and a larger N adds the difference.
 * `npm start` then serves them (its start-up runs a full build).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { knexFromEnv } from '../directus/scripts/apply.ts';
import { DATA_DIR } from '../directus/scripts/lib/paths.ts';
import { seedBulkNews } from '../directus/seed/bulk-news.ts';

const { values } = parseArgs({ options: { news: { type: 'string' }, years: { type: 'string', default: '5' }, data: { type: 'string' } } });
const total = Number(values.news);
const years = Number(values.years);
if (!Number.isInteger(total) || total < 1 || total > 1_000_000 || !(years > 0 && years <= 30)) {
  console.error('Uso: npm run seed -- --news N   (1 ≤ N ≤ 1.000.000; opcional --years 5)');
  process.exit(2);
}
// --data: another embedded data folder (a scratch copy for measurements).
const file = path.join(values.data ? path.resolve(values.data) : DATA_DIR, 'portal.db');
if (!existsSync(file)) {
  console.error('Banco não encontrado em .data/: rode `npm start` uma vez antes (ele cria o banco e o conteúdo demo).');
  process.exit(1);
}

const knex = knexFromEnv({ DB_CLIENT: 'sqlite3', DB_FILENAME: file });
try {
  const t0 = Date.now();
  if (!(await knex('categories').first('id'))) throw new Error('Banco sem categorias: rode `npm start` uma vez antes.');
  // The demo's images are already public (used by published demo news); the demo staff write the stories.
  const images: string[] = await knex('news').where('status', 'published').whereNotNull('featured_image').distinct('featured_image').pluck('featured_image');
  const authorIds: string[] = await knex('profiles').whereNotNull('user_id').orderBy('email').pluck('user_id');
  const added = await seedBulkNews(knex, total, { images, authorIds, years });
  const published = Number((await knex('news').where('status', 'published').count({ n: '*' }).first())?.n ?? 0);
  console.log(
    `» ${added.toLocaleString('pt-BR')} notícias adicionadas em ${((Date.now() - t0) / 1000).toFixed(1)} s ` +
      `(${(total - added).toLocaleString('pt-BR')} já existiam); ${published.toLocaleString('pt-BR')} publicadas no banco.`,
  );
  if (added) console.log('» Com o `npm start` no ar, elas entram no próximo build completo; ao iniciar, o `npm start` faz um.');
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
} finally {
  await knex.destroy();
}
