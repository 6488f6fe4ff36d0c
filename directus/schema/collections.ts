/**
 * The data model (spec section 3) as Directus collections, fields and
 * relations. `directus/scripts/apply.ts` creates what is missing and
 * `--check` fails when the live schema drifts from this file. Kept as code
 * rather than a `schema snapshot` because snapshots are tied to one database
 * vendor and we run the same model on SQLite and PostgreSQL
 * (docs/decisions/003-schema-as-code.md).
 */
import { AD_FORMATS, AD_POSITIONS, AD_POSITION_LABELS, AD_TYPES } from '@portal/domain/ads';
import { NEWS_STATUSES, NEWS_STATUS_LABELS } from '@portal/domain/news-status';
import { LIVE_STATES, LIVE_STATE_LABELS, type LiveState } from '@portal/domain/live';
import { ROLES, roleLabel } from '@portal/domain/roles';
import { NEWSLETTER_STATUSES, NEWSLETTER_STATUS_LABELS, type NewsletterStatus } from '@portal/domain/newsletter';

export type FieldDef = {
  field: string;
  type: string;
  meta?: Record<string, unknown>;
  schema?: {
    is_primary_key?: boolean;
    has_auto_increment?: boolean;
    is_nullable?: boolean;
    is_unique?: boolean;
    default_value?: unknown;
    max_length?: number;
  } | null;
};
export type CollectionDef = { collection: string; meta: Record<string, unknown>; fields: FieldDef[] };
export type RelationDef = {
  collection: string;
  field: string;
  related_collection: string;
  on_delete: 'SET NULL' | 'CASCADE' | 'RESTRICT' | 'NO ACTION';
};
export type IndexDef = {
  name: string;
  collection: string;
  columns: string[];
  /**
   * PostgreSQL only: the column's text_pattern_ops, for `LIKE 'prefix%'`. A btree in the
   * database's collation (en_US.utf8, C.UTF-8) cannot serve a prefix LIKE; SQLite's LIKE is
   * case-insensitive and would not use one either (its table is the embedded default's).
   */
  prefix?: true;
};

const choices = (values: readonly string[], label: (v: string) => string = (v) => v) =>
  values.map((value) => ({ text: label(value), value }));

const uuidPk: FieldDef = {
  field: 'id',
  type: 'uuid',
  meta: { special: ['uuid'], hidden: true, readonly: true, interface: 'input' },
  schema: { is_primary_key: true, is_nullable: false },
};
const createdAt = (field = 'created_at'): FieldDef => ({
  field,
  type: 'timestamp',
  meta: { special: ['date-created'], readonly: true, interface: 'datetime', width: 'half' },
  schema: { is_nullable: true },
});
const str = (field: string, opts: { required?: boolean; unique?: boolean; max?: number; note?: string } = {}): FieldDef => ({
  field,
  type: 'string',
  meta: { interface: 'input', required: !!opts.required, note: opts.note ?? null },
  schema: { is_nullable: !opts.required, is_unique: !!opts.unique, max_length: opts.max ?? 255 },
});
const text = (field: string, required = false): FieldDef => ({
  field,
  type: 'text',
  meta: { interface: 'input-multiline', required },
  schema: { is_nullable: !required },
});
const bool = (field: string, def: boolean): FieldDef => ({
  field,
  type: 'boolean',
  meta: { interface: 'boolean', special: ['cast-boolean'] },
  schema: { is_nullable: false, default_value: def },
});
const timestamp = (field: string, required = false): FieldDef => ({
  field,
  type: 'timestamp',
  meta: { interface: 'datetime', required },
  schema: { is_nullable: !required },
});
const select = (field: string, values: readonly string[], def: string, label?: (v: string) => string): FieldDef => ({
  field,
  type: 'string',
  meta: { interface: 'select-dropdown', options: { choices: choices(values, label) }, required: true },
  schema: { is_nullable: false, default_value: def, max_length: 32 },
});
const m2o = (field: string, type: 'uuid' = 'uuid', required = false): FieldDef => ({
  field,
  type,
  meta: { interface: 'select-dropdown-m2o', special: ['m2o'], required },
  schema: { is_nullable: !required },
});
const counter = (field: string): FieldDef => ({
  field,
  type: 'integer',
  meta: { interface: 'numeric', readonly: true, note: 'Mantido pelos endpoints de engajamento' },
  schema: { is_nullable: false, default_value: 0 },
});
/** A key made of the row's identity ("news_id:user_id"…): writing the same pair again is an upsert, never a second row. */
const compositeKey = (maxLength: number): FieldDef => ({
  field: 'id',
  type: 'string',
  meta: { readonly: true },
  schema: { is_primary_key: true, is_nullable: false, max_length: maxLength },
});
/** An auto-increment key, for rows nobody addresses by id (views, old addresses). */
const serialPk: FieldDef = {
  field: 'id',
  type: 'integer',
  meta: { readonly: true, hidden: true },
  schema: { is_primary_key: true, has_auto_increment: true, is_nullable: false },
};

