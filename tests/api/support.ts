/**
 * Blackbox helpers for the API suite: an HTTP client per role against the
 * real Directus started by global-setup.ts, plus factories shared with the seed.
 */
import { expect, inject } from 'vitest';
import { randomUUID } from 'node:crypto';

export { adFactory, categoryFactory, eventFactory, municipalityFactory, newsFactory } from '../../directus/seed/factories.ts';

export const PASSWORD = 'portal-demo-2026';
export const EMAILS = { super_admin: 'admin@portal.test', editor: 'editor@portal.test', producer: 'produtor@portal.test' } as const;
export type Who = 'anonymous' | keyof typeof EMAILS;

export type Res<T = any> = { status: number; data: T; errors?: Array<{ message: string; extensions?: { code?: string } }> };

export class Api {
  readonly base: string;
  readonly token: string | null;
  readonly userId: string | null;
  constructor(base: string, token: string | null, userId: string | null = null) {
    this.base = base;
    this.token = token;
    this.userId = userId;
  }
  async req<T = any>(method: string, path: string, body?: unknown): Promise<Res<T>> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const json = text ? JSON.parse(text) : {};
    return { status: res.status, data: json.data ?? json, errors: json.errors };
  }
  get<T = any>(path: string) {
    return this.req<T>('GET', path);
  }
  post<T = any>(path: string, body: unknown) {
    return this.req<T>('POST', path, body);
  }
  patch<T = any>(path: string, body: unknown) {
    return this.req<T>('PATCH', path, body);
  }
  del(path: string) {
    return this.req('DELETE', path);
  }
}

/**
 * The data of a write that must have succeeded: a refusal test whose fixture
 * was never created would pass for the wrong reason (a PATCH to
 * /items/news/undefined is refused too).
 */
export function created<T>(r: Res<T>): T {
  expect(r.status, `fixture não criada: ${r.errors?.[0]?.message ?? ''}`).toBe(200);
  return r.data;
}

export const baseUrl = () => inject('directusUrl');
export const admin = () => new Api(baseUrl(), inject('adminToken'));
export const anonymous = () => new Api(baseUrl(), null);

