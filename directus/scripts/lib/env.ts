/**
 * Directus configuration for one instance (demo, test or bench), from which
 * the server, the apply script and the tests all read. Production reads the
 * same variables from docker-compose.yml.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EMAIL_TEMPLATES_DIR, EXTENSIONS_DIR } from './paths.ts';
import { UPLOAD_TYPES } from '@portal/domain/files';

export type DbKind = 'sqlite' | 'postgres';
export type InstanceOptions = {
  dataDir: string;
  port: number;
  db?: DbKind;
  /** PostgreSQL database name (created if missing). */
  pgDatabase?: string;
  /** The single public origin readers and staff use (site + admin + /api). */
  siteUrl?: string;
  adminEmail?: string;
  adminPassword?: string;
  /** SMTP port of a local mail catcher (npm start, e2e); without it mail goes nowhere (API tests). */
  mailSmtpPort?: number;
  extra?: Record<string, string>;
};

export const DEMO_PASSWORD = 'portal-demo-2026';
export const DEMO_ADMIN_EMAIL = 'admin@portal.test';

/** A secret that survives restarts (sessions would break otherwise), kept beside the data. */
function persistentSecret(dataDir: string, name = 'secret'): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The portal's VAPID key pair for Web Push alerts (issue #29, RFC 8292), made once per data folder:
 * a reader's subscription is bound to the public key, so it is kept (and backed up) like the other secrets.
 */
export function vapidKeysFor(dataDir: string): { publicKey: string; privateKey: string } {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'push-vapid');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: ecdh.getPrivateKey().toString('base64url') };
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** The key the front server's reader edge and Directus share (decision 016); the front server starts before Directus, so it reads it here too. */
export const edgeKeyFor = (dataDir: string) => {
  mkdirSync(dataDir, { recursive: true });
  return persistentSecret(dataDir, 'edge-key');
};

/** The site builder's read token (decision 032); the builder is started beside Directus, so it reads it here too. */
export const siteReaderTokenFor = (dataDir: string) => {
  mkdirSync(dataDir, { recursive: true });
  return persistentSecret(dataDir, 'site-reader-token');
};

/**
 * What every Directus of the portal runs with against a hostile public (issue
 * #32, decision 032): the embedded default, the tests and production
 * (docker-compose.yml carries the same values; a test compares them).
 */
export const HARDENED_DIRECTUS_SETTINGS = {
  // Requests past these bounds are refused by the portal's query guard; Directus's own default stays 100.
  QUERY_LIMIT_DEFAULT: '100',
  MAX_PAYLOAD_SIZE: '1mb',
  MAX_RELATIONAL_DEPTH: '4',
  MAX_BATCH_MUTATION: '1000',
  GRAPHQL_INTROSPECTION: 'false',
  // The server never fetches from itself, its network or link-local/metadata addresses ("0.0.0.0" also
  // blocks every address of the machine's own interfaces).
  IMPORT_IP_DENY_LIST: '0.0.0.0,0.0.0.0/8,127.0.0.0/8,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,169.254.0.0/16,100.64.0.0/10,::/128,::1/128,fc00::/7,fe80::/10',
  // The admin's session is an httpOnly cookie no page script can read, sent only by the portal's own pages.
  SESSION_COOKIE_TTL: '7d',
  SESSION_COOKIE_SAME_SITE: 'strict',
} as const;

