/**
 * Applies the portal's Directus configuration, idempotently: schema and
 * indexes, roles/policies/permissions, the bootstrap admin's role, reference
 * data (categories, municipalities, settings) and, with --demo, demo content.
 * `--check` changes nothing and exits 1 when the live instance drifts.
 *
 * CLI: DIRECTUS_URL, ADMIN_EMAIL, ADMIN_PASSWORD and the DB_* variables
 * Directus itself reads (production: docker-compose.yml).
 */
import { ASSET_PRESETS } from '@portal/domain/images';
import { reconcileAllFiles } from '../extensions/portal-hooks/src/file-visibility.ts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import knexFactory from 'knex';
import { directusEnv } from './lib/env.ts';
import { DATA_DIR } from './lib/paths.ts';
import { createFolder, readFolders, readItems, createItems, createUser, readMe, readUsers, updateUser, updateSettings, tokenClient, signedIn, type PortalClient } from './lib/client.ts';
import { accessDrift, applyAccess } from './lib/access-apply.ts';
import { applyIndexes, applySchema, schemaDrift } from './lib/schema-apply.ts';
import { checkSchemaUpgrade, UnsafeUpgradeError } from './lib/preflight.ts';
import { ROLE_IDS, roleKeyFromId, SITE_READER } from '../access/ids.ts';
import { CATEGORIES, MUNICIPALITIES } from '../seed/reference.ts';
import { seedDemo } from '../seed/demo.ts';
import { categorySlug, municipalitySlug } from '@portal/domain/slug';
import { DEFAULT_SETTINGS, SETTING_KEYS } from '@portal/domain/settings';

export function knexFromEnv(env: Record<string, string | undefined>) {
  if (env.DB_CLIENT === 'pg') {
    return knexFactory({
      client: 'pg',
      connection: { host: env.DB_HOST, port: Number(env.DB_PORT ?? 5432), database: env.DB_DATABASE, user: env.DB_USER, password: env.DB_PASSWORD },
      pool: { min: 0, max: 2 },
    });
  }
  return knexFactory({ client: 'sqlite3', connection: { filename: env.DB_FILENAME! }, useNullAsDefault: true, pool: { min: 0, max: 1 } });
}

async function applyReferenceData(client: PortalClient, log: (s: string) => void) {
  const cats = await client.request(readItems('categories', { fields: ['slug'], limit: -1 }));
  const missingCats = CATEGORIES.filter((c) => !cats.some((x) => x.slug === categorySlug(c.name)));
  if (missingCats.length) {
    await client.request(createItems('categories', missingCats.map((c) => ({ ...c, slug: categorySlug(c.name) })) as any));
    log(`${missingCats.length} categorias criadas`);
  }
  const muns = await client.request(readItems('municipalities', { fields: ['slug'], limit: -1 }));
  const missingMuns = MUNICIPALITIES.filter((name) => !muns.some((x) => x.slug === municipalitySlug(name)));
  if (missingMuns.length) {
    await client.request(createItems('municipalities', missingMuns.map((name) => ({ name, slug: municipalitySlug(name) })) as any));
    log(`${missingMuns.length} municípios criados`);
  }
  const settings = await client.request(readItems('settings', { fields: ['key'], limit: -1 }));
  const missingKeys = SETTING_KEYS.filter((k) => !settings.some((s) => s.key === k));
  if (missingKeys.length) {
    await client.request(createItems('settings', missingKeys.map((key) => ({ key, value: DEFAULT_SETTINGS[key] })) as any));
    log(`${missingKeys.length} configurações criadas`);
  }
}

/** Folders the admin uploads into (spec: bucket news-images; avatars beside it). */
export const UPLOAD_FOLDERS = ['news-images', 'avatars'] as const;
async function applyFolders(client: PortalClient) {
  const live = (await client.request(readFolders({ fields: ['name'], limit: -1 }))) as Array<{ name: string }>;
  for (const name of UPLOAD_FOLDERS) if (!live.some((f) => f.name === name)) await client.request(createFolder({ name }));
}

/**
 * The bootstrap admin (the ADMIN_TOKEN's owner) is the first super_admin and
 * carries ADMIN_EMAIL (bootstrap may have used a placeholder, see server.ts).
 */
async function promoteBootstrapAdmin(client: PortalClient, email: string) {
  const me = (await client.request(readMe({ fields: ['id', 'role', 'email'] }))) as { id: string; role: string; email: string };
  const patch: Record<string, string> = {};
  if (me.role !== ROLE_IDS.super_admin) patch.role = ROLE_IDS.super_admin;
  if (email && me.email !== email) {
    const [taken] = (await client.request(readUsers({ filter: { email: { _eq: email } }, fields: ['id'] }))) as Array<{ id: string }>;
    if (!taken) patch.email = email;
  }
  if (Object.keys(patch).length) await client.request(updateUser(me.id, patch));
}

/**
 * Every user has a profile (the hook creates it on sign-up); users created
 * before the hooks existed — the bootstrap admin — get theirs here.
 */
