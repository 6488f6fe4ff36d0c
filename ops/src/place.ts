/**
 * A portal installation as the backup sees it: its database, its uploads, the
 * live site release, the secrets it needs to start again, and where its backups go.
 * - embedded (`npm start`): everything under one data folder (.data/);
 * - production (docker-compose, `npm run start:prod`): Directus's own variables
 *   (DB_*, STORAGE_*, SECRET…), SITE_RELEASES_DIR and PORTAL_BACKUP_DIR.
 */
import path from 'node:path';
import type { DatabaseSpec } from './database.ts';
import { storageFromEnv, type StorageSpec } from './storage.ts';

/** The files beside an embedded database that it cannot start again without (directus/scripts/lib/env.ts). */
export const SECRET_FILES = ['secret', 'admin-token', 'edge-key', 'site-reader-token', 'push-vapid'] as const;
/** The same secrets in production's environment (docker-compose.yml). */
export const SECRET_VARIABLES = ['SECRET', 'ADMIN_TOKEN', 'PORTAL_EDGE_KEY', 'PORTAL_BUILDER_TOKEN', 'PORTAL_PUSH_VAPID_PUBLIC_KEY', 'PORTAL_PUSH_VAPID_PRIVATE_KEY'] as const;

export type Place = {
  db: DatabaseSpec;
  storage: StorageSpec;
  /** The builder's releases folder (`current` points at the live site); null when this process cannot see it. */
  releasesRoot: string | null;
  secrets: { kind: 'files'; dir: string } | { kind: 'env'; values: Record<string, string> };
  backupsDir: string;
  /** Present while the portal runs from this place (`npm start` writes it): restore refuses then. */
  pidFile: string | null;
};

export function embeddedPlace(dataDir: string): Place {
  return {
    db: { kind: 'sqlite', file: path.join(dataDir, 'portal.db') },
    storage: { driver: 'local', root: path.join(dataDir, 'uploads') },
    releasesRoot: path.join(dataDir, 'site'),
    secrets: { kind: 'files', dir: dataDir },
    backupsDir: path.join(dataDir, 'backups'),
    pidFile: path.join(dataDir, 'portal.pid'),
  };
}

/**
 * From a Directus environment (directusEnv() locally, docker-compose in production).
 * With a data folder the secrets are files in it (directusEnv() keeps them there,
 * on PostgreSQL too); without one they come from the environment (production).
 */
export function placeFromEnv(env: Record<string, string | undefined>, o: { dataDir?: string; releasesRoot?: string | null; backupsDir?: string } = {}): Place {
  const db: DatabaseSpec =
    env.DB_CLIENT === 'pg'
      ? {
          kind: 'postgres',
          connection: {
            host: env.DB_HOST ?? '127.0.0.1',
            port: Number(env.DB_PORT ?? 5432),
            database: env.DB_DATABASE ?? 'portal',
            user: env.DB_USER ?? 'postgres',
            password: env.DB_PASSWORD ?? '',
          },
        }
      : { kind: 'sqlite', file: env.DB_FILENAME ?? path.join(o.dataDir ?? '.data', 'portal.db') };
  const values = Object.fromEntries(SECRET_VARIABLES.flatMap((k) => (env[k] ? [[k, env[k]!]] : [])));
  const backupsDir = o.backupsDir ?? env.PORTAL_BACKUP_DIR ?? (o.dataDir ? path.join(o.dataDir, 'backups') : undefined);
  if (!backupsDir) throw new Error('PORTAL_BACKUP_DIR não definido: onde guardar os backups?');
  return {
    db,
    storage: storageFromEnv(env),
    releasesRoot: o.releasesRoot !== undefined ? o.releasesRoot : (env.SITE_RELEASES_DIR ?? null),
    secrets: o.dataDir ? { kind: 'files', dir: o.dataDir } : { kind: 'env', values },
    backupsDir,
    pidFile: o.dataDir ? path.join(o.dataDir, 'portal.pid') : null,
  };
}
