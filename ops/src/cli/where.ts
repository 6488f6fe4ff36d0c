/**
 * Which portal the CLI acts on: production's (Directus's own DB_* and STORAGE_*
 * variables, SITE_RELEASES_DIR, PORTAL_BACKUP_DIR, as docker-compose sets them)
 * when DB_CLIENT is set, else the embedded one of `npm start` (.data/, or --data).
 */
import path from 'node:path';
import { embeddedPlace, placeFromEnv, type Place } from '../place.ts';
import { ROOT } from '../paths.ts';

export function placeFor(dataDir: string | undefined, env: Record<string, string | undefined> = process.env): Place {
  if (env.DB_CLIENT && !dataDir) return placeFromEnv(env);
  return embeddedPlace(path.resolve(dataDir ?? path.join(ROOT, '.data')));
}
