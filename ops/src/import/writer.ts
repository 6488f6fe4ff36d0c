/**
 * Writes an export's records into a portal's database (issue #27,
 * docs/decisions/058-moving-in.md). Two passes over the reader:
 *
 * 1. check: every record is read and judged (the portal's own validators,
 *    references, what changed since the last run) before anything is written,
 *    so a broken export (ImportInputError) leaves the portal as it was, and
 *    `--dry-run` stops here with the same report;
 * 2. write: batches of rows in transactions, each with the import_records rows
 *    that say which source record it came from and its hash — a run stopped
 *    halfway and started again skips what is done, and a newer export writes
 *    only what changed.
 *
 * Rows go straight into the database in batches (through Directus, 100,000
 * stories would take hours); the rules Directus's hooks apply on a write are
 * applied here from the same modules (validators, slugs, the upload rule's
 * metadata stripping). File visibility, the cache and the site follow when the
 * run is closed through Directus (run.ts).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { categorySlug, municipalitySlug, newsSlug } from '@portal/domain/slug';
import { SETTING_KEYS } from '@portal/domain/settings';
import { IMPORT_REPORT_LIST_MAX } from '@portal/domain/imports';
import { firstError, SERVER_VALIDATORS } from '@portal/domain/validation';
import { ROLE_IDS } from '../../../directus/access/ids.ts';
import { withoutPrivateMetadata } from '../../../directus/extensions/portal-hooks/src/image-metadata.ts';
import type { Storage } from '../storage.ts';
import { ImportInputError, type FileRef, type ImportReader, type ImportRecord, type NewsRecord, type SkippedEntry, type WarningEntry } from './records.ts';
import { dbDate, embedsAsLinks, importedImageType, importId, ownString, recordHash, recordKey, rewriteImages, splitName, type ImportSource } from './rules.ts';

export type CollectionCounts = { created: number; updated: number; unchanged: number; skipped: number };
export type ReportWarning = { collection: string; key: string; title: string; message: string };
export type ReportSkipped = { collection: string; key: string; title: string; reason: string };
export type ImportReport = {
  source: ImportSource;
  counts: Record<string, CollectionCounts>;
  warnings: ReportWarning[];
  skipped: ReportSkipped[];
  /** How many warnings and skipped records there were in all (the lists keep the first IMPORT_REPORT_LIST_MAX). */
  totals: { warnings: number; skipped: number };
};


export type WriterOptions = {
  knex: Knex;
  source: ImportSource;
  /** Where FileRef paths are read from (the export's folder, or WordPress's uploads); null: every file is missing. */
  filesDir: string | null;
  /** Where Directus keeps uploads, and the storage location's name in directus_files. */
  storage: { driver: Storage; location: string } | null;
  log?: (line: string) => void;
  now?: Date;
};

/** The portal collection each record kind becomes (counts are kept by collection). */
const COLLECTION: Record<string, string> = {
  user: 'profiles',
  category: 'categories',
  municipality: 'municipalities',
  file: 'directus_files',
  setting: 'settings',
  event: 'events',
  ad: 'ads',
  news: 'news',
  counts: 'news_daily',
  list_path: 'legacy_paths',
};

/** Readers name collections their own way in skipped/warning entries ("users", "files"): the report uses the portal's. */
const READER_NAMES: Record<string, string> = { users: 'profiles', user: 'profiles', files: 'directus_files', file: 'directus_files', counts: 'news_daily', posts: 'news' };
const portalCollection = (name: string): string => READER_NAMES[name] ?? COLLECTION[name] ?? name;

const counts = (): CollectionCounts => ({ created: 0, updated: 0, unchanged: 0, skipped: 0 });

function newReport(source: ImportSource): ImportReport {
  return { source, counts: {}, warnings: [], skipped: [], totals: { warnings: 0, skipped: 0 } };
}

function titleOf(r: ImportRecord): string {
  if ('title' in r && typeof r.title === 'string') return r.title;
  if ('name' in r && typeof r.name === 'string') return r.name;
  if (r.kind === 'user') return r.full_name ?? r.email;
  if (r.kind === 'setting') return r.key;
  return '';
}