export const collections: CollectionDef[] = [
  {
    collection: 'categories',
    meta: { icon: 'category', note: 'Editorias', sort_field: null, display_template: '{{name}}' },
    fields: [uuidPk, str('name', { required: true, unique: true }), str('slug', { required: true, unique: true }), text('description')],
  },
  {
    collection: 'municipalities',
    meta: { icon: 'location_city', note: 'Municípios do Pará (e Mundo, Brasil, Pará)', display_template: '{{name}}' },
    fields: [uuidPk, str('name', { required: true, unique: true }), str('slug', { required: true, unique: true }), createdAt()],
  },
  {
    collection: 'news',
    meta: { icon: 'newspaper', note: 'Notícias', display_template: '{{title}}' },
    fields: [
      uuidPk,
      str('title', { required: true, max: 300 }),
      text('summary'),
      text('content', true),
      str('slug', { required: true, unique: true, max: 320 }),
      select('status', NEWS_STATUSES, 'draft', (v) => NEWS_STATUS_LABELS[v as keyof typeof NEWS_STATUS_LABELS]),
      bool('is_featured', false),
      str('featured_image', { max: 1000, note: 'URL da imagem' }),
      str('featured_image_caption', { max: 500 }),
      // Written by the crop dialog (issue #29): JSON with the original and the 4:3 and 1:1 renditions' addresses.
      str('featured_image_renditions', { max: 1000, note: 'Versões 4:3 e 1:1 e o original da imagem (JSON)' }),
      m2o('category_id'),
      m2o('municipality_id'),
      m2o('author_id'),
      timestamp('published_at'),
      timestamp('scheduled_at'),
      // Set by portal-hooks when the story first goes out; its URL is fixed from then on.
      { ...timestamp('first_published_at'), meta: { interface: 'datetime', readonly: true, note: 'Primeira publicação (o endereço fica fixo)' } },
      createdAt(),
      {
        field: 'updated_at',
        type: 'timestamp',
        meta: { special: ['date-updated'], readonly: true, interface: 'datetime' },
        schema: { is_nullable: true },
      },
      counter('view_count'),
      counter('like_count'),
      // Live coverage (issue #30, decision 062): null, 'live' or 'ended'; only editors change it (portal-hooks).
      {
        field: 'live_status',
        type: 'string',
        meta: { interface: 'select-dropdown', options: { choices: choices(LIVE_STATES, (v) => LIVE_STATE_LABELS[v as LiveState]) }, note: 'Cobertura ao vivo' },
        schema: { is_nullable: true, max_length: 16 },
      },
      { ...timestamp('live_started_at'), meta: { interface: 'datetime', readonly: true, note: 'Início da cobertura ao vivo' } },
      { ...timestamp('live_ended_at'), meta: { interface: 'datetime', readonly: true, note: 'Fim da cobertura ao vivo' } },
      // A story made from an entry of a coverage (the entry links back through promoted_news_id).
      { ...m2o('from_live_news_id'), meta: { interface: 'select-dropdown-m2o', special: ['m2o'], note: 'Cobertura ao vivo de onde esta notícia saiu' } },
    ],
  },
  {
    collection: 'events',
    meta: { icon: 'event', note: 'Eventos do mês', display_template: '{{title}}' },
    fields: [
      uuidPk,
      str('title', { required: true }),
      timestamp('event_date', true),
      str('location'),
      str('image_url', { max: 1000 }),
      str('url', { max: 1000 }),
      bool('is_active', true),
      createdAt(),
    ],
  },
  {
    collection: 'ads',
    meta: { icon: 'campaign', note: 'Publicidade', display_template: '{{title}}' },
    fields: [
      uuidPk,
      str('title', { required: true }),
      text('content'),
      select('ad_type', AD_TYPES, 'banner'),
      select('position', AD_POSITIONS, 'top', (v) => AD_POSITION_LABELS[v as keyof typeof AD_POSITION_LABELS]),
      str('link_url', { max: 1000 }),
      bool('is_active', true),
      timestamp('start_date'),
      timestamp('end_date'),
      str('google_ad_client', { max: 64 }),
      str('google_ad_slot', { max: 64 }),
      select('google_ad_format', AD_FORMATS, 'auto'),
      bool('google_ad_responsive', true),
      createdAt(),
    ],
  },
  {
    // Newsletter subscribers (issue #13): double opt-in, the consent text's version and the
    // times of request and confirmation kept; the address only as a salted hash. Read by
    // super_admin (admin access) only; readers reach it through /portal/newsletter/*.
    collection: 'newsletter_subscribers',
    meta: { icon: 'mail', note: 'Inscritos na newsletter (confirmação dupla, LGPD)', display_template: '{{email}}' },
    fields: [
      uuidPk,
      str('email', { required: true, unique: true, max: 254 }),
      select('status', NEWSLETTER_STATUSES, 'pending', (v) => NEWSLETTER_STATUS_LABELS[v as NewsletterStatus]),
      str('consent_version', { required: true, max: 32, note: 'Versão do texto de consentimento aceito' }),
      timestamp('requested_at', true),
      timestamp('confirmed_at'),
      timestamp('unsubscribed_at'),
      str('ip_hash', { required: true, max: 64 }),
    ],
  },
  {
    collection: 'settings',
    meta: { icon: 'settings', note: 'Configurações do portal (chave/valor)' },
    fields: [
      {
        field: 'key',
        type: 'string',
        meta: { interface: 'input', readonly: false },
        schema: { is_primary_key: true, is_nullable: false, max_length: 64 },
      },
      text('value'),
    ],
  },
  {
    collection: 'profiles',
    meta: { icon: 'badge', note: 'Perfis da equipe (1:1 com usuários)', display_template: '{{full_name}}' },
    fields: [
      uuidPk,
      {
        field: 'user_id',
        type: 'uuid',
        meta: { interface: 'select-dropdown-m2o', special: ['m2o'], required: true },
        schema: { is_nullable: false, is_unique: true },
      },
      str('full_name'),
      str('email'),
      str('whatsapp', { max: 32 }),
      str('instagram', { max: 64 }),
      str('avatar_url', { max: 1000 }),
      // Optional short bio shown on the public author page (issue #12, item 5).
      text('bio'),
      {
        field: 'role',
        type: 'string',
        meta: { interface: 'select-dropdown', options: { choices: choices(ROLES, roleLabel) } },
        schema: { is_nullable: true, max_length: 32 },
      },
      m2o('municipality_id'),
      createdAt(),
    ],
  },
  {
    collection: 'news_likes',
    meta: { icon: 'thumb_up', note: 'TOPs: uma linha por (notícia, sessão ou usuário)', hidden: true },
    fields: [
      // "news_id:user_id": the primary key itself makes a like unique per pair.
      compositeKey(128),
      m2o('news_id', 'uuid', true),
      str('user_id', { required: true, max: 64 }),
      createdAt(),
    ],
  },
  {
    collection: 'news_views',
    meta: { icon: 'visibility', note: 'Visualizações (IP guardado só como hash)', hidden: true },
    fields: [
      serialPk,
      m2o('news_id', 'uuid', true),
      {
        field: 'user_id',
        type: 'uuid',
        meta: { interface: 'input' },
        schema: { is_nullable: true },
      },
      str('ip_hash', { required: true, max: 64 }),
      // One of domain/channels' keys, worked out by the server (issue #29); none on views counted before.
      str('channel', { max: 16, note: 'De onde veio a visita (WhatsApp, Google, Discover…)' }),
      createdAt(),
    ],
  },
  {
    // Per-day totals per news (Belém days), kept by the batched counting in the
    // same transaction as the raw rows; they outlive the 90-day raw rows (issue #9).
    collection: 'news_daily',
    meta: { icon: 'calendar_month', note: 'Totais por dia (visualizações e TOPs) de cada notícia', hidden: true },
    fields: [
      // "news_id:YYYY-MM-DD": one row per news and day, upserted by the counting.
      compositeKey(64),
      m2o('news_id', 'uuid', true),
      str('day', { required: true, max: 10, note: 'Dia em Belém (AAAA-MM-DD)' }),
      { ...counter('views'), meta: { interface: 'numeric', readonly: true, note: 'Visualizações contadas no dia' } },
      { ...counter('likes'), meta: { interface: 'numeric', readonly: true, note: 'TOPs dados menos retirados no dia' } },
    ],
  },
  {
    // Corrections of published stories (issue #12, item 1): shown on the article with their date
    // and on /correcoes; written by editor-level staff only (directus/access/policies.ts).
    collection: 'news_corrections',
    meta: { icon: 'fact_check', note: 'Correções de notícias publicadas', display_template: '{{note}}', sort_field: null },
    fields: [
      uuidPk,
      m2o('news_id', 'uuid', true),
      text('note', true),
      createdAt(),
      {
        field: 'created_by',
        type: 'uuid',
        meta: { special: ['user-created'], interface: 'select-dropdown-m2o', readonly: true },
        schema: { is_nullable: true },
      },
    ],
  },
  {
    // Entries of a live coverage (issue #30, decision 062): the story's statuses and publish rule, an optional
    // photo (an address, as featured_image) with its caption, the author's byline (optional), pinned on top,
    // a correction note shown with the entry, and the story it was turned into.
    collection: 'news_live_entries',
    meta: { icon: 'podcasts', note: 'Atualizações de coberturas ao vivo', display_template: '{{body}}', sort_field: null },
    fields: [
      uuidPk,
      m2o('news_id', 'uuid', true),
      text('body', true),
      select('status', NEWS_STATUSES, 'draft', (v) => NEWS_STATUS_LABELS[v as keyof typeof NEWS_STATUS_LABELS]),
      timestamp('published_at'),
      bool('pinned', false),
      str('image', { max: 1000, note: 'URL da imagem' }),
      str('image_caption', { max: 300 }),
      m2o('author_id'),
      text('correction_note'),
      { ...timestamp('corrected_at'), meta: { interface: 'datetime', readonly: true } },
      m2o('promoted_news_id'),
      createdAt(),
      {
        field: 'updated_at',
        type: 'timestamp',
        meta: { special: ['date-updated'], readonly: true, interface: 'datetime' },
        schema: { is_nullable: true },
      },
      {
        field: 'created_by',
        type: 'uuid',
        meta: { special: ['user-created'], interface: 'select-dropdown-m2o', readonly: true },
        schema: { is_nullable: true },
      },
    ],
  },
  {
    // Who has a story open in the editor (issue #34, decision 044): one row per story and person,
    // beaten every 15 s by the editor page. Only portal-api's /portal/news/:id/presence reads and
    // writes it (no staff policy does): it checks that the person may read the story.
    collection: 'news_presence',
    meta: { icon: 'edit_note', note: 'Quem está com a notícia aberta no editor (expira sozinho)', hidden: true },
    fields: [
      // "news_id:user_id": a beat is an upsert.
      compositeKey(80),
      m2o('news_id', 'uuid', true),
      m2o('user_id', 'uuid', true),
      timestamp('seen_at', true),
    ],
  },
  {
    // Readers' Web Push subscriptions (issue #29, decision 061): the browser's endpoint at a known push service
    // and its two keys, with the consent's version and time (LGPD). Only portal-hooks/src/push reads and
    // writes them (no policy does); a reader removes theirs from the page, a push service's 404/410 removes it too.
    collection: 'push_subscriptions',
    meta: { icon: 'notifications_active', note: 'Leitores inscritos nos alertas (Web Push, com consentimento)', hidden: true },
    fields: [
      uuidPk,
      str('endpoint', { required: true, unique: true, max: 1000 }),
      str('p256dh', { required: true, max: 100 }),
      str('auth', { required: true, max: 40 }),
      str('consent_version', { required: true, max: 32, note: 'Versão do texto de consentimento aceito' }),
      timestamp('consented_at', true),
      str('ip_hash', { required: true, max: 64 }),
    ],
  },
  {
    // An alert sent to every subscription (issue #29): a queue of one row. `claimed_until` is the last subscription
    // claimed: whichever instance claims the next batch moves it first, so nobody gets an alert twice,
    // and a restart resumes after it.
    collection: 'push_alerts',
    meta: { icon: 'campaign', note: 'Alertas enviados aos leitores (fila e resultado)', hidden: true },
    fields: [
      uuidPk,
      select('source', ['story', 'urgent'], 'story'),
      m2o('news_id'),
      str('title', { required: true, max: 200 }),
      str('body', { max: 300 }),
      str('url', { required: true, max: 1000 }),
      str('topic', { required: true, max: 32 }),
      select('status', ['queued', 'sending', 'done'], 'queued'),
      str('claimed_until', { max: 36, note: 'Última inscrição já reservada para este alerta' }),
      { ...counter('total'), meta: { interface: 'numeric', readonly: true, note: 'Inscritos quando o alerta saiu' } },
      { ...counter('sent'), meta: { interface: 'numeric', readonly: true, note: 'Aceitos pelo serviço de push' } },
      { ...counter('gone'), meta: { interface: 'numeric', readonly: true, note: 'Inscrições expiradas, removidas' } },
      { ...counter('failed'), meta: { interface: 'numeric', readonly: true, note: 'Recusados ou sem resposta' } },
      {
        field: 'created_by',
        type: 'uuid',
        meta: { special: ['user-created'], interface: 'select-dropdown-m2o', readonly: true },
        schema: { is_nullable: true },
      },
      createdAt(),
      timestamp('finished_at'),
    ],
  },
  {
    collection: 'news_redirects',
    meta: { icon: 'alt_route', note: 'Endereços antigos de notícias (301 para o atual)', hidden: true },
    fields: [
      serialPk,
      str('slug', { required: true, unique: true, max: 320 }),
      m2o('news_id', 'uuid', true),
      createdAt(),
    ],
  },
  {
    collection: 'list_redirects',
    meta: { icon: 'alt_route', note: 'Endereços antigos de editorias e municípios renomeados (301 para o atual)', hidden: true },
    fields: [
      serialPk,
      str('slug', { required: true, max: 320 }),
      m2o('category_id'),
      m2o('municipality_id'),
      createdAt(),
    ],
  },
  {
    // Old addresses of an imported portal that are not /news/<slug> (WordPress permalinks, `/?p=12`): 301 to a story or a list (issue #27).
    collection: 'legacy_paths',
    meta: { icon: 'alt_route', note: 'Endereços do portal anterior (301 para a notícia ou editoria)', hidden: true },
    fields: [
      serialPk,
      str('path', { required: true, unique: true, max: 500 }),
      m2o('news_id'),
      m2o('category_id'),
      createdAt(),
    ],
  },
  {
    collection: 'import_runs',
    meta: { icon: 'move_to_inbox', note: 'Importações de um portal anterior (relatório)', display_template: '{{source}} {{started_at}}', sort_field: null },
    fields: [
      uuidPk,
      select('source', ['hosted', 'wordpress'], 'hosted'),
      str('input', { max: 1000, note: 'O arquivo ou a pasta importada' }),
      select('status', ['running', 'done', 'failed'], 'running'),
      bool('dry_run', false),
      timestamp('started_at', true),
      timestamp('finished_at'),
      { field: 'counts', type: 'json', meta: { interface: 'input-code', special: ['cast-json'], readonly: true }, schema: { is_nullable: true } },
      { field: 'warnings', type: 'json', meta: { interface: 'input-code', special: ['cast-json'], readonly: true }, schema: { is_nullable: true } },
      { field: 'skipped', type: 'json', meta: { interface: 'input-code', special: ['cast-json'], readonly: true }, schema: { is_nullable: true } },
      // How many warnings and left-out records there were in all (the lists keep the first 2,000).
      { field: 'totals', type: 'json', meta: { interface: 'input-code', special: ['cast-json'], readonly: true }, schema: { is_nullable: true } },
      text('error'),
    ],
  },
  {
    // What each source record became, and its content hash: a re-run writes only what changed, a resumed run skips what is done.
    collection: 'import_records',
    meta: { icon: 'link', note: 'Origem de cada registro importado', hidden: true },
    fields: [
      { field: 'id', type: 'string', meta: { readonly: true }, schema: { is_primary_key: true, is_nullable: false, max_length: 200 } },
      str('collection', { required: true, max: 64 }),
      str('target', { required: true, max: 64 }),
      str('hash', { required: true, max: 64 }),
    ],
  },
];

