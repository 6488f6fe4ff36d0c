/**
 * Realistic published news in bulk, written straight into the database:
 * `npm run seed -- --news N` (archive at scale, issue #8) and the benchmarks.
 * N API calls would take minutes per 10,000 stories; batch inserts take seconds.
 *
 * Story n (1, 2, 3…) is always the same story: a fixed id, slug, title,
 * category, municipality and age. Seeding N again adds nothing; a larger N adds
 * the difference.
 */
import { createHash } from 'node:crypto';
import { newsSlug } from '@portal/domain/slug';
import { DEMO_STORIES, EXTRA_PARAGRAPHS } from './demo-news.ts';

type Ref = { id: string; name: string };

/** pt-BR headlines per category; {m} is the municipality. */
const HEADLINES: Record<string, string[]> = {
  Política: [
    'Câmara de {m} aprova projeto que amplia transparência nas contas públicas',
    'Prefeitura de {m} anuncia reforma administrativa e corte de secretarias',
    'Vereadores de {m} cobram prazo para obras de drenagem',
    'Eleitores de {m} participam de audiência sobre o plano plurianual',
    'Ministério Público recomenda suspensão de contrato em {m}',
  ],
  Economia: [
    'Comércio de {m} projeta alta nas vendas de fim de ano',
    'Feira de negócios em {m} reúne pequenos produtores da região',
    'Preço da farinha de mandioca sobe nas feiras de {m}',
    'Cooperativa de {m} fecha contrato para exportar cacau',
    'Emprego formal cresce em {m}, aponta levantamento do Caged',
  ],
  Cultura: [
    'Festival de carimbó movimenta {m} neste fim de semana',
    'Biblioteca pública de {m} reabre com acervo de autores paraenses',
    'Grupo de teatro de {m} estreia espetáculo sobre lendas amazônicas',
    'Mostra de fotografia retrata a vida ribeirinha em {m}',
    'Artesãs de {m} levam cerâmica marajoara a feira nacional',
  ],
  Esportes: [
    'Time de {m} vence e segue vivo no Parazão',
    'Corrida de rua reúne mais de mil atletas em {m}',
    'Escolinha de futebol de {m} revela talentos para a base do Remo',
    'Jogos escolares começam em {m} com 40 escolas inscritas',
    'Atleta de {m} conquista medalha no campeonato brasileiro de canoagem',
  ],
  Saúde: [
    'Mutirão de cirurgias atende pacientes em {m}',
    'Campanha de vacinação contra a gripe chega aos bairros de {m}',
    '{m} registra queda nos casos de malária no semestre',
    'Nova unidade básica de saúde é inaugurada em {m}',
    'Hospital regional amplia leitos de UTI para atender {m} e região',
  ],
  Educação: [
    'Escolas de {m} recebem kits de robótica e laboratórios de ciências',
    'Matrículas da rede municipal de {m} seguem abertas até sexta',
    'Professores de {m} concluem formação em alfabetização',
    'Estudantes de {m} se destacam na olimpíada de matemática',
    'Universidade abre campus avançado em {m}',
  ],
  'Meio Ambiente': [
    'Desmatamento cai em {m}, segundo dados do Inpe',
    'Brigada combate focos de queimada na zona rural de {m}',
    'Projeto de reflorestamento planta 50 mil mudas em {m}',
    'Pescadores de {m} respeitam o defeso e recebem seguro',
    'Cheia dos rios deixa comunidades de {m} em alerta',
  ],
  Tecnologia: [
    'Internet por fibra óptica chega a comunidades de {m}',
    'Estudantes de {m} criam aplicativo para venda de pescado',
    'Programa leva cursos de programação a jovens de {m}',
    'Prefeitura de {m} lança serviços digitais para o cidadão',
    'Energia solar abastece escolas ribeirinhas em {m}',
  ],
};
const FALLBACK_HEADLINES = ['Moradores de {m} cobram melhorias nos serviços públicos', 'Comunidade de {m} celebra aniversário da cidade'];

const YEAR_MS = 365.25 * 24 * 3600 * 1000;

