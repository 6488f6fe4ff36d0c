/**
 * The restore drill's pieces (issue #28), shared by the embedded API suite and
 * the production topology suite: a newsroom's content arranged through the
 * real API, its rhythm (a writer publishing and deleting with uploads, readers
 * viewing) running while the backup is taken, and the comparisons of a
 * restored portal with the original, table by table and file by file.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { demoImage } from '../../directus/seed/images.ts';
import { freshTotp } from './totp.ts';

export const DRILL_PASSWORD = 'portal-demo-2026';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

type Json = Record<string, any>;

export class Client {
  readonly base: string;
  readonly token: string | null;
  constructor(base: string, token: string | null) {
    this.base = base;
    this.token = token;
  }
  async call(method: string, p: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; data: any }> {
    const res = await fetch(`${this.base}${p}`, {
      method,
      headers: { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const json = text ? JSON.parse(text) : {};
    return { status: res.status, data: json.data ?? json };
  }
  async ok(method: string, p: string, body?: unknown, headers?: Record<string, string>) {
    const r = await this.call(method, p, body, headers);
    if (r.status >= 300) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(r.data)}`);
    return r.data;
  }
  async upload(bytes: Buffer, title: string): Promise<string> {
    const form = new FormData();
    form.append('title', title);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `${title}.jpg`);
    const res = await fetch(`${this.base}/files`, { method: 'POST', headers: this.token ? { authorization: `Bearer ${this.token}` } : {}, body: form });
    const body = (await res.json()) as { data?: { id: string }; errors?: unknown };
    if (!body.data) throw new Error(`upload: ${res.status} ${JSON.stringify(body.errors)}`);
    return body.data.id;
  }
}

export async function signIn(base: string, email: string, otp?: string): Promise<{ status: number; token: string | null; code?: string }> {
  const r = await new Client(base, null).call('POST', '/auth/login', { email, password: DRILL_PASSWORD, ...(otp ? { otp } : {}) });
  return { status: r.status, token: r.data?.access_token ?? null, code: r.data?.errors?.[0]?.extensions?.code };
}

let address = 0;
/** A reader's view from its own address (X-Forwarded-For is trusted from loopback). */
export const view = (api: Client, newsId: string) =>
  api.call('POST', '/portal/article-view', { news_id: newsId, session_id: randomUUID() }, { 'x-forwarded-for': `10.${20 + ((++address >> 16) & 7)}.${(address >> 8) & 255}.${address & 255}`, 'user-agent': UA });
export const like = (api: Client, newsId: string) =>
  api.call('POST', '/portal/likes', { news_id: newsId, session_id: randomUUID() }, { 'x-forwarded-for': `10.30.${(++address >> 8) & 255}.${address & 255}`, 'user-agent': UA });

export type Arranged = {
  stories: Array<{ id: string; slug: string; fileId: string }>;
  renamed: { id: string; from: string; to: string };
  tfa: { email: string; secret: string };
  /** A session from before the backup: with the secrets restored, it still works. */
  sessionToken: string;
  hot: string[];
};