/** Reads import_records of this source: what each source record became and its hash. */
async function knownRecords(knex: Knex, source: ImportSource): Promise<Map<string, { target: string; hash: string }>> {
  const out = new Map<string, { target: string; hash: string }>();
  const rows = (await knex('import_records').where('id', 'like', `${source}:%`).select('id', 'target', 'hash')) as Array<{ id: string; target: string; hash: string }>;
  for (const r of rows) out.set(r.id, { target: r.target, hash: r.hash });
  return out;
}

type Row = Record<string, unknown>;

/** One import's state while it runs: maps from source keys to rows, slugs taken, the report. */
class Import {
  readonly report: ImportReport;
  readonly sqlite: boolean;
  readonly date: ReturnType<typeof dbDate>;
  known = new Map<string, { target: string; hash: string }>();
  /** Source key → portal id, per kind (users, categories…), for references. */
  ids = new Map<string, string>();
  /** Old file address → its asset URL (null: missing). */
  files = new Map<string, string | null>();
  takenSlugs = new Set<string>();
  takenAliases = new Set<string>();
  existing = { categories: new Map<string, string>(), municipalities: new Map<string, string>(), users: new Map<string, string>() };
  /** Profiles whose municipality came later in the export than the user (linked at the end). */
  townOf = new Map<string, string>();
  /** Story totals (views, likes), added up over the export's counts records. */
  totals = new Map<string, { views: number; likes: number }>();

  readonly o: WriterOptions;
  constructor(o: WriterOptions) {
    this.o = o;
    this.report = newReport(o.source);
    this.sqlite = String((o.knex.client as { config?: { client?: unknown } }).config?.client).includes('sqlite');
    this.date = dbDate(this.sqlite);
  }

  count(name: string, what: keyof CollectionCounts, n = 1) {
    const collection = portalCollection(name);
    (this.report.counts[collection] ??= counts())[what] += n;
  }
  warn(name: string, key: string, title: string, message: string) {
    const collection = portalCollection(name);
    this.report.totals.warnings++;
    if (this.report.warnings.length < IMPORT_REPORT_LIST_MAX) this.report.warnings.push({ collection, key, title, message });
  }
  skip(name: string, key: string, title: string, reason: string) {
    const collection = portalCollection(name);
    this.report.totals.skipped++;
    this.count(collection, 'skipped');
    if (this.report.skipped.length < IMPORT_REPORT_LIST_MAX) this.report.skipped.push({ collection, key, title, reason });
  }

  /** A reader's skipped or warning entry goes into the report; true when `r` was one. */
  noted(r: ImportRecord): r is SkippedEntry | WarningEntry {
    if (r.kind === 'skipped') this.skip(r.collection, r.key, r.title, r.reason);
    else if (r.kind === 'warning') this.warn(r.collection, r.key, r.title, r.message);
    else return false;
    return true;
  }

  async load() {
    const k = this.o.knex;
    this.known = await knownRecords(k, this.o.source);
    for (const r of (await k('categories').select('id', 'name', 'slug')) as Array<{ id: string; name: string; slug: string }>) {
      this.existing.categories.set(`slug:${r.slug}`, r.id);
      this.existing.categories.set(`name:${r.name.toLowerCase()}`, r.id);
    }
    for (const r of (await k('municipalities').select('id', 'name', 'slug')) as Array<{ id: string; name: string; slug: string }>) {
      this.existing.municipalities.set(`slug:${r.slug}`, r.id);
      this.existing.municipalities.set(`name:${r.name.toLowerCase()}`, r.id);
    }
    for (const r of (await k('directus_users').select('id', 'email')) as Array<{ id: string; email: string | null }>) {
      if (r.email) this.existing.users.set(r.email.toLowerCase(), r.id);
    }
    for (const s of (await k('news').pluck('slug')) as string[]) this.takenSlugs.add(s);
    for (const s of (await k('news_redirects').pluck('slug')) as string[]) this.takenAliases.add(s);
  }