/**
 * Fields the portal adds to Directus's own collections. `portal_public`:
 * readers may fetch a file only when published content uses it (kept by
 * portal-hooks/file-visibility.ts; issue #10).
 */
export const systemFields: Array<{ collection: string; field: FieldDef }> = [
  { collection: 'directus_files', field: { ...bool('portal_public', false), meta: { interface: 'boolean', special: ['cast-boolean'], readonly: true, note: 'Usado por conteúdo publicado (mantido pelo portal)' } } },
];

export const relations: RelationDef[] = [
  // A category or municipality with news cannot be deleted (the spec's 23503 case).
  { collection: 'news', field: 'category_id', related_collection: 'categories', on_delete: 'NO ACTION' },
  { collection: 'news', field: 'municipality_id', related_collection: 'municipalities', on_delete: 'NO ACTION' },
  { collection: 'news', field: 'author_id', related_collection: 'directus_users', on_delete: 'SET NULL' },
  { collection: 'profiles', field: 'user_id', related_collection: 'directus_users', on_delete: 'CASCADE' },
  { collection: 'profiles', field: 'municipality_id', related_collection: 'municipalities', on_delete: 'SET NULL' },
  { collection: 'news_likes', field: 'news_id', related_collection: 'news', on_delete: 'CASCADE' },
  { collection: 'news_views', field: 'news_id', related_collection: 'news', on_delete: 'CASCADE' },
  { collection: 'news_redirects', field: 'news_id', related_collection: 'news', on_delete: 'CASCADE' },
  // A deleted category or municipality takes its old addresses with it.
  { collection: 'list_redirects', field: 'category_id', related_collection: 'categories', on_delete: 'CASCADE' },
  { collection: 'list_redirects', field: 'municipality_id', related_collection: 'municipalities', on_delete: 'CASCADE' },
  { collection: 'legacy_paths', field: 'news_id', related_collection: 'news', on_delete: 'CASCADE' },
  { collection: 'legacy_paths', field: 'category_id', related_collection: 'categories', on_delete: 'CASCADE' },
  { collection: 'news_daily', field: 'news_id', related_collection: 'news', on_delete: 'CASCADE' },
  { collection: 'news_corrections', field: 'news_id', related_collection: 'news', on_delete: 'CASCADE' },
  { collection: 'news_corrections', field: 'created_by', related_collection: 'directus_users', on_delete: 'SET NULL' },
  { collection: 'news', field: 'from_live_news_id', related_collection: 'news', on_delete: 'SET NULL' },
  { collection: 'news_live_entries', field: 'news_id', related_collection: 'news', on_delete: 'CASCADE' },
  { collection: 'news_live_entries', field: 'promoted_news_id', related_collection: 'news', on_delete: 'SET NULL' },
  { collection: 'news_live_entries', field: 'author_id', related_collection: 'directus_users', on_delete: 'SET NULL' },
  { collection: 'news_live_entries', field: 'created_by', related_collection: 'directus_users', on_delete: 'SET NULL' },
  { collection: 'news_presence', field: 'news_id', related_collection: 'news', on_delete: 'CASCADE' },
  { collection: 'news_presence', field: 'user_id', related_collection: 'directus_users', on_delete: 'CASCADE' },
  // An alert outlives its story (the newsroom's record of what went out).
  { collection: 'push_alerts', field: 'news_id', related_collection: 'news', on_delete: 'SET NULL' },
  { collection: 'push_alerts', field: 'created_by', related_collection: 'directus_users', on_delete: 'SET NULL' },
];