/** Content, uploads, a renamed story, views, TOPs, a correction and a 2FA account, through the API. */
export async function arrange(base: string, adminToken: string, tag: string): Promise<Arranged> {
  const admin = new Client(base, adminToken);
  const [cat] = await admin.ok('GET', '/items/categories?limit=1&fields=id');
  const stories: Arranged['stories'] = [];
  for (let i = 0; i < 4; i++) {
    const fileId = await admin.upload(await demoImage(i + 3), `drill-${tag}-${i}`);
    const s = await admin.ok('POST', '/items/news', {
      title: `Ensaio de restauração ${tag} ${i}: a cheia do Tapajós`,
      summary: 'Matéria do ensaio de backup e restauração.',
      content: `Parágrafo ${i} da matéria.\n\nOutro parágrafo.`,
      status: 'published',
      category_id: cat.id,
      featured_image: `/api/assets/${fileId}`,
      featured_image_caption: 'Foto: Redação',
    });
    stories.push({ id: s.id, slug: s.slug, fileId });
  }
  // An old address: an editor's slug change keeps the old one as an alias (301).
  const r = stories[1]!;
  const to = `${r.slug}-revista`;
  await admin.ok('PATCH', `/items/news/${r.id}`, { slug: to });
  const renamed = { id: r.id, from: r.slug, to };
  r.slug = to;
  await admin.ok('POST', '/items/news_corrections', { news_id: stories[0]!.id, note: 'Corrigido o nível do rio.' });
  // A live coverage's entries (issue #30): restored with their story.
  await admin.ok('PATCH', `/items/news/${stories[2]!.id}`, { live_status: 'live' });
  for (const body of ['<p>O rio subiu 10 cm.</p>', '<p>A orla foi interditada.</p>'])
    await admin.ok('POST', '/items/news_live_entries', { news_id: stories[2]!.id, body, status: 'published', image: `/api/assets/${stories[2]!.fileId}` });
  const anon = new Client(base, null);
  for (const [i, s] of stories.entries()) {
    for (let v = 0; v < 3 + i; v++) await view(anon, s.id);
    for (let l = 0; l < 1 + i; l++) await like(anon, s.id);
  }
  // Staff with two-factor sign-in.
  const [role] = await admin.ok('GET', '/roles?filter[name][_eq]=editor&fields=id');
  const email = `drill-2fa-${tag}@portal.test`;
  await admin.ok('POST', '/users', { email, password: DRILL_PASSWORD, role: role.id, first_name: 'Rita', last_name: 'Duarte', status: 'active' });
  const first = await signIn(base, email);
  const staff = new Client(base, first.token);
  const { secret } = await staff.ok('POST', '/users/me/tfa/generate', { password: DRILL_PASSWORD });
  await staff.ok('POST', '/users/me/tfa/enable', { secret, otp: await freshTotp(secret) });
  const session = await signIn(base, email, await freshTotp(secret));
  return { stories, renamed, tfa: { email, secret }, sessionToken: session.token!, hot: [stories[2]!.id, stories[3]!.id] };
}

/**
 * The newsroom at work until `stop()`: a writer publishing stories with new
 * uploads (and deleting some, file and all), readers viewing the hot stories.
 */