  /** Compares a record with the last run: new, changed or the same. */
  state(kind: string, key: string, hash: string): 'created' | 'updated' | 'unchanged' {
    const k = this.known.get(recordKey(this.o.source, kind, key));
    return !k ? 'created' : k.hash === hash ? 'unchanged' : 'updated';
  }
}

/** The reasons a record cannot come over (pt-BR), or null. Pure checks; references are checked against the keys read so far. */
function refusal(imp: Import, r: ImportRecord): string | null {
  switch (r.kind) {
    case 'news': {
      const e = firstError(SERVER_VALIDATORS.news.validate({ title: r.title, content: embedsAsLinks(r.content).content, status: r.status }));
      return e;
    }
    case 'category':
      return firstError(SERVER_VALIDATORS.categories.validate({ name: r.name })) ?? (categorySlug(r.name) ? null : 'Nome sem letras ou números para o endereço');
    case 'municipality':
      return firstError(SERVER_VALIDATORS.municipalities.validate({ name: r.name }));
    case 'ad':
      return firstError(SERVER_VALIDATORS.ads.validate({ ...r }));
    case 'setting':
      if (!(SETTING_KEYS as readonly string[]).includes(r.key)) return `Chave de configuração desconhecida: ${r.key}`;
      return firstError(SERVER_VALIDATORS.settings.validate({ key: r.key, value: r.value ?? '' }));
    case 'event':
      return !r.title.trim() ? 'Título é obrigatório' : !r.event_date ? 'Evento sem data' : null;
    case 'user':
      return !/^[^\s@]+@[^\s@]+$/.test(r.email) ? 'Conta sem e-mail válido' : null;
    default:
      return null;
  }
}

/**
 * Pass 1: reads everything, judges every record, counts what a write would do.
 * Throws ImportInputError (from the reader) before anything is written.
 */
export async function checkImport(read: () => ImportReader, o: WriterOptions): Promise<ImportReport> {
  const imp = new Import(o);
  await imp.load();
  const seen = new Map<string, boolean>();
  const present = async (ref: FileRef): Promise<boolean> => {
    if (!ref.path || !o.filesDir) return false;
    if (!seen.has(ref.path)) seen.set(ref.path, await stat(path.join(o.filesDir, ref.path)).then((s) => s.isFile(), () => false));
    return seen.get(ref.path)!;
  };
  for await (const r of read()) {
    if (imp.noted(r)) continue;
    const collection = COLLECTION[r.kind]!;
    if (r.kind === 'counts' || r.kind === 'list_path') {
      imp.count(collection, 'created', 0);
      continue;
    }
    const why = refusal(imp, r);
    if (why) {
      imp.skip(collection, r.key, titleOf(r), why);
      continue;
    }
    // A file that is not in the export is reported here as the write would report it.
    const refs = r.kind === 'file' ? [r.file] : r.kind === 'news' ? [r.featured_image, ...r.body_images] : r.kind === 'event' ? [r.image] : r.kind === 'user' ? [r.avatar] : [];
    let missing = 0;
    for (const ref of refs) if (ref && !(await present(ref))) (missing++, imp.warn(collection, r.key, titleOf(r), `Arquivo não encontrado na exportação: ${ref.path ?? ref.url}`));
    if (r.kind === 'file') {
      if (!missing) imp.count(collection, imp.state(r.kind, r.key, recordHash(r)));
      continue;
    }
    imp.count(collection, imp.state(r.kind, r.key, recordHash(r)));
  }
  return imp.report;
}

/** How a row is written when its key is there already: replace these columns (or all), or keep the stored row. */
type Upsert = { conflict: string; merge: string[] | 'all' | 'ignore' };
export type BulkRow = { table: string; row: Row; upsert: Upsert };

/** Parents before children within a transaction (PostgreSQL checks the foreign keys of each statement). */
const TABLE_ORDER = ['categories', 'municipalities', 'settings', 'events', 'ads', 'news', 'news_redirects', 'legacy_paths', 'list_redirects', 'news_daily'];