export function directusEnv(o: InstanceOptions): Record<string, string> {
  mkdirSync(path.join(o.dataDir, 'uploads'), { recursive: true });
  const siteUrl = o.siteUrl ?? 'http://localhost:4321';
  const db: Record<string, string> =
    (o.db ?? 'sqlite') === 'postgres'
      ? {
          DB_CLIENT: 'pg',
          DB_HOST: process.env.PGHOST ?? '127.0.0.1',
          DB_PORT: process.env.PGPORT ?? '5432',
          DB_DATABASE: o.pgDatabase ?? 'portal',
          DB_USER: process.env.PGUSER ?? 'postgres',
          DB_PASSWORD: process.env.PGPASSWORD ?? '',
        }
      : { DB_CLIENT: 'sqlite3', DB_FILENAME: path.join(o.dataDir, 'portal.db') };
  return {
    ...db,
    HOST: '127.0.0.1',
    PORT: String(o.port),
    PUBLIC_URL: `http://localhost:${o.port}`,
    SECRET: persistentSecret(o.dataDir),
    ADMIN_EMAIL: o.adminEmail ?? DEMO_ADMIN_EMAIL,
    ADMIN_PASSWORD: o.adminPassword ?? DEMO_PASSWORD,
    // Static token of the bootstrap admin: how the apply script authenticates.
    ADMIN_TOKEN: persistentSecret(o.dataDir, 'admin-token'),
    PORTAL_EDGE_KEY: edgeKeyFor(o.dataDir),
    PORTAL_SITE_READER_TOKEN: siteReaderTokenFor(o.dataDir),
    PORTAL_PUSH_VAPID_PUBLIC_KEY: vapidKeysFor(o.dataDir).publicKey,
    PORTAL_PUSH_VAPID_PRIVATE_KEY: vapidKeysFor(o.dataDir).privateKey,
    // Demo and test accounts live under the reserved .test TLD (see demo-emails.ts).
    PORTAL_ALLOW_TEST_EMAILS: 'true',
    EXTENSIONS_PATH: EXTENSIONS_DIR,
    EXTENSIONS_AUTO_RELOAD: 'false',
    STORAGE_LOCATIONS: 'local',
    STORAGE_LOCAL_ROOT: path.join(o.dataDir, 'uploads'),
    // Where the backups and their status.json live (ops/, read by GET /portal/health).
    PORTAL_BACKUP_DIR: path.join(o.dataDir, 'backups'),
    TELEMETRY: 'false',
    LOG_LEVEL: process.env.DIRECTUS_LOG_LEVEL ?? 'warn',
    LOG_STYLE: 'raw',
    // Only the front server (same host) may say who the client is; anyone else's
    // X-Forwarded-For is ignored, so login limits cannot be dodged by a header.
    IP_TRUST_PROXY: 'loopback',
    CACHE_ENABLED: 'false',
    // Every request is handed the schema: frozen and shared rather than deep-cloned per request (lodash
    // cloneDeep of the whole schema was 12% of Directus's CPU under the breaking-news bench at 1,000
    // stories; decision 065). Nothing of ours writes to it; the suite runs with it on.
    CACHE_SCHEMA_FREEZE_ENABLED: 'true',
    RATE_LIMITER_ENABLED: 'false',
    // The pressure limiter answers 503 when the event loop lags; on a busy
    // 2-core dev box (builds, browsers) that refuses the demo's own requests.
    // Production (docker-compose) keeps it on.
    PRESSURE_LIMITER_ENABLED: 'false',
    WEBSOCKETS_ENABLED: 'false',
    // The browser talks to Directus through the site origin (/api), but dev tools may not.
    CORS_ENABLED: 'true',
    CORS_ORIGIN: siteUrl,
    // The public origin mails link to (portal-hooks mail.ts).
    PORTAL_SITE_URL: siteUrl,
    PASSWORD_RESET_URL_ALLOW_LIST: `${siteUrl}/auth`,
    USER_REGISTER_URL_ALLOW_LIST: `${siteUrl}/auth`,
    USER_INVITE_URL_ALLOW_LIST: `${siteUrl}/auth`,
    ...mailEnv(o.mailSmtpPort),
    ASSETS_TRANSFORM_IMAGE_MAX_DIMENSION: '2000',
    // Uploads: real images of at most 10 MB (the bytes are checked by portal-hooks/upload-guard.ts).
    FILES_MAX_UPLOAD_SIZE: '10mb',
    FILES_MIME_TYPE_ALLOW_LIST: UPLOAD_TYPES.join(','),
    ACCESS_TOKEN_TTL: '15m',
    REFRESH_TOKEN_TTL: '7d',
    ...HARDENED_DIRECTUS_SETTINGS,
    ...o.extra,
  };
}

/** Where Directus sends mail: the local catcher when there is one, else nowhere; templates in pt-BR either way. */
function mailEnv(smtpPort: number | undefined): Record<string, string> {
  const common = { EMAIL_FROM: 'nao-responda@portal.test', EMAIL_TEMPLATES_PATH: EMAIL_TEMPLATES_DIR };
  if (!smtpPort) return { ...common, EMAIL_TRANSPORT: 'sendmail', EMAIL_SENDMAIL_PATH: '/bin/true' };
  return {
    ...common,
    EMAIL_TRANSPORT: 'smtp',
    EMAIL_SMTP_HOST: '127.0.0.1',
    EMAIL_SMTP_PORT: String(smtpPort),
    EMAIL_SMTP_SECURE: 'false',
    EMAIL_SMTP_IGNORE_TLS: 'true',
  };
}