export async function signIn(email: string, password = PASSWORD): Promise<Api> {
  const res = await anonymous().post('/auth/login', { email, password });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.errors)}`);
  const me = await new Api(baseUrl(), res.data.access_token).get('/users/me?fields=id');
  return new Api(baseUrl(), res.data.access_token, me.data.id);
}

/** Clients for the four audiences of the permission matrix. */
export async function asEveryone() {
  const [super_admin, editor, producer] = await Promise.all([signIn(EMAILS.super_admin), signIn(EMAILS.editor), signIn(EMAILS.producer)]);
  return { anonymous: anonymous(), producer, editor, super_admin } satisfies Record<Who, Api>;
}

/**
 * A new user's profile. Directus runs the hook that writes it after the
 * response (an after-commit action, as the admin's create-staff waits for it),
 * so it is awaited here rather than read once.
 */
export async function profileOf(userId: string, fields: string): Promise<Record<string, any>> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const row = (await admin().get(`/items/profiles?filter[user_id][_eq]=${userId}&fields=${fields}`)).data?.[0];
    if (row) return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`o perfil do usuário ${userId} não foi criado em 5 s`);
}

/** A staff user created for one test (e.g. a second producer in another municipality). */
export async function createStaff(role: 'producer' | 'editor' | 'super_admin', municipalityName?: string) {
  const a = admin();
  const roles = await a.get(`/roles?filter[name][_eq]=${role}&fields=id`);
  const email = `${role}-${randomUUID().slice(0, 8)}@portal.test`;
  const created = await a.post('/users', { email, password: PASSWORD, role: roles.data[0].id, first_name: 'Teste', last_name: role, status: 'active' });
  if (created.status !== 200) throw new Error(JSON.stringify(created.errors));
  if (municipalityName) {
    const m = await a.get(`/items/municipalities?filter[name][_eq]=${encodeURIComponent(municipalityName)}&fields=id`);
    const profile = await profileOf(created.data.id, 'id');
    await a.patch(`/items/profiles/${profile.id}`, { municipality_id: m.data[0].id });
  }
  return signIn(email);
}

export async function municipalityId(name: string): Promise<string> {
  const r = await admin().get(`/items/municipalities?filter[name][_eq]=${encodeURIComponent(name)}&fields=id`);
  return r.data[0].id;
}

export async function categoryId(slug: string): Promise<string> {
  const r = await admin().get(`/items/categories?filter[slug][_eq]=${slug}&fields=id`);
  return r.data[0].id;
}

/** Creates a news as super_admin (any status) and returns it. */
export async function seedNews(overrides: Record<string, unknown> = {}) {
  const { newsFactory } = await import('../../directus/seed/factories.ts');
  const r = await admin().post('/items/news', newsFactory(overrides as any));
  if (r.status !== 200) throw new Error(`seedNews: ${r.status} ${JSON.stringify(r.errors)}`);
  return r.data as { id: string; slug: string; status: string; published_at: string | null; author_id: string; municipality_id: string | null };
}

export const message = (r: Res) => r.errors?.[0]?.message;
export const code = (r: Res) => r.errors?.[0]?.extensions?.code;

/**
 * Direct database access, bypassing Directus and its hooks: how a test
 * arranges a row "written before the rules existed" (legacy or hand-edited data).
 */
export async function rawDb() {
  const { default: knexFactory } = await import('knex');
  const e = inject('dbEnv');
  return e.DB_CLIENT === 'pg'
    ? knexFactory({
        client: 'pg',
        connection: { host: e.DB_HOST, port: Number(e.DB_PORT), database: e.DB_DATABASE, user: e.DB_USER, password: e.DB_PASSWORD },
        pool: { min: 0, max: 1 },
      })
    : knexFactory({ client: 'sqlite3', connection: { filename: e.DB_FILENAME! }, useNullAsDefault: true, pool: { min: 0, max: 1 } });
}

/** A story's views as stored: raw rows, the counter and the per-day total (they must agree). */
export async function storedViews(newsId: string) {
  const db = await rawDb();
  try {
    const rows = Number((await db('news_views').where('news_id', newsId).count({ n: '*' }).first())!.n);
    const counter = Number((await db('news').where('id', newsId).first('view_count'))!.view_count);
    const daily = Number((await db('news_daily').where('news_id', newsId).sum({ n: 'views' }).first())!.n ?? 0);
    return { rows, counter, daily };
  } finally {
    await db.destroy();
  }
}

/** Polls until `check` holds: for what Directus does after commit (action hooks), never a fixed sleep. */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('tempo esgotado esperando o estado depois do commit');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Per-minute caps count by clock minute (domain/reader-traffic.ts): a test that
 * sends a cap's worth of requests starts with at least `needMs` of the minute
 * left, so its burst never straddles two windows (which would allow twice the cap).
 */
export async function withinOneMinute(needMs = 15_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needMs) await new Promise((r) => setTimeout(r, left + 50));
}

/**
 * The Redis database of one API run: the SQLite and PostgreSQL runs go side by
 * side in CI and the code under test uses fixed key names (`portal:login-*`,
 * the sweep clock), so each run, and each use, gets its own database (issue #31).
 */
export function testRedisUrl(use: 'login' | 'sweep'): string {
  if (process.env.TEST_REDIS_URL) return process.env.TEST_REDIS_URL;
  const db = { sqlite: { login: 7, sweep: 8 }, postgres: { login: 10, sweep: 11 } }[inject('dbKind') === 'postgres' ? 'postgres' : 'sqlite'][use];
  return `redis://127.0.0.1:6379/${db}`;
}

/**
 * A port block of one test file, beside the suite's Directus. The SQLite and
 * PostgreSQL runs go side by side in CI and their Directus ports differ by one:
 * without a shift, `npm start`'s five ports of one run met the other's
 * (EADDRINUSE on the mail catcher), so the PostgreSQL run's blocks sit 100 above.
 */
export const localPort = (offset: number): number => Number(new URL(baseUrl()).port) + offset + (inject('dbKind') === 'postgres' ? 100 : 0);