/**
 * A batch of records, flushed in one transaction: closures for the few rows
 * that need a read first (people, the catalogue, a story already imported),
 * then every other row in multi-row statements per table (one statement per
 * few dozen rows rather than per row: 100,000 stories bring a million rows),
 * then the batch's import_records rows.
 */
type Pending = { kind: string; count: number; work: Array<(trx: Knex.Transaction) => Promise<void>>; bulk: Map<string, { table: string; upsert: Upsert; rows: Map<string, Row> }>; records: Row[] };
const emptyBatch = (): Pending => ({ kind: '', count: 0, work: [], bulk: new Map(), records: [] });

async function writeRows(trx: Knex.Transaction, table: string, upsert: Upsert, rows: Row[]) {
  if (!rows.length) return;
  // Under SQLite's oldest limit of bound variables (999) per statement.
  const size = Math.max(1, Math.min(500, Math.floor(990 / Object.keys(rows[0]!).length)));
  for (let i = 0; i < rows.length; i += size) {
    const q = trx(table).insert(rows.slice(i, i + size)).onConflict(upsert.conflict);
    await (upsert.merge === 'ignore' ? q.ignore() : upsert.merge === 'all' ? q.merge() : q.merge(upsert.merge));
  }
}

/**
 * Pass 2: writes. Returns the report of what it did (the same counts as the
 * check when nothing changed between the passes).
 */