/** Indexes for the public queries (Directus fields cannot declare composite ones). */
export const indexes: IndexDef[] = [
  { name: 'news_status_published_at_idx', collection: 'news', columns: ['status', 'published_at'] },
  { name: 'news_category_idx', collection: 'news', columns: ['category_id', 'status', 'published_at'] },
  { name: 'news_municipality_idx', collection: 'news', columns: ['municipality_id', 'status', 'published_at'] },
  { name: 'news_featured_idx', collection: 'news', columns: ['is_featured', 'status', 'published_at'] },
  { name: 'news_author_idx', collection: 'news', columns: ['author_id', 'status'] },
  { name: 'news_created_at_idx', collection: 'news', columns: ['created_at'] },
  { name: 'news_likes_news_idx', collection: 'news_likes', columns: ['news_id'] },
  { name: 'news_views_news_idx', collection: 'news_views', columns: ['news_id'] },
  // The 24 h ranking and the 90-day retention job read raw views by time.
  { name: 'news_views_created_idx', collection: 'news_views', columns: ['created_at'] },
  { name: 'news_daily_day_idx', collection: 'news_daily', columns: ['day', 'news_id'] },
  { name: 'news_likes_created_idx', collection: 'news_likes', columns: ['created_at'] },
  { name: 'news_corrections_news_idx', collection: 'news_corrections', columns: ['news_id', 'created_at'] },
  { name: 'news_corrections_created_idx', collection: 'news_corrections', columns: ['created_at'] },
  // A coverage's entries by time (the build, the admin's list), and the live stories (home, builds).
  { name: 'news_live_entries_news_idx', collection: 'news_live_entries', columns: ['news_id', 'status', 'published_at'] },
  { name: 'news_live_status_idx', collection: 'news', columns: ['live_status'] },
  // Foreign keys' referencing columns: deleting a story looks up what points at it (without these, PostgreSQL
  // scans the whole archive once per deleted story: an import's 20,000 stories took minutes to delete).
  { name: 'news_from_live_idx', collection: 'news', columns: ['from_live_news_id'] },
  { name: 'news_live_entries_promoted_idx', collection: 'news_live_entries', columns: ['promoted_news_id'] },
  { name: 'news_redirects_news_idx', collection: 'news_redirects', columns: ['news_id'] },
  // A new or renamed story's free slug: every slug taken as "base" or "base-N" (permalink-store.ts).
  // Without these PostgreSQL read the whole archive at each save: 90 ms at 100,000 stories.
  { name: 'news_slug_prefix_idx', collection: 'news', columns: ['slug'], prefix: true },
  { name: 'news_redirects_slug_prefix_idx', collection: 'news_redirects', columns: ['slug'], prefix: true },
  { name: 'events_active_date_idx', collection: 'events', columns: ['is_active', 'event_date'] },
  // Who is in a story's editor now; and the purge of old beats.
  { name: 'news_presence_news_idx', collection: 'news_presence', columns: ['news_id', 'seen_at'] },
  { name: 'news_presence_seen_idx', collection: 'news_presence', columns: ['seen_at'] },
  // The hourly limit and the queue read alerts by time and state.
  { name: 'push_alerts_created_idx', collection: 'push_alerts', columns: ['created_at'] },
  { name: 'push_alerts_status_idx', collection: 'push_alerts', columns: ['status', 'created_at'] },
];
