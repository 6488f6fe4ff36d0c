/**
 * Rows of the hosted portal's tables → the source-neutral records of
 * records.ts. Each mapper takes one row (values by column name) and returns
 * its record, or a `skipped` entry, plus `warning`s for what came over with a
 * caveat. Keys are the old portal's ids; news point at users by auth user id
 * (the spec's `author_id`), as profiles do with `user_id`.
 */
import { isNewsStatus } from '@portal/domain/news-status';
import { isRole } from '@portal/domain/roles';
import type {
  AdRecord,
  CategoryRecord,
  EventRecord,
  ImportRecord,
  Instant,
  MunicipalityRecord,
  NewsRecord,
  Origin,
  SettingRecord,
  UserRecord,
} from '../records.ts';
import type { SourceRow } from './tables.ts';
import { bodyImages, fileRef, toBool, toInstant } from './values.ts';

export const READER_ACCOUNT = 'Conta de leitor: não é da equipe';
export const NO_EMAIL = 'Perfil sem e-mail: a conta não pode ser criada';
export const AUTHOR_WITHOUT_PROFILE = 'Autor sem perfil no portal anterior: sem autor';
export const AUTHOR_NOT_STAFF = 'Autor não é da equipe (conta de leitor ou deixada de fora): sem autor';

/** One row being mapped: its cells, and the warnings it collects. */
class Cells {
  readonly out: ImportRecord[] = [];
  key = '';
  title = '';
  readonly row: SourceRow;
  readonly collection: string;
  private readonly timeZone: string;
  constructor(row: SourceRow, collection: string, timeZone: string) {
    this.row = row;
    this.collection = collection;
    this.timeZone = timeZone;
  }

  get origin(): Origin {
    return this.row.origin;
  }

  /** The cell as stored (NULL and a missing column are null). */
  raw(col: string): string | null {
    return this.row.values[col] ?? null;
  }

  /** Trimmed text; blank is null. */
  text(col: string): string | null {
    const v = this.raw(col)?.trim();
    return v ? v : null;
  }

  warn(message: string) {
    this.out.push({ kind: 'warning', collection: this.collection, key: this.key, title: this.title, message, origin: this.origin });
  }

  skip(reason: string): ImportRecord[] {
    return [{ kind: 'skipped', collection: this.collection, key: this.key, title: this.title, reason, origin: this.origin }];
  }

  instant(col: string): Instant | null {
    const v = toInstant(this.raw(col), this.timeZone);
    if (v !== undefined) return v;
    this.warn(`Data ilegível em ${col} ("${this.raw(col)}"): deixada em branco`);
    return null;
  }

  bool(col: string, fallback: boolean): boolean {
    const v = toBool(this.raw(col));
    if (v === undefined) this.warn(`Valor ilegível em ${col} ("${this.raw(col)}"): usado ${fallback ? 'sim' : 'não'}`);
    return v ?? fallback;
  }

  done(record: ImportRecord): ImportRecord[] {
    return [record, ...this.out];
  }
}

/** What the mappers need to know about the rest of the export. */
export type MapContext = {
  timeZone: string;
  categories: ReadonlySet<string>;
  municipalities: ReadonlySet<string>;
  /** Auth user ids that come over as users. */
  staff: ReadonlySet<string>;
  /** Auth user ids that have a profile (staff or not). */
  profiled: ReadonlySet<string>;
};

/** A reference to a row that the export does not hold becomes null, with a warning. */
function ref(c: Cells, col: string, known: ReadonlySet<string>, what: string): string | null {
  const key = c.text(col);
  if (key === null || known.has(key)) return key;
  c.warn(`${what} ${key} não existe no arquivo: deixado em branco`);
  return null;
}

export function mapCategory(row: SourceRow, ctx: MapContext): ImportRecord[] {
  const c = new Cells(row, 'categories', ctx.timeZone);
  c.key = c.text('id') ?? '';
  c.title = c.text('name') ?? '';
  if (!c.key) return c.skip('Categoria sem id');
  if (!c.title) return c.skip('Categoria sem nome');
  const record: CategoryRecord = { kind: 'category', key: c.key, name: c.title, slug: c.text('slug'), description: c.text('description'), origin: c.origin };
  return c.done(record);
}

export function mapMunicipality(row: SourceRow, ctx: MapContext): ImportRecord[] {
  const c = new Cells(row, 'municipalities', ctx.timeZone);
  c.key = c.text('id') ?? '';
  c.title = c.text('name') ?? '';
  if (!c.key) return c.skip('Município sem id');
  if (!c.title) return c.skip('Município sem nome');
  const record: MunicipalityRecord = { kind: 'municipality', key: c.key, name: c.title, slug: c.text('slug'), created_at: c.instant('created_at'), origin: c.origin };
  return c.done(record);
}

export function mapSetting(row: SourceRow, ctx: MapContext): ImportRecord[] {
  const c = new Cells(row, 'settings', ctx.timeZone);
  c.key = c.text('key') ?? '';
  c.title = c.key;
  if (!c.key) return c.skip('Configuração sem chave');
  const record: SettingRecord = { kind: 'setting', key: c.key, value: c.raw('value'), origin: c.origin };
  return c.done(record);
}

