// Made by directus/schema/schema-types.ts from directus/schema/collections.ts (npm run directus:types). Do not edit.
import type { Channel } from './channels.ts';

export type Category = {
  id: string;
  name: string;
  slug: string;
  description: string | null;
};

export type Municipality = {
  id: string;
  name: string;
  slug: string;
  created_at: string;
};

export type News = {
  id: string;
  title: string;
  summary: string | null;
  content: string;
  slug: string;
  status: 'draft' | 'pending' | 'published' | 'archived';
  is_featured: boolean;
  /** URL da imagem */
  featured_image: string | null;
  featured_image_caption: string | null;
  /** Versões 4:3 e 1:1 e o original da imagem (JSON) */
  featured_image_renditions: string | null;
  category_id: string | Category | null;
  municipality_id: string | Municipality | null;
  author_id: string | null;
  published_at: string | null;
  scheduled_at: string | null;
  /** Primeira publicação (o endereço fica fixo) */
  first_published_at: string | null;
  created_at: string;
  updated_at: string | null;
  /** Mantido pelos endpoints de engajamento */
  view_count: number;
  /** Mantido pelos endpoints de engajamento */
  like_count: number;
  /** Cobertura ao vivo */
  live_status: 'live' | 'ended' | null;
  /** Início da cobertura ao vivo */
  live_started_at: string | null;
  /** Fim da cobertura ao vivo */
  live_ended_at: string | null;
  /** Cobertura ao vivo de onde esta notícia saiu */
  from_live_news_id: string | News | null;
};

export type PortalEvent = {
  id: string;
  title: string;
  event_date: string;
  location: string | null;
  image_url: string | null;
  url: string | null;
  is_active: boolean;
};

export type Ad = {
  id: string;
  title: string;
  content: string | null;
  ad_type: 'banner' | 'sidebar' | 'popup' | 'inline' | 'google_adsense';
  position: 'top' | 'bottom' | 'left' | 'right' | 'center';
  link_url: string | null;
  is_active: boolean;
  start_date: string | null;
  end_date: string | null;
  google_ad_client: string | null;
  google_ad_slot: string | null;
  google_ad_format: 'auto' | 'rectangle' | 'horizontal' | 'vertical';
  google_ad_responsive: boolean;
  created_at: string;
};

export type NewsletterSubscriber = {
  id: string;
  email: string;
  status: 'pending' | 'confirmed' | 'unsubscribed';
  /** Versão do texto de consentimento aceito */
  consent_version: string;
  requested_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  ip_hash: string;
};

export type Setting = {
  key: string;
  value: string | null;
};

export type Profile = {
  id: string;
  user_id: string;
  full_name: string | null;
  email: string | null;
  whatsapp: string | null;
  instagram: string | null;
  avatar_url: string | null;
  bio: string | null;
  role: 'super_admin' | 'editor' | 'producer' | null;
  municipality_id: string | Municipality | null;
};

export type NewsLike = {
  id: string;
  news_id: string | News;
  user_id: string;
  created_at: string;
};

export type NewsView = {
  id: number;
  news_id: string | News;
  user_id: string | null;
  ip_hash: string;
  /** De onde veio a visita (WhatsApp, Google, Discover…) */
  channel: Channel | null;
  created_at: string;
};

export type NewsDaily = {
  id: string;
  news_id: string | News;
  /** Dia em Belém (AAAA-MM-DD) */
  day: string;
  /** Visualizações contadas no dia */
  views: number;
  /** TOPs dados menos retirados no dia */
  likes: number;
};

export type NewsCorrection = {
  id: string;
  news_id: string | News;
  note: string;
  created_at: string;
  created_by: string | null;
};

export type NewsLiveEntry = {
  id: string;
  news_id: string | News;
  body: string;
  status: 'draft' | 'pending' | 'published' | 'archived';
  published_at: string | null;
  pinned: boolean;
  /** URL da imagem */
  image: string | null;
  image_caption: string | null;
  author_id: string | null;
  correction_note: string | null;
  corrected_at: string | null;
  promoted_news_id: string | News | null;
  created_at: string;
  updated_at: string | null;
  created_by: string | null;
};

export type NewsPresence = {
  id: string;
  news_id: string | News;
  user_id: string;
  seen_at: string;
};

export type PushSubscriptionRow = {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** Versão do texto de consentimento aceito */
  consent_version: string;
  consented_at: string;
  ip_hash: string;
};

export type PushAlert = {
  id: string;
  source: 'story' | 'urgent';
  news_id: string | News | null;
  title: string;
  body: string | null;
  url: string;
  topic: string;
  status: 'queued' | 'sending' | 'done';
  /** Última inscrição já reservada para este alerta */
  claimed_until: string | null;
  /** Inscritos quando o alerta saiu */
  total: number;
  /** Aceitos pelo serviço de push */
  sent: number;
  /** Inscrições expiradas, removidas */
  gone: number;
  /** Recusados ou sem resposta */
  failed: number;
  created_by: string | null;
  created_at: string;
  finished_at: string | null;
};

export type NewsRedirect = {
  id: number;
  slug: string;
  news_id: string | News;
  created_at: string;
};

export type ListRedirect = {
  id: number;
  slug: string;
  category_id: string | Category | null;
  municipality_id: string | Municipality | null;
  created_at: string;
};

export type LegacyPath = {
  id: number;
  path: string;
  news_id: string | News | null;
  category_id: string | Category | null;
  created_at: string;
};

export type ImportRun = {
  id: string;
  source: 'hosted' | 'wordpress';
  /** O arquivo ou a pasta importada */
  input: string | null;
  status: 'running' | 'done' | 'failed';
  dry_run: boolean;
  started_at: string;
  finished_at: string | null;
  counts: Record<string, { created: number; updated: number; unchanged: number; skipped: number }> | null;
  warnings: Array<{ collection: string; key: string; title: string; message: string }> | null;
  skipped: Array<{ collection: string; key: string; title: string; reason: string }> | null;
  totals: { warnings: number; skipped: number } | null;
  error: string | null;
};

export type ImportRecordRow = {
  id: string;
  collection: string;
  target: string;
  hash: string;
};

export type Schema = {
  categories: Category[];
  municipalities: Municipality[];
  news: News[];
  events: PortalEvent[];
  ads: Ad[];
  newsletter_subscribers: NewsletterSubscriber[];
  settings: Setting[];
  profiles: Profile[];
  news_likes: NewsLike[];
  news_views: NewsView[];
  news_daily: NewsDaily[];
  news_corrections: NewsCorrection[];
  news_live_entries: NewsLiveEntry[];
  news_presence: NewsPresence[];
  push_subscriptions: PushSubscriptionRow[];
  push_alerts: PushAlert[];
  news_redirects: NewsRedirect[];
  list_redirects: ListRedirect[];
  legacy_paths: LegacyPath[];
  import_runs: ImportRun[];
  import_records: ImportRecordRow[];
};
