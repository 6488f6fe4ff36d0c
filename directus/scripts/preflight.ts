/**
 * Run before `directus bootstrap` in production (docker-compose.yml): stops,
 * writing nothing, when the database was migrated by a newer Directus than
 * this image's. apply.ts checks the portal's own schema change the same way.
 */
import { knexFromEnv } from './apply.ts';
import { checkDirectusVersion, UnsafeUpgradeError } from './lib/preflight.ts';

const db = knexFromEnv(process.env);
try {
  await checkDirectusVersion(db);
} catch (e) {
  if (!(e instanceof UnsafeUpgradeError)) throw e;
  console.error(e.message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
