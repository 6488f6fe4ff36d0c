/**
 * Where uploads live, through the very drivers Directus uses (local folder or
 * an S3-compatible bucket), configured by Directus's own STORAGE_* variables;
 * and the second place a backup is copied to, through the same drivers.
 */
import { DriverLocal } from '@directus/storage-driver-local';
import { DriverS3 } from '@directus/storage-driver-s3';
import type { Readable } from 'node:stream';

export type StorageSpec =
  | { driver: 'local'; root: string }
  | { driver: 's3'; bucket: string; root?: string; key?: string; secret?: string; region?: string; endpoint?: string; forcePathStyle?: boolean };

/** What the backup needs of a driver (both of Directus's drivers have it). */
export type Storage = {
  read(p: string): Promise<Readable>;
  stat(p: string): Promise<{ size: number }>;
  exists(p: string): Promise<boolean>;
  write(p: string, content: Readable): Promise<void>;
  delete(p: string): Promise<void>;
  list(prefix?: string): AsyncGenerator<string>;
};

export function openStorage(spec: StorageSpec): Storage {
  if (spec.driver === 'local') return new DriverLocal({ root: spec.root }) as unknown as Storage;
  const { driver: _driver, ...config } = spec;
  return new DriverS3(config) as unknown as Storage;
}

/**
 * The upload location as Directus reads it: the first of STORAGE_LOCATIONS and
 * its STORAGE_<NAME>_* settings.
 */
export function storageFromEnv(env: Record<string, string | undefined>, location = (env.STORAGE_LOCATIONS ?? 'local').split(',')[0]!.trim()): StorageSpec {
  const v = (k: string) => env[`STORAGE_${location.toUpperCase()}_${k}`];
  const driver = v('DRIVER') ?? (location === 'local' ? 'local' : undefined);
  if (driver === 'local') {
    const root = v('ROOT');
    if (!root) throw new Error(`STORAGE_${location.toUpperCase()}_ROOT não definido`);
    return { driver: 'local', root };
  }
  if (driver === 's3') return s3Spec(v);
  throw new Error(`Armazenamento "${location}" com driver ${driver ?? '(não definido)'}: o backup sabe copiar local e s3`);
}

export function s3Spec(v: (k: string) => string | undefined): StorageSpec {
  const bucket = v('BUCKET');
  if (!bucket) throw new Error('BUCKET do S3 não definido');
  return {
    driver: 's3',
    bucket,
    root: v('ROOT'),
    key: v('KEY'),
    secret: v('SECRET'),
    region: v('REGION'),
    endpoint: v('ENDPOINT'),
    forcePathStyle: v('FORCE_PATH_STYLE') === 'true',
  };
}

export const describeStorage = (s: StorageSpec) => (s.driver === 'local' ? s.root : `s3://${s.bucket}${s.root ? `/${s.root}` : ''}`);