/** Deterministic UUID (v5 layout) for story n of the seed: re-runs find it again. */
export function seedNewsId(n: number): string {
  const h = createHash('sha1').update(`portal-seed-news:${n}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

/** A well-mixed 32-bit number from n and a salt (same n, same value). */
function mix(n: number, salt: number): number {
  let x = (n * 0x9e3779b1 + salt * 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d) >>> 0;
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

export type BulkContext = {
  categories: Ref[];
  municipalities: Ref[];
  authorIds: string[];
  /** Image URLs (`/api/assets/<id>`) of files already public; about 6 stories in 7 get one. */
  images: string[];
  now: Date;
  /** How far back publication dates go: spread over `years` (archives with many months), or every 7 minutes back from now. */
  spread: { years: number } | 'recent';
  status?: string;
};

/** The row of story n (1-based), as the database stores it (dates converted by `date`). */
export function bulkNewsRow(n: number, ctx: BulkContext, date: (d: Date) => unknown = (d) => d.toISOString()): Record<string, unknown> {
  const cat = ctx.categories.length ? ctx.categories[mix(n, 1) % ctx.categories.length]! : null;
  const mun = ctx.municipalities.length ? ctx.municipalities[mix(n, 2) % ctx.municipalities.length]! : null;
  const place = mun?.name ?? 'Belém';
  const heads = (cat && HEADLINES[cat.name]) || FALLBACK_HEADLINES;
  const title = heads[mix(n, 3) % heads.length]!.replace('{m}', place);
  const demo = DEMO_STORIES.filter((s) => s.category === cat?.name);
  const s = demo.length ? demo[mix(n, 4) % demo.length]! : DEMO_STORIES[mix(n, 4) % DEMO_STORIES.length]!;
  const ageMs = ctx.spread === 'recent' ? n * 7 * 60_000 : 3600_000 + (mix(n, 5) / 0x1_0000_0000) * ctx.spread.years * YEAR_MS;
  const published = new Date(ctx.now.getTime() - ageMs);
  const withImage = ctx.images.length > 0 && mix(n, 6) % 7 !== 6;
  return {
    id: seedNewsId(n),
    title,
    summary: `${s.summary.replace(/\.$/, '')} — ${place}.`,
    content: [`Reportagem em ${place}.`, s.body, ...EXTRA_PARAGRAPHS.slice(0, 1 + (mix(n, 7) % EXTRA_PARAGRAPHS.length))].join('\n\n'),
    // The number keeps every address unique (the same headline recurs across years).
    slug: `${newsSlug(title)}-${n}`,
    status: ctx.status ?? 'published',
    is_featured: n % 97 === 0,
    featured_image: withImage ? ctx.images[mix(n, 8) % ctx.images.length] : null,
    featured_image_caption: withImage ? 'Imagem ilustrativa. Foto: Redação Portal Pará' : null,
    category_id: cat?.id ?? null,
    municipality_id: mun?.id ?? null,
    author_id: ctx.authorIds.length ? ctx.authorIds[n % ctx.authorIds.length] : null,
    published_at: date(published),
    first_published_at: (ctx.status ?? 'published') === 'published' ? date(published) : null,
    created_at: date(published),
    view_count: mix(n, 9) % 1000,
    like_count: mix(n, 10) % 200,
  };
}

async function context(knex: any, o: Pick<BulkContext, 'images' | 'authorIds' | 'spread' | 'status'> & { now?: Date }): Promise<BulkContext> {
  const [categories, municipalities] = await Promise.all([
    knex('categories').select('id', 'name').orderBy('name'),
    knex('municipalities').select('id', 'name').orderBy('name'),
  ]);
  return { ...o, categories, municipalities, now: o.now ?? new Date() };
}

async function insertRows(knex: any, ns: number[], ctx: BulkContext): Promise<number> {
  const sqlite = String(knex.client.config.client).includes('sqlite');
  // Directus keeps SQLite timestamps as epoch milliseconds.
  const date = (d: Date) => (sqlite ? d.getTime() : d);
  // SQLite allows 999 bound variables per statement: 50 rows of 19 columns.
  const chunk = sqlite ? 50 : 1000;
  await knex.transaction(async (trx: any) => {
    for (let i = 0; i < ns.length; i += chunk) await trx('news').insert(ns.slice(i, i + chunk).map((n) => bulkNewsRow(n, ctx, date)));
  });
  return ns.length;
}

/**
 * Ensures stories 1…total of the seed exist; returns how many were added.
 * Idempotent: existing ones are left as they are.
 */
export async function seedBulkNews(knex: any, total: number, o: Pick<BulkContext, 'images' | 'authorIds'> & { now?: Date; years?: number }): Promise<number> {
  const ctx = await context(knex, { images: o.images, authorIds: o.authorIds, now: o.now, spread: { years: o.years ?? 5 } });
  const missing: number[] = [];
  for (let from = 1; from <= total; from += 500) {
    const ns = Array.from({ length: Math.min(500, total - from + 1) }, (_, i) => from + i);
    const found = new Set(await knex('news').whereIn('id', ns.map(seedNewsId)).pluck('id'));
    for (const n of ns) if (!found.has(seedNewsId(n))) missing.push(n);
  }
  return insertRows(knex, missing, ctx);
}

/**
 * `count` more stories after the ones already in the table (benchmarks:
 * published every 7 minutes back from now, or drafts).
 */
export async function generateNews(knex: any, count: number, opts: { images: string[]; authorIds: string[]; now?: Date; status?: string }): Promise<number> {
  const ctx = await context(knex, { ...opts, spread: 'recent' });
  const existing = Number((await knex('news').count({ n: '*' }).first()).n);
  return insertRows(knex, Array.from({ length: count }, (_, i) => existing + i + 1), ctx);
}