async function backfillProfiles(client: PortalClient, log: (s: string) => void) {
  const users = (await client.request(readUsers({ fields: ['id', 'email', 'first_name', 'last_name', 'role'], limit: -1 }))) as Array<{
    id: string;
    email: string | null;
    first_name: string | null;
    last_name: string | null;
    role: string | null;
  }>;
  const profiles = await client.request(readItems('profiles', { fields: ['user_id'], limit: -1 }));
  // The builder's account is nobody's byline and nobody's colleague: no profile.
  const missing = users.filter((u) => u.role !== SITE_READER.role && !profiles.some((p) => p.user_id === u.id));
  if (!missing.length) return;
  await client.request(
    createItems(
      'profiles',
      missing.map((u) => ({
        user_id: u.id,
        email: u.email,
        full_name: [u.first_name, u.last_name].filter(Boolean).join(' ') || null,
        role: roleKeyFromId(u.role),
      })) as any,
    ),
  );
  log(`${missing.length} perfis criados para usuários existentes`);
}

/**
 * The site builder's account (decision 032): the site_reader role (the
 * public's reads, without the public's bounds) and the static token the
 * builder sends. Without a token configured there is no such account.
 */
async function applySiteReader(client: PortalClient, token: string | undefined, log: (s: string) => void) {
  if (!token) return;
  if (token.length < 32) throw new Error('PORTAL_SITE_READER_TOKEN curto demais (mínimo de 32 caracteres)');
  const [have] = (await client.request(readUsers({ filter: { id: { _eq: SITE_READER.user } }, fields: ['id', 'role'], limit: 1 }))) as Array<{ id: string; role: string }>;
  const account = { role: SITE_READER.role, token, status: 'active', first_name: 'Construtor do site' };
  if (have) await client.request(updateUser(SITE_READER.user, account as any));
  else {
    await client.request(createUser({ id: SITE_READER.user, ...account } as any));
    log('conta do construtor do site criada');
  }
}

/** Scripts authenticate with the bootstrap admin's static token when there is one. */
async function adminClient(url: string, env: Record<string, string | undefined>): Promise<PortalClient> {
  if (env.ADMIN_TOKEN) return tokenClient(url, env.ADMIN_TOKEN) as unknown as PortalClient;
  return signedIn(url, env.ADMIN_EMAIL!, env.ADMIN_PASSWORD!);
}

export type ApplyOptions = { url: string; env: Record<string, string | undefined>; demo?: boolean; log?: (s: string) => void };

export async function applyAll({ url, env, demo = false, log = () => {} }: ApplyOptions) {
  const client = await adminClient(url, env);
  // Upgrades keep every record: a change that would lose or refuse data stops here, before any write (issue #28).
  const before = knexFromEnv(env);
  try {
    await checkSchemaUpgrade(before);
  } finally {
    await before.destroy();
  }
  await applySchema(client, log);
  const knex = knexFromEnv(env);
  try {
    await applyIndexes(knex);
  } finally {
    await knex.destroy();
  }
  await applyAccess(client, log);
  await promoteBootstrapAdmin(client, env.ADMIN_EMAIL!);
  await applySiteReader(client, env.PORTAL_SITE_READER_TOKEN, log);
  await backfillProfiles(client, log);
  // Self sign-up (spec §7) creates a user with no staff role, who sees the
  // admin only as "Usuário" until a super_admin assigns a role.
  await client.request(
    updateSettings({
      project_name: 'Portal Pará',
      default_language: 'pt-BR',
      public_registration: true,
      public_registration_verify_email: true,
      public_registration_role: null,
      // Directus would suspend an account after 25 failures: anyone could lock an
      // editor out. The portal's own limits answer 429 instead (login-limit.ts).
      auth_login_attempts: null,
      // Renditions only by name (domain/src/images.ts): no disk-filling ?width= variants.
      storage_asset_transform: 'presets',
      storage_asset_presets: ASSET_PRESETS,
    } as any),
  );
  await applyFolders(client);
  await applyReferenceData(client, log);
  if (demo) await seedDemo(client, log);
  // Files from before the embargo rule (or edited by hand) get their flag from content.
  const db = knexFromEnv(env);
  try {
    await reconcileAllFiles(db);
    // Stories out before permanent URLs existed: their slug is fixed from their first date (issue #8).
    await db('news').whereNull('first_published_at').whereNotNull('published_at').update({ first_published_at: db.ref('published_at') });
  } finally {
    await db.destroy();
  }
}

export async function checkDrift(url: string, env: Record<string, string | undefined>): Promise<string[]> {
  const client = await adminClient(url, env);
  return [...(await schemaDrift(client)), ...(await accessDrift(client))];
}

/** Production passes everything in the environment; locally, fall back to the demo in .data/. */
function cliEnv(): Record<string, string | undefined> {
  if (process.env.ADMIN_TOKEN || process.env.ADMIN_PASSWORD || !existsSync(path.join(DATA_DIR, 'admin-token'))) return process.env;
  return { ...directusEnv({ dataDir: DATA_DIR, port: Number(process.env.PORT ?? 8055) }), ...process.env };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const env = cliEnv();
  const url = env.DIRECTUS_URL ?? `http://127.0.0.1:${env.PORT ?? 8055}`;
  if (process.argv.includes('--check')) {
    const drift = await checkDrift(url, env);
    if (drift.length) {
      console.error(`O Directus em ${url} difere dos arquivos em directus/:\n- ${drift.join('\n- ')}`);
      process.exit(1);
    }
    console.log('Directus confere com directus/schema e directus/access.');
  } else {
    try {
      await applyAll({ url, env, demo: process.argv.includes('--demo'), log: (s) => console.log(`» ${s}`) });
    } catch (e) {
      if (!(e instanceof UnsafeUpgradeError)) throw e;
      console.error(e.message);
      process.exit(1);
    }
    console.log('Configuração do Directus aplicada.');
  }
}
