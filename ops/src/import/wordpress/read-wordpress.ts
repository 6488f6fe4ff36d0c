/**
 * The reader of a WordPress WXR export (issue #27, `npm run import --
 * wordpress <export.xml> [--uploads <dir>]`): authors, categories,
 * attachments, posts and the old addresses of lists, as the source-neutral
 * records of records.ts, in dependency order. The file is read twice: first
 * the site's authors, terms and attachments (a post's featured image may come
 * after it), then the posts one at a time. Only the attachment index stays
 * in memory.
 */
import { stat } from 'node:fs/promises';
import { ownString } from '../rules.ts';
import { join } from 'node:path';
import { decode as decodeHtml } from 'he';
import {
  ImportInputError,
  type CategoryRecord,
  type FileRef,
  type ImportReader,
  type ImportRecord,
  type NewsRecord,
  type Origin,
  type UserRecord,
} from '../records.ts';
import { reduceBody } from './body.ts';
import { readWxr, type WxrAuthor, type WxrCategory, type WxrItem } from './wxr.ts';
import type { NewsStatus } from '@portal/domain/news-status';

/** Collections named in skipped and warning entries. */
export const COLLECTIONS = { users: 'users', categories: 'categories', files: 'files', news: 'news' } as const;

export type ReadWordpressOptions = { uploads?: string | null };

type Attachment = {
  id: string;
  url: string;
  path: string | null;
  title: string;
  alt: string | null;
  caption: string | null;
  parent: string;
  line: number;
};

