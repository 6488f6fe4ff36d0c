/**
 * Length limits of every text field the spec lists, with the pt-BR message a
 * refusal carries. One table for the server hooks (which refuse) and the
 * admin forms (which warn first). Chosen in docs/decisions/008-bad-records.md.
 */
export const SLUG_MAX = 100;

type FieldLimit = { label: string; max: number };

export const TEXT_LIMITS = {
  news: {
    title: { label: 'Título', max: 200 },
    summary: { label: 'Resumo', max: 500 },
    content: { label: 'Conteúdo', max: 100_000 },
    slug: { label: 'Slug', max: 120 },
    featured_image: { label: 'Imagem destacada', max: 1000 },
    featured_image_caption: { label: 'Legenda da imagem', max: 300 },
  },
  // Live coverage entries (issue #30): as short as a story's body is long at most; the correction as a story's.
  news_live_entries: {
    body: { label: 'Texto da atualização', max: 20_000 },
    image: { label: 'Imagem', max: 1000 },
    image_caption: { label: 'Legenda da imagem', max: 300 },
    correction_note: { label: 'Correção', max: 1000 },
  },
  // Correction notes (issue #12, item 1).
  news_corrections: {
    note: { label: 'Correção', max: 1000 },
  },
  categories: {
    name: { label: 'Nome', max: 60 },
    slug: { label: 'Slug', max: SLUG_MAX },
    description: { label: 'Descrição', max: 500 },
  },
  municipalities: {
    name: { label: 'Nome', max: 80 },
    slug: { label: 'Slug', max: SLUG_MAX },
  },
  events: {
    title: { label: 'Título', max: 200 },
    location: { label: 'Local', max: 200 },
    image_url: { label: 'Imagem', max: 1000 },
    url: { label: 'Link', max: 1000 },
  },
  ads: {
    title: { label: 'Título', max: 200 },
    content: { label: 'Conteúdo', max: 20_000 },
    link_url: { label: 'Link', max: 1000 },
    google_ad_client: { label: 'Publisher ID', max: 64 },
    google_ad_slot: { label: 'Ad Unit ID', max: 64 },
  },
  settings: {
    key: { label: 'Chave', max: 64 },
    // Room for the institutional pages' texts (INSTITUTIONAL_PAGE_MAX, decision 056).
    value: { label: 'Valor', max: 6000 },
  },
  profiles: {
    full_name: { label: 'Nome completo', max: 120 },
    email: { label: 'Email', max: 254 },
    whatsapp: { label: 'WhatsApp', max: 32 },
    instagram: { label: 'Instagram', max: 64 },
    avatar_url: { label: 'Foto', max: 1000 },
    bio: { label: 'Biografia', max: 500 },
  },
} as const satisfies Record<string, Record<string, FieldLimit>>;

export type LimitedCollection = keyof typeof TEXT_LIMITS;

/** @example tooLongMessage('Título', 200) // 'Título deve ter no máximo 200 caracteres' */
export const tooLongMessage = (label: string, max: number) => `${label} deve ter no máximo ${max.toLocaleString('pt-BR')} caracteres`;

/**
 * The first field of `payload` over its limit, as a pt-BR message, or null.
 * @example textLimitError('news', { title: 'x'.repeat(201) }) // 'Título deve ter no máximo 200 caracteres'
 */
export function textLimitError(collection: LimitedCollection, payload: Record<string, unknown>): string | null {
  const limits: Record<string, FieldLimit> = TEXT_LIMITS[collection];
  for (const [field, { label, max }] of Object.entries(limits)) {
    const v = payload[field];
    if (typeof v === 'string' && v.length > max) return tooLongMessage(label, max);
  }
  return null;
}

/**
 * Cuts a slug to `max` characters at a hyphen, so URLs and folder names stay
 * bounded (a 10,000-character title once broke every build).
 * @example boundSlug('chuva-forte-em-belem', 12) // 'chuva-forte'
 */
export function boundSlug(slug: string, max = SLUG_MAX): string {
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max + 1);
  const at = cut.lastIndexOf('-');
  return (at > max / 2 ? cut.slice(0, at) : slug.slice(0, max)).replace(/-+$/, '');
}

/** What a URL slug may be on the site: lowercase letters, digits and single hyphens, bounded. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const isUsableSlug = (slug: unknown, max = TEXT_LIMITS.news.slug.max): slug is string =>
  typeof slug === 'string' && slug.length <= max && SLUG_PATTERN.test(slug);

/**
 * Why a published news cannot become a page (legacy rows written before the
 * limits, or edited in the database by hand), or null when it can.
 * @example unrenderableNewsReason({ title: 'Ok', slug: '', content: 'x' }) // 'endereço (slug) vazio ou inválido'
 */
export function unrenderableNewsReason(n: { title?: string | null; slug?: string | null; content?: string | null }): string | null {
  if (!isUsableSlug(n.slug)) return 'endereço (slug) vazio ou inválido';
  if (!n.title?.trim()) return 'sem título';
  if (n.title.length > TEXT_LIMITS.news.title.max) return 'título longo demais';
  if (!n.content?.trim()) return 'sem conteúdo';
  if (n.content.length > TEXT_LIMITS.news.content.max) return 'conteúdo longo demais';
  return null;
}

/** Skipped records, as the newsroom reads them in the admin ("1 notícia não pôde ser publicada: …"). */
export type SkippedRecord = { kind: 'news' | 'category'; id: string; title: string; reason: string };

/**
 * @example skippedSummary([{ kind: 'news', id: '1', title: 'Enchente', reason: 'sem título' }])
 * // '1 notícia não pôde ser publicada: Enchente (sem título)'
 */
export function skippedSummary(skipped: readonly SkippedRecord[]): string | null {
  if (!skipped.length) return null;
  const list = skipped
    .slice(0, 3)
    .map((s) => `${s.title.length > 60 ? `${s.title.slice(0, 60)}…` : s.title || '(sem título)'} (${s.reason})`)
    .join('; ');
  const more = skipped.length > 3 ? `; e mais ${skipped.length - 3}` : '';
  const news = skipped.filter((s) => s.kind === 'news').length;
  const head =
    news === skipped.length
      ? news === 1
        ? '1 notícia não pôde ser publicada'
        : `${news} notícias não puderam ser publicadas`
      : skipped.length === 1
        ? '1 registro não pôde ser publicado'
        : `${skipped.length} registros não puderam ser publicados`;
  return `${head}: ${list}${more}`;
}