export function mapEvent(row: SourceRow, ctx: MapContext): ImportRecord[] {
  const c = new Cells(row, 'events', ctx.timeZone);
  c.key = c.text('id') ?? '';
  c.title = c.text('title') ?? '';
  if (!c.key) return c.skip('Evento sem id');
  if (!c.title) return c.skip('Evento sem título');
  const record: EventRecord = {
    kind: 'event',
    key: c.key,
    title: c.title,
    event_date: c.instant('event_date'),
    location: c.text('location'),
    image: fileRef(c.raw('image_url')),
    url: c.text('url'),
    is_active: c.bool('is_active', true),
    origin: c.origin,
  };
  return c.done(record);
}

export function mapAd(row: SourceRow, ctx: MapContext): ImportRecord[] {
  const c = new Cells(row, 'ads', ctx.timeZone);
  c.key = c.text('id') ?? '';
  c.title = c.text('title') ?? '';
  if (!c.key) return c.skip('Anúncio sem id');
  if (!c.title) return c.skip('Anúncio sem título');
  const record: AdRecord = {
    kind: 'ad',
    key: c.key,
    title: c.title,
    content: c.raw('content'),
    // The spec's form defaults (type banner, position top, format auto, responsive).
    ad_type: c.text('ad_type') ?? 'banner',
    position: c.text('position') ?? 'top',
    link_url: c.text('link_url'),
    is_active: c.bool('is_active', true),
    start_date: c.instant('start_date'),
    end_date: c.instant('end_date'),
    google_ad_client: c.text('google_ad_client'),
    google_ad_slot: c.text('google_ad_slot'),
    google_ad_format: c.text('google_ad_format'),
    google_ad_responsive: c.bool('google_ad_responsive', true),
    created_at: c.instant('created_at'),
    origin: c.origin,
  };
  return c.done(record);
}

/** The auth side of a user: sign-up e-mail, name from the sign-up metadata, creation, a verified factor. */
export type AuthUser = { email: string | null; full_name: string | null; created_at: string | null; verified_factor: boolean };

/** `raw_user_meta_data` → full_name (the spec's sign-up metadata). */
export function metaFullName(json: string | null): string | null {
  if (!json) return null;
  try {
    const meta: unknown = JSON.parse(json);
    const name = meta && typeof meta === 'object' && 'full_name' in meta ? meta.full_name : null;
    return typeof name === 'string' && name.trim() ? name.trim() : null;
  } catch {
    return null;
  }
}

/**
 * A profile joined to its auth user: a staff member becomes a user; a reader
 * account or a profile with no e-mail anywhere is left out, with why.
 */
export function mapProfile(row: SourceRow, auth: AuthUser | undefined, ctx: MapContext): ImportRecord[] {
  const c = new Cells(row, 'users', ctx.timeZone);
  c.key = c.text('user_id') ?? '';
  const email = c.text('email') ?? auth?.email ?? null;
  const fullName = c.text('full_name') ?? auth?.full_name ?? null;
  c.title = fullName ?? email ?? c.key;
  if (!c.key) return c.skip('Perfil sem usuário (user_id)');
  const role = c.text('role');
  if (!isRole(role)) return c.skip(READER_ACCOUNT);
  if (!email) return c.skip(NO_EMAIL);
  const created = auth?.created_at ?? c.raw('created_at');
  const record: UserRecord = {
    kind: 'user',
    key: c.key,
    email: email.toLowerCase(),
    full_name: fullName,
    role,
    municipality: ref(c, 'municipality_id', ctx.municipalities, 'Município'),
    whatsapp: c.text('whatsapp'),
    instagram: c.text('instagram'),
    avatar: fileRef(c.raw('avatar_url')),
    bio: null,
    had_2fa: auth?.verified_factor ?? false,
    created_at: toInstant(created, ctx.timeZone) ?? null,
    origin: c.origin,
  };
  return c.done(record);
}

export function mapNews(row: SourceRow, ctx: MapContext): ImportRecord[] {
  const c = new Cells(row, 'news', ctx.timeZone);
  c.key = c.text('id') ?? '';
  c.title = c.raw('title')?.trim() ?? '';
  if (!c.key) return c.skip('Notícia sem id');
  if (!c.title) return c.skip('Notícia sem título');
  const status = c.text('status');
  if (!isNewsStatus(status)) return c.skip(`Situação desconhecida: "${status ?? ''}"`);
  const content = c.raw('content') ?? '';
  let author = c.text('author_id');
  if (author !== null && !ctx.staff.has(author)) {
    c.warn(ctx.profiled.has(author) ? AUTHOR_NOT_STAFF : AUTHOR_WITHOUT_PROFILE);
    author = null;
  }
  const record: NewsRecord = {
    kind: 'news',
    key: c.key,
    title: c.title,
    summary: c.raw('summary'),
    content,
    slug: c.text('slug'),
    status,
    is_featured: c.bool('is_featured', false),
    featured_image: fileRef(c.raw('featured_image')),
    featured_image_caption: c.text('featured_image_caption'),
    category: ref(c, 'category_id', ctx.categories, 'Categoria'),
    municipality: ref(c, 'municipality_id', ctx.municipalities, 'Município'),
    author,
    published_at: c.instant('published_at'),
    scheduled_at: c.instant('scheduled_at'),
    created_at: c.instant('created_at'),
    body_images: bodyImages(content),
    old_paths: [],
    origin: c.origin,
  };
  return c.done(record);
}