export async function writeImport(read: () => ImportReader, o: WriterOptions): Promise<ImportReport> {
  const imp = new Import(o);
  await imp.load();
  const k = o.knex;
  const log = o.log ?? (() => {});
  const BATCH = 500;
  let pending = emptyBatch();
  let written = 0;

  const flush = async () => {
    if (!pending.count) return;
    const p = pending;
    pending = emptyBatch();
    const groups = [...p.bulk.values()].sort((a, b) => TABLE_ORDER.indexOf(a.table) - TABLE_ORDER.indexOf(b.table));
    await k.transaction(async (trx) => {
      for (const w of p.work) await w(trx);
      for (const g of groups) await writeRows(trx, g.table, g.upsert, [...g.rows.values()]);
      await writeRows(trx, 'import_records', { conflict: 'id', merge: ['target', 'hash'] }, p.records);
    });
    written += p.count;
    if (written % 10_000 < p.count) log(`${written.toLocaleString('pt-BR')} registros gravados`);
  };
  const queue = async (kind: string, work: ((trx: Knex.Transaction) => Promise<void>) | null, record: Row | null, rows: BulkRow[] = []) => {
    if (pending.kind !== kind || pending.count >= BATCH) await flush();
    pending.kind = kind;
    pending.count++;
    if (work) pending.work.push(work);
    if (record) pending.records.push(record);
    for (const r of rows) {
      const key = `${r.table}|${r.upsert.conflict}`;
      let g = pending.bulk.get(key);
      if (!g) pending.bulk.set(key, (g = { table: r.table, upsert: r.upsert, rows: new Map() }));
      // One row per key in a statement (PostgreSQL refuses to update a row twice in one INSERT … ON CONFLICT).
      g.rows.set(String(r.row[r.upsert.conflict]), r.row);
    }
  };
  const track = (kind: string, key: string, target: string, hash: string): Row => ({ id: recordKey(o.source, kind, key), collection: COLLECTION[kind], target, hash });

  /** The asset URL of an export's file, uploading it the first time; null (reported) when it is not there or not an image. */
  const fileUrl = async (ref: FileRef | null, owner: { collection: string; key: string; title: string }, meta: { title?: string | null; alt?: string | null } = {}): Promise<string | null> => {
    if (!ref) return null;
    if (imp.files.has(ref.url)) return imp.files.get(ref.url)!;
    const id = importId(o.source, 'file', ref.path ?? ref.url);
    const missing = (why: string) => {
      imp.files.set(ownString(ref.url), null);
      imp.warn(owner.collection, owner.key, owner.title, `${why}: ${ref.path ?? ref.url}`);
      return null;
    };
    if (!ref.path || !o.filesDir || !o.storage) return missing('Arquivo não encontrado na exportação');
    const file = path.join(o.filesDir, ref.path);
    if (!path.resolve(file).startsWith(path.resolve(o.filesDir) + path.sep)) return missing('Caminho de arquivo fora da pasta da exportação');
    const already = (await k('directus_files').where('id', id).first('id')) as Row | undefined;
    if (!already) {
      let bytes: Buffer;
      try {
        if (!(await stat(file)).isFile()) return missing('Arquivo não encontrado na exportação');
        bytes = await readFile(file);
      } catch {
        return missing('Arquivo não encontrado na exportação');
      }
      const type = importedImageType(bytes.subarray(0, 16));
      if (!type) return missing('Arquivo não é uma imagem JPEG, PNG, WebP ou AVIF');
      const clean = (await withoutPrivateMetadata(bytes, type).catch(() => null)) ?? bytes;
      const ext = { 'image/jpeg': '.jpg', 'image/png': '.png', 'image/webp': '.webp', 'image/avif': '.avif' }[type];
      const disk = `${id}${ext}`;
      let size: { width?: number; height?: number } = {};
      try {
        const sharp = (await import('sharp')).default;
        size = await sharp(clean).metadata();
      } catch {
        // Dimensions are a nicety (layout hints); the file comes over without them.
      }
      await o.storage.driver.write(disk, Readable.from(clean));
      await k('directus_files')
        .insert({
          id,
          storage: o.storage.location,
          filename_disk: disk,
          filename_download: path.basename(ref.path),
          title: (meta.title ?? path.basename(ref.path, path.extname(ref.path))).slice(0, 255),
          description: meta.alt ?? null,
          type,
          filesize: clean.length,
          width: size.width ?? null,
          height: size.height ?? null,
          uploaded_on: imp.date(new Date().toISOString()),
          portal_public: false,
        })
        .onConflict('id')
        .ignore();
      imp.count('directus_files', 'created');
    } else imp.count('directus_files', 'unchanged');
    const url = `/api/assets/${id}`;
    imp.files.set(ownString(ref.url), url);
    return url;
  };

  const pick = (map: 'categories' | 'municipalities', name: string, slug: string) =>
    imp.existing[map].get(`slug:${slug}`) ?? imp.existing[map].get(`name:${name.toLowerCase()}`) ?? null;

  for await (const r of read()) {
    if (imp.noted(r)) continue;
    if (r.kind === 'counts') {
      const t = imp.totals.get(r.news) ?? { views: 0, likes: 0 };
      t.views += r.views;
      t.likes += r.likes;
      imp.totals.set(ownString(r.news), t);
      const newsId = imp.ids.get(`news:${r.news}`);
      if (newsId && r.day) {
        const row = { id: `${newsId}:${r.day}`, news_id: newsId, day: r.day, views: r.views, likes: r.likes };
        await queue('counts', null, null, [{ table: 'news_daily', row, upsert: { conflict: 'id', merge: ['views', 'likes'] } }]);
      }
      continue;
    }
    if (r.kind === 'list_path') {
      const categoryId = imp.ids.get(`category:${r.category}`);
      if (!categoryId) continue;
      await queue(
        'list_path',
        null,
        null,
        r.paths.map((p) => ({ table: 'legacy_paths', row: { path: p.slice(0, 500), news_id: null, category_id: categoryId }, upsert: { conflict: 'path', merge: ['news_id', 'category_id'] } })),
      );
      continue;
    }
    const collection = COLLECTION[r.kind]!;
    const why = refusal(imp, r);
    if (why) {
      imp.skip(collection, r.key, titleOf(r), why);
      continue;
    }
    const hash = recordHash(r);
    const state = imp.state(r.kind, r.key, hash);
    const known = imp.known.get(recordKey(o.source, r.kind, r.key));
    const owner = { collection, key: r.key, title: titleOf(r) };

    switch (r.kind) {
      case 'category': {
        const slug = r.slug && categorySlug(r.slug) ? categorySlug(r.slug) : categorySlug(r.name);
        const match = known?.target ?? pick('categories', r.name, slug) ?? pick('categories', r.name, categorySlug(r.name));
        const id = match ?? importId(o.source, 'category', r.key);
        imp.ids.set(ownString(`category:${r.key}`), id);
        if (state === 'unchanged') {
          imp.count(collection, 'unchanged');
          break;
        }
        const ours = !match || known?.target === id;
        await queue(
          'category',
          async (trx) => {
            // A category the portal already has (the seven of the spec) is used as it is: the newsroom's names stay.
            if (!match) await trx('categories').insert({ id, name: r.name.trim(), slug, description: r.description }).onConflict('id').merge(['name', 'description']);
            else if (ours && known) await trx('categories').where('id', id).update({ name: r.name.trim(), description: r.description });
          },
          track('category', r.key, id, hash),
        );
        imp.existing.categories.set(`slug:${slug}`, id);
        imp.existing.categories.set(`name:${r.name.toLowerCase()}`, id);
        imp.count(collection, match && !known ? 'unchanged' : state);
        break;
      }
      case 'municipality': {
        const slug = municipalitySlug(r.name);
        const match = known?.target ?? pick('municipalities', r.name, slug);
        const id = match ?? importId(o.source, 'municipality', r.key);
        imp.ids.set(ownString(`municipality:${r.key}`), id);
        if (state === 'unchanged' || match) {
          imp.count(collection, 'unchanged');
          if (!known) await queue('municipality', null, track('municipality', r.key, id, hash));
          break;
        }
        await queue(
          'municipality',
          async (trx) => {
            await trx('municipalities').insert({ id, name: r.name.trim(), slug, created_at: imp.date(r.created_at) }).onConflict('id').ignore();
            // The old portal's address of the list (spec's literal rule) answers 301 to the new one.
            if (r.slug && r.slug !== slug) await trx('list_redirects').insert({ slug: r.slug, municipality_id: id });
          },
          track('municipality', r.key, id, hash),
        );
        imp.existing.municipalities.set(`slug:${slug}`, id);
        imp.existing.municipalities.set(`name:${r.name.toLowerCase()}`, id);
        imp.count(collection, state);
        break;
      }
      case 'user': {
        const email = r.email.trim().toLowerCase();
        const match = known?.target ?? imp.existing.users.get(email) ?? null;
        const id = match ?? importId(o.source, 'user', r.key);
        imp.ids.set(ownString(`user:${r.key}`), id);
        if (r.had_2fa) imp.warn('profiles', r.key, r.full_name ?? email, 'Tinha verificação em duas etapas no portal anterior: não vem junto; a pessoa cadastra de novo ao entrar');
        if (state === 'unchanged' || (match && !known)) {
          imp.count(collection, 'unchanged');
          if (!known) await queue('user', null, track('user', r.key, id, hash));
          break;
        }
        const avatar = await fileUrl(r.avatar, owner);
        const municipality = r.municipality ? (imp.ids.get(`municipality:${r.municipality}`) ?? null) : null;
        if (r.municipality && !municipality) imp.townOf.set(id, ownString(r.municipality));
        const role = r.role ? ROLE_IDS[r.role] : null;
        await queue(
          'user',
          async (trx) => {
            // No password comes over (the old hashes cannot be checked here): the account waits for its invitation.
            const user = { id, email, ...splitName(r.full_name), role, status: 'invited', provider: 'default' };
            if (!(await trx('directus_users').where('id', id).first('id'))) await trx('directus_users').insert(user);
            else await trx('directus_users').where('id', id).update({ ...splitName(r.full_name), role });
            const profile = {
              id: importId(o.source, 'profile', r.key),
              user_id: id,
              full_name: r.full_name,
              email,
              whatsapp: r.whatsapp,
              instagram: r.instagram,
              avatar_url: avatar,
              bio: r.bio,
              role: r.role,
              municipality_id: municipality,
              created_at: imp.date(r.created_at),
            };
            await trx('profiles').insert(profile).onConflict('user_id').merge(['full_name', 'whatsapp', 'instagram', 'avatar_url', 'bio', 'role', 'municipality_id']);
          },
          track('user', r.key, id, hash),
        );
        imp.existing.users.set(email, id);
        imp.count(collection, state);
        break;
      }
      case 'file': {
        imp.ids.set(ownString(`file:${r.key}`), (await fileUrl(r.file, owner, { title: r.title, alt: r.alt })) ?? '');
        break;
      }
      case 'setting': {
        if (state === 'unchanged') {
          imp.count(collection, 'unchanged');
          break;
        }
        await queue('setting', null, track('setting', r.key, r.key, hash), [{ table: 'settings', row: { key: r.key, value: r.value }, upsert: { conflict: 'key', merge: ['value'] } }]);
        imp.count(collection, state);
        break;
      }
      case 'event': {
        const id = importId(o.source, 'event', r.key);
        if (state === 'unchanged') {
          imp.count(collection, 'unchanged');
          break;
        }
        const image = await fileUrl(r.image, owner);
        const row = { id, title: r.title, event_date: imp.date(r.event_date), location: r.location, image_url: image, url: r.url, is_active: r.is_active };
        await queue('event', null, track('event', r.key, id, hash), [{ table: 'events', row, upsert: { conflict: 'id', merge: 'all' } }]);
        imp.count(collection, state);
        break;
      }
      case 'ad': {
        const id = importId(o.source, 'ad', r.key);
        if (state === 'unchanged') {
          imp.count(collection, 'unchanged');
          break;
        }
        const { kind: _k, key: _key, origin: _o, ...fields } = r;
        const row = {
          ...fields,
          id,
          google_ad_format: fields.google_ad_format ?? 'auto',
          start_date: imp.date(r.start_date),
          end_date: imp.date(r.end_date),
          created_at: imp.date(r.created_at),
        };
        await queue('ad', null, track('ad', r.key, id, hash), [{ table: 'ads', row, upsert: { conflict: 'id', merge: 'all' } }]);
        imp.count(collection, state);
        break;
      }
      case 'news': {
        const id = importId(o.source, 'news', r.key);
        imp.ids.set(ownString(`news:${r.key}`), id);
        if (state === 'unchanged') {
          imp.count(collection, 'unchanged');
          break;
        }
        const story = await newsWrite(imp, r, id, known?.target === id, owner, fileUrl);
        await queue('news', story.work, track('news', r.key, id, hash), story.rows);
        imp.count(collection, state);
        break;
      }
    }
  }
  await flush();
  await writeTotals(imp);
  for (const [userId, town] of imp.townOf) {
    const municipality = imp.ids.get(`municipality:${town}`);
    if (municipality) await k('profiles').where('user_id', userId).update({ municipality_id: municipality });
  }
  return imp.report;
}