const UPLOADS = /\/wp-content\/uploads\/([^?#]+)/;
/** WordPress's resized copies (`foto-1024x683.jpg`) and big-image originals (`foto-scaled.jpg`). */
const SIZED = /-(?:\d+x\d+|scaled|rotated)(?=\.[A-Za-z0-9]+$)/;
const ZERO_DATE = /^0000-00-00/;

/**
 * A copy of a string that does not point into the XML chunk it was cut from:
 * V8 keeps a whole 256 KB chunk alive for a 20-byte slice, and the attachment
 * index would otherwise hold the entire export.
 */
const detach = ownString;
const detachOrNull = (s: string | null): string | null => (s === null ? null : detach(s));

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** The uploads-relative path of an address (`…/wp-content/uploads/2024/03/a.jpg` → `2024/03/a.jpg`), or null. */
export function uploadsPath(url: string): string | null {
  const m = UPLOADS.exec(url);
  return m ? safeDecode(m[1]!) : null;
}

/**
 * A WordPress date as an instant: post_date_gmt when set; else post_date in
 * the site's zone, taken as Belém's (UTC-3) since WXR does not carry the zone.
 * @example wpInstant('2024-03-10 12:30:00', '2024-03-10 09:30:00') // '2024-03-10T12:30:00Z'
 */
export function wpInstant(gmt: string, local: string): string | null {
  const ok = (s: string) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(s) && !ZERO_DATE.test(s);
  if (ok(gmt)) return `${gmt.replace(' ', 'T')}Z`;
  if (ok(local)) return `${local.replace(' ', 'T')}-03:00`;
  return null;
}

/** Plain text of an excerpt (WordPress allows HTML in it). */
function excerptText(html: string): string | null {
  const t = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return t ? decodeHtml(t) : null;
}

const SKIPPED_TYPES: Record<string, string> = {
  page: 'Página do WordPress não é notícia',
  nav_menu_item: 'Item de menu do WordPress (o menu do portal é montado pelas editorias)',
  revision: 'Revisão antiga de um post (só a versão atual vem)',
  wp_block: 'Bloco reutilizável do editor do WordPress',
  custom_css: 'CSS do tema do WordPress',
  customize_changeset: 'Rascunho de personalização do tema',
  oembed_cache: 'Cache de incorporação do WordPress',
  user_request: 'Pedido de dados pessoais (LGPD) do WordPress',
  wp_template: 'Modelo do tema do WordPress',
  wp_template_part: 'Parte de modelo do tema do WordPress',
  wp_global_styles: 'Estilos do tema do WordPress',
  wp_navigation: 'Menu de navegação do WordPress',
};
const SKIPPED_STATUSES: Record<string, string> = {
  trash: 'Post na lixeira do WordPress',
  'auto-draft': 'Rascunho automático do WordPress (nunca salvo por alguém)',
  inherit: 'Versão salva automaticamente de um post',
};
const NOT_PUBLIC = 'Post privado/protegido por senha no WordPress: importado como rascunho';
const ROLE_REVIEW = 'Papel não vem do WordPress: revise em Perfis';

/**
 * The records of a WXR export, in dependency order: users, categories,
 * files, news, list paths (with skipped and warning entries among them).
 * @throws ImportInputError (on iteration) for a missing or broken file, or an uploads folder that does not exist.
 */
export function readWordpress(file: string, opts: ReadWordpressOptions = {}): ImportReader {
  return { [Symbol.asyncIterator]: () => records(file, opts.uploads ?? null) };
}

async function* records(file: string, uploads: string | null): AsyncGenerator<ImportRecord> {
  if (uploads !== null) {
    const s = await stat(uploads).catch(() => null);
    if (!s?.isDirectory()) throw new ImportInputError('pasta de uploads do WordPress não encontrada', uploads, null);
  }
  const origin = (line: number): Origin => ({ file, line });
  const exists = async (rel: string) => uploads !== null && !!(await stat(join(uploads, rel)).catch(() => null))?.isFile();

  // Pass 1: the site (authors, terms) and the attachment index.
  const authors: WxrAuthor[] = [];
  const categories = new Map<string, WxrCategory>();
  const attachments = new Map<string, Attachment>();
  const byPath = new Map<string, Attachment>();
  const byUrl = new Map<string, Attachment>();
  const byParent = new Map<string, string[]>();
  for await (const e of readWxr(file)) {
    if (e.kind === 'author') authors.push(e.author);
    else if (e.kind === 'category') categories.set(detach(e.category.nicename), e.category);
    else if (e.kind === 'item') {
      const it = e.item;
      if (it.post_type === 'attachment') {
        const a = await toAttachment(it, uploads !== null, exists);
        attachments.set(a.id, a);
        const rel = uploadsPath(a.url);
        if (rel) byPath.set(rel, a);
        byUrl.set(a.url.replace(/^https?:/, ''), a);
        if (a.parent && a.parent !== '0') byParent.set(a.parent, [...(byParent.get(a.parent) ?? []), a.id]);
      } else if (it.post_type === 'post') {
        // An export of posts only has no <wp:category>: the posts' own categories stand in.
        for (const c of it.categories) {
          if (c.domain === 'category' && c.nicename && !categories.has(c.nicename)) {
            const nicename = detach(c.nicename);
            categories.set(nicename, { term_id: '', nicename, parent: '', name: detach(c.name || c.nicename), description: '', line: it.line });
          }
        }
      }
    }
  }

  // Users.
  const users = new Set<string>();
  for (const a of authors) {
    const title = a.display_name || a.login;
    if (!a.email) {
      yield {
        kind: 'skipped',
        collection: COLLECTIONS.users,
        key: a.login,
        title,
        reason: 'Autor sem e-mail no WordPress: não há como criar a conta',
        origin: origin(a.line),
      };
      continue;
    }
    users.add(a.login);
    const full = a.display_name || [a.first_name, a.last_name].filter(Boolean).join(' ') || null;
    const user: UserRecord = {
      kind: 'user',
      key: a.login,
      email: a.email,
      full_name: full,
      role: 'producer',
      municipality: null,
      whatsapp: null,
      instagram: null,
      avatar: null,
      bio: null,
      had_2fa: false,
      created_at: null,
      origin: origin(a.line),
    };
    yield user;
    yield { kind: 'warning', collection: COLLECTIONS.users, key: a.login, title, message: ROLE_REVIEW, origin: origin(a.line) };
  }

  // Categories (flat in the portal).
  for (const c of categories.values()) {
    const record: CategoryRecord = {
      kind: 'category',
      key: c.nicename,
      name: c.name || c.nicename,
      slug: safeDecode(c.nicename),
      description: c.description || null,
      origin: origin(c.line),
    };
    yield record;
    if (c.parent) {
      const parent = categories.get(c.parent)?.name ?? c.parent;
      yield {
        kind: 'warning',
        collection: COLLECTIONS.categories,
        key: c.nicename,
        title: record.name,
        message: `Editorias não têm subníveis no portal: "${record.name}" deixa de ficar dentro de "${parent}"`,
        origin: origin(c.line),
      };
    }
  }

  // Files.
  for (const a of attachments.values()) {
    yield { kind: 'file', key: a.id, file: { url: a.url, path: a.path }, title: a.title || null, alt: a.alt, origin: origin(a.line) };
  }

  // News, one post at a time.
  const resolved = new Map<string, string | null>();
  const imageRef = async (src: string): Promise<FileRef | null> => {
    const bare = src.split(/[?#]/)[0]!;
    const rel = uploadsPath(bare);
    const known = byUrl.get(bare.replace(/^https?:/, '')) ?? (rel ? byPath.get(rel) : undefined);
    if (!rel && !known) return null;
    if (uploads === null) return { url: src, path: null };
    if (rel && !resolved.has(rel)) {
      // The copy the body shows, else the original it was resized from.
      const original = rel.replace(SIZED, '');
      const found = (await exists(rel)) ? rel : original !== rel && (await exists(original)) ? original : (byPath.get(original)?.path ?? null);
      resolved.set(detach(rel), detachOrNull(found));
    }
    return { url: src, path: known?.path ?? (rel ? resolved.get(rel)! : null) };
  };

  for await (const e of readWxr(file)) {
    if (e.kind !== 'item' || e.item.post_type === 'attachment') continue;
    const it = e.item;
    const title = it.title || '(sem título)';
    const key = it.post_id;
    if (it.post_type !== 'post') {
      const reason = SKIPPED_TYPES[it.post_type] ?? `Conteúdo do tipo "${it.post_type}" do WordPress não é notícia`;
      yield { kind: 'skipped', collection: COLLECTIONS.news, key, title, reason, origin: origin(it.line) };
      continue;
    }
    const skip = SKIPPED_STATUSES[it.status];
    if (skip) {
      yield { kind: 'skipped', collection: COLLECTIONS.news, key, title, reason: skip, origin: origin(it.line) };
      continue;
    }
    const messages = new Set<string>();
    const news = await toNews(it, title, messages);
    yield news;
    for (const message of messages) yield { kind: 'warning', collection: COLLECTIONS.news, key, title, message, origin: news.origin };
  }

  // Old addresses of the category lists.
  for (const c of categories.values()) {
    const chain = [c.nicename];
    for (let p = categories.get(c.parent); p && chain.length < 10; p = categories.get(p.parent)) chain.unshift(p.nicename);
    const paths = new Set([`/category/${c.nicename}/`, `/category/${chain.join('/')}/`]);
    if (c.term_id) paths.add(`/?cat=${c.term_id}`);
    yield { kind: 'list_path', category: c.nicename, paths: [...paths] };
  }

  async function toNews(it: WxrItem, title: string, messages: Set<string>): Promise<NewsRecord> {
    const warn = (m: string) => messages.add(m);
    if (!it.title) warn('Post sem título no WordPress: importado como "(sem título)"');

    // Status: private and password-protected posts must not become public.
    let status: NewsStatus;
    const hidden = it.status === 'private' || it.post_password.length > 0;
    if (hidden) status = 'draft';
    else if (it.status === 'publish' || it.status === 'future') status = 'published';
    else if (it.status === 'pending') status = 'pending';
    else if (it.status === 'draft') status = 'draft';
    else {
      status = 'draft';
      warn(`Situação "${it.status}" desconhecida no WordPress: importado como rascunho`);
    }
    if (hidden) warn(NOT_PUBLIC);
    const when = wpInstant(it.post_date_gmt, it.post_date);
    const published_at = status === 'published' ? when : null;
    const scheduled_at = status === 'published' && it.status === 'future' ? when : null;

    // Category: the first; the others (and the tags) reported.
    const cats = it.categories.filter((c) => c.domain === 'category' && c.nicename);
    const tags = it.categories.filter((c) => c.domain === 'post_tag');
    const category = cats[0]?.nicename ?? null;
    const others = cats.slice(1).map((c) => c.name || c.nicename);
    if (others.length || tags.length) {
      const parts = [
        others.length ? `outras editorias (${others.join(', ')})` : '',
        tags.length ? `tags (${tags.map((t) => t.name || t.nicename).join(', ')})` : '',
      ].filter(Boolean);
      warn(`Só a primeira editoria vem (${cats[0]?.name ?? 'nenhuma'}); ficaram de fora: ${parts.join(' e ')}`);
    }

    // Body.
    const captions = new Map<string, string>();
    const srcs: string[] = [];
    const content = reduceBody(it.content, {
      warn,
      image: (src) => srcs.push(src),
      attachment: (id) => {
        const a = attachments.get(id);
        return a ? { url: a.url, alt: a.alt, caption: a.caption } : null;
      },
      attachedTo: () => byParent.get(it.post_id) ?? [],
      caption: (id, text) => captions.set(id, text),
    });
    const body_images: FileRef[] = [];
    const seen = new Set<string>();
    for (const src of srcs) {
      if (seen.has(src)) continue;
      seen.add(src);
      const ref = await imageRef(src);
      if (ref) body_images.push(ref);
    }

    // Featured image.
    const thumb = it.meta.get('_thumbnail_id')?.trim();
    let featured_image: FileRef | null = null;
    let featured_image_caption: string | null = null;
    if (thumb && thumb !== '0') {
      const a = attachments.get(thumb);
      if (a) {
        featured_image = { url: a.url, path: a.path };
        featured_image_caption = a.caption ?? captions.get(thumb) ?? null;
      } else warn(`Imagem destacada (anexo ${thumb}) não está na exportação`);
    }

    const author = users.has(it.creator) ? it.creator : null;
    return {
      kind: 'news',
      key: it.post_id,
      title,
      summary: excerptText(it.excerpt),
      content,
      slug: it.post_name ? safeDecode(it.post_name) : null,
      status,
      is_featured: it.is_sticky,
      featured_image,
      featured_image_caption,
      category,
      municipality: null,
      author,
      published_at,
      scheduled_at,
      created_at: when,
      body_images,
      old_paths: oldPaths(it),
      origin: origin(it.line),
    };
  }
}

async function toAttachment(it: WxrItem, withUploads: boolean, exists: (rel: string) => Promise<boolean>): Promise<Attachment> {
  const url = it.attachment_url || it.guid;
  let path: string | null = null;
  if (withUploads) {
    const attached = it.meta.get('_wp_attached_file')?.trim() ?? '';
    // Very old installs stored an absolute server path.
    const fromMeta = attached.startsWith('/') ? (attached.split('/uploads/')[1] ?? '') : attached;
    for (const candidate of [fromMeta, uploadsPath(url) ?? '']) {
      if (candidate && (await exists(candidate))) {
        path = candidate;
        break;
      }
    }
  }
  return {
    id: detach(it.post_id),
    url: detach(url),
    path: detachOrNull(path),
    title: detach(it.title),
    alt: detachOrNull(it.meta.get('_wp_attachment_image_alt')?.trim() || null),
    caption: detachOrNull(excerptText(it.excerpt)),
    parent: detach(it.post_parent),
    line: it.line,
  };
}

/**
 * The addresses a post answered at in WordPress: its permalink, `/?p=ID`,
 * the day-and-name and the post-name structures.
 * @example oldPaths(post 12 "ola" of 2020-05-03) // ['/2020/05/03/ola/', '/?p=12', '/ola/']
 */
export function oldPaths(it: Pick<WxrItem, 'link' | 'post_id' | 'post_name' | 'post_date'>): string[] {
  const paths = new Set<string>();
  try {
    const u = new URL(it.link);
    if (u.pathname !== '/' || u.search) paths.add(u.pathname + u.search);
  } catch {
    if (it.link.startsWith('/')) paths.add(it.link);
  }
  paths.add(`/?p=${it.post_id}`);
  const d = /^(\d{4})-(\d{2})-(\d{2})/.exec(it.post_date);
  if (it.post_name) {
    if (d && !ZERO_DATE.test(it.post_date)) paths.add(`/${d[1]}/${d[2]}/${d[3]}/${it.post_name}/`);
    paths.add(`/${it.post_name}/`);
  }
  return [...paths];
}