export function rhythm(base: string, adminToken: string, hot: string[], tag: string) {
  const admin = new Client(base, adminToken);
  const anon = new Client(base, null);
  let running = true;
  const counts = { published: 0, deleted: 0, views: 0, errors: [] as string[] };
  const writer = (async () => {
    let i = 0;
    const mine: Array<{ id: string; fileId: string }> = [];
    while (running) {
      try {
        const fileId = await admin.upload(await demoImage(i % 16), `rhythm-${tag}-${i}`);
        const s = await admin.ok('POST', '/items/news', {
          title: `Ritmo da redação ${tag} ${i}`,
          content: 'Publicada durante o backup.',
          status: 'published',
          featured_image: `/api/assets/${fileId}`,
        });
        mine.push({ id: s.id, fileId });
        counts.published++;
        if (i % 3 === 2) {
          // Taken down with its photo: story row, then the file (row and bytes).
          const gone = mine.shift()!;
          await admin.ok('DELETE', `/items/news/${gone.id}`);
          await admin.ok('DELETE', `/files/${gone.fileId}`);
          counts.deleted++;
        }
      } catch (e) {
        counts.errors.push(String(e));
      }
      i++;
    }
  })();
  const readers = Array.from({ length: 3 }, async () => {
    while (running) {
      const r = await view(anon, hot[counts.views % hot.length]!).catch((e) => ({ status: String(e) }));
      if (r.status === 200) counts.views++;
      else counts.errors.push(`view ${r.status}`);
    }
  });
  return {
    counts,
    /** Resolves once the counts say enough has happened (3 minutes at most). */
    until: async (enough: (c: typeof counts) => boolean) => {
      const end = Date.now() + 180_000;
      while (!enough(counts)) {
        if (Date.now() > end) throw new Error(`o ritmo da redação não avançou: ${JSON.stringify(counts)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    stop: async () => {
      running = false;
      await Promise.all([writer, ...readers]);
      return counts;
    },
  };
}

export const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Rows of `table` ordered by key, as comparable JSON (dates and numbers normalised by the driver). */
export async function rows(k: Knex, table: string, key = 'id', where?: (q: Knex.QueryBuilder) => void): Promise<Json[]> {
  const q = k(table).orderBy(key);
  if (where) where(q);
  return ((await q) as Json[]).map((r) => JSON.parse(JSON.stringify(r)));
}

/** What a restored database must never hold: a story pointing at a missing file, a view or TOP of a missing story. */
export async function dangling(k: Knex, uploadsDir: string | null): Promise<string[]> {
  const problems: string[] = [];
  const files = new Map(((await k('directus_files').select('id', 'filename_disk')) as Json[]).map((f) => [f.id as string, f.filename_disk as string]));
  for (const n of (await k('news').whereNotNull('featured_image').select('id', 'featured_image')) as Json[]) {
    const id = /\/assets\/([0-9a-f-]{36})/.exec(n.featured_image)?.[1];
    if (!id) continue;
    const disk = files.get(id);
    if (!disk) problems.push(`notícia ${n.id} aponta para o arquivo ${id}, ausente do banco`);
    else if (uploadsDir && !existsSync(path.join(uploadsDir, disk))) problems.push(`notícia ${n.id} aponta para ${disk}, ausente do disco`);
  }
  for (const t of ['news_views', 'news_likes', 'news_daily', 'news_corrections', 'news_redirects', 'news_live_entries']) {
    const orphans = await k(t).leftJoin('news', `${t}.news_id`, 'news.id').whereNull('news.id').count({ n: '*' }).first();
    if (Number(orphans!.n)) problems.push(`${orphans!.n} linha(s) de ${t} de notícia ausente`);
  }
  return problems;
}

/**
 * The content arranged before the backup, compared row by row between the
 * original and a restored database: stories read only before it (with their
 * views), TOPs, corrections, old addresses, the uploads' rows, every login
 * (password hashes, 2FA secrets), categories and settings. Differences, as text.
 */
export async function contentDifferences(restored: Knex, original: Knex, a: Arranged): Promise<string[]> {
  const cold = a.stories.slice(0, 2).map((s) => s.id);
  const all = a.stories.map((s) => s.id);
  const checks: Array<[string, string, (q: Knex.QueryBuilder) => void]> = [
    ['news', 'id', (q) => q.whereIn('id', cold)],
    ['news_views', 'id', (q) => q.whereIn('news_id', cold)],
    ['news_daily', 'id', (q) => q.whereIn('news_id', cold)],
    ['news_likes', 'id', (q) => q.whereIn('news_id', all)],
    ['news_corrections', 'id', (q) => q.whereIn('news_id', all)],
    ['news_live_entries', 'id', (q) => q.whereIn('news_id', all)],
    ['news_redirects', 'slug', (q) => q.whereIn('news_id', all)],
    ['directus_files', 'id', (q) => q.whereIn('id', a.stories.map((s) => s.fileId))],
    ['directus_users', 'id', () => {}],
    ['categories', 'id', () => {}],
    ['settings', 'key', () => {}],
  ];
  const out: string[] = [];
  for (const [table, key, where] of checks) {
    const [r, o] = [await rows(restored, table, key, where), await rows(original, table, key, where)];
    if (JSON.stringify(r) !== JSON.stringify(o)) out.push(`${table}: ${JSON.stringify(r).slice(0, 300)} ≠ ${JSON.stringify(o).slice(0, 300)}`);
    else if (!r.length && table !== 'news_daily') out.push(`${table}: nenhuma linha a comparar`);
  }
  const user = (await restored('directus_users').where('email', a.tfa.email).first('password', 'tfa_secret')) as { password: string; tfa_secret: string } | undefined;
  if (!user?.password?.startsWith('$argon2') || !user.tfa_secret) out.push('a conta com 2FA voltou sem hash de senha ou sem segredo TOTP');
  return out;
}

/** The restored portal signs in with 2FA, keeps a session from before the backup, and has the same counts. */
export async function restoredLogins(directusUrl: string, a: Arranged): Promise<string[]> {
  const out: string[] = [];
  const without = await signIn(directusUrl, a.tfa.email);
  if (without.code !== 'INVALID_OTP') out.push(`sem o código: ${without.status} ${without.code}`);
  const withCode = await signIn(directusUrl, a.tfa.email, await freshTotp(a.tfa.secret));
  if (withCode.status !== 200) out.push(`com o código: ${withCode.status}`);
  const me = await new Client(directusUrl, a.sessionToken).call('GET', '/users/me?fields=email');
  if (me.data?.email !== a.tfa.email) out.push('a sessão de antes do backup não vale mais (segredo não restaurado?)');
  const counts = (await new Client(directusUrl, null).ok('GET', `/portal/counts?ids=${a.stories.map((s) => s.id).join(',')}`)) as Record<string, { views: number; likes: number }>;
  for (const [i, s] of a.stories.entries()) {
    if (counts[s.id]?.likes !== 1 + i) out.push(`TOPs de ${s.slug}: ${counts[s.id]?.likes}`);
    if (i < 2 && counts[s.id]?.views !== 3 + i) out.push(`visualizações de ${s.slug}: ${counts[s.id]?.views}`);
  }
  return out;
}