/** The write of one story: its row, its old addresses (slug and paths); a story imported before is updated in place. */
async function newsWrite(
  imp: Import,
  r: NewsRecord,
  id: string,
  existed: boolean,
  owner: { collection: string; key: string; title: string },
  fileUrl: (ref: FileRef | null, owner: { collection: string; key: string; title: string }) => Promise<string | null>,
): Promise<{ work: ((trx: Knex.Transaction) => Promise<void>) | null; rows: BulkRow[] }> {
  const featured = await fileUrl(r.featured_image, owner);
  const body = new Map<string, string | null>();
  for (const ref of r.body_images) body.set(ref.url, await fileUrl(ref, owner));
  const embeds = embedsAsLinks(r.content);
  if (embeds.turned) imp.warn('news', r.key, r.title, `${embeds.turned} incorporação(ões) <iframe> virou(aram) link para o conteúdo`);
  const content = rewriteImages(embeds.content, body);
  const author = r.author ? (imp.ids.get(`user:${r.author}`) ?? null) : null;
  if (r.author && !author) imp.warn('news', r.key, r.title, 'Autor não veio do portal anterior: notícia sem autor');
  const category = r.category ? (imp.ids.get(`category:${r.category}`) ?? null) : null;
  if (r.category && !category) imp.warn('news', r.key, r.title, 'Editoria não encontrada na exportação: notícia sem editoria');
  const municipality = r.municipality ? (imp.ids.get(`municipality:${r.municipality}`) ?? null) : null;

  // The address: a new story gets the portal's folded slug (decision 005); a story already imported keeps the one it got.
  let slug: string | null = null;
  if (!existed) {
    const base = (imp.o.source === 'wordpress' && r.slug ? newsSlug(r.slug) : newsSlug(r.title)) || 'noticia';
    slug = base;
    for (let n = 2; imp.takenSlugs.has(slug) || imp.takenAliases.has(slug); n++) slug = `${base}-${n}`;
    imp.takenSlugs.add(ownString(slug));
  }
  // Its old address (the old portal's slug; the hosted portal made it by the spec's literal rule) answers 301.
  const aliases = [r.slug].filter(
    (a): a is string => !!a && /^[a-z0-9-]{1,320}$/.test(a) && a !== slug && !imp.takenSlugs.has(a) && !imp.takenAliases.has(a),
  );
  for (const a of aliases) imp.takenAliases.add(ownString(a));
  const published = r.status === 'published';
  const row: Row = {
    id,
    title: r.title.trim().slice(0, 300),
    summary: r.summary,
    content,
    status: r.status,
    is_featured: r.is_featured,
    featured_image: featured,
    featured_image_caption: featured ? (r.featured_image_caption?.slice(0, 500) ?? null) : null,
    category_id: category,
    municipality_id: municipality,
    author_id: author,
    published_at: published ? imp.date(r.published_at ?? r.created_at) : null,
    scheduled_at: imp.date(r.scheduled_at),
    first_published_at: published ? imp.date(r.published_at ?? r.created_at) : null,
    created_at: imp.date(r.created_at ?? r.published_at),
  };
  const paths = [...new Set(r.old_paths.map((p) => p.slice(0, 500)))];
  const rows: BulkRow[] = [
    ...(slug ? [{ table: 'news', row: { ...row, slug }, upsert: { conflict: 'id', merge: 'all' } } as BulkRow] : []),
    ...aliases.map((a): BulkRow => ({ table: 'news_redirects', row: { slug: a, news_id: id }, upsert: { conflict: 'slug', merge: 'ignore' } })),
    ...paths.map((p): BulkRow => ({ table: 'legacy_paths', row: { path: p, news_id: id, category_id: null }, upsert: { conflict: 'path', merge: ['news_id', 'category_id'] } })),
  ];
  if (slug) return { work: null, rows };
  const { id: _id, ...changes } = row;
  return { work: async (trx) => void (await trx('news').where('id', id).update(changes)), rows };
}

/** Story totals from the export's likes and views (set, not added: a re-run counts the same rows once). */
async function writeTotals(imp: Import) {
  const entries = [...imp.totals].flatMap(([key, t]) => {
    const id = imp.ids.get(`news:${key}`);
    return id ? [[id, t] as const] : [];
  });
  // 150 stories a statement: CASE … WHEN id THEN count, under SQLite's 999 bound variables.
  for (let i = 0; i < entries.length; i += 150) {
    const part = entries.slice(i, i + 150);
    const cases = (pick: (t: { views: number; likes: number }) => number) => ({
      sql: `CASE id ${part.map(() => 'WHEN ? THEN CAST(? AS INTEGER)').join(' ')} ELSE 0 END`,
      bindings: part.flatMap(([id, t]) => [id, pick(t)]),
    });
    const views = cases((t) => t.views);
    const likes = cases((t) => t.likes);
    await imp.o
      .knex('news')
      .whereIn('id', part.map(([id]) => id))
      .update({ view_count: imp.o.knex.raw(views.sql, views.bindings), like_count: imp.o.knex.raw(likes.sql, likes.bindings) });
  }
}

/** Where a CLI error comes from, for its message: a reader's ImportInputError names the file and the line. */
export const describeImportError = (e: unknown): string =>
  e instanceof ImportInputError ? e.message : e instanceof Error ? e.message : String(e);
