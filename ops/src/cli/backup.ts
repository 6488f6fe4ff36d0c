/**
 * `npm run backup [-- --data <pasta>]`: one archive now, copied to the second
 * place when one is set (PORTAL_BACKUP_COPY_TO). Safe while the portal runs.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { takeBackup } from '../backup.ts';
import { copyToSecondPlace } from '../second-place.ts';
import { backupEnv } from '../env.ts';
import { envOrExit } from '@portal/domain/env';
import { placeFor } from './where.ts';

const { values } = parseArgs({ options: { data: { type: 'string' } } });
const settings = envOrExit(() => backupEnv(), '»');
const place = placeFor(values.data);
const log = (s: string) => console.log(`» ${s}`);
try {
  const r = await takeBackup(place, { log, timeZone: settings.PORTAL_TIME_ZONE });
  if (settings.copyTo) await copyToSecondPlace(place.backupsDir, r, settings.copyTo, log);
  console.log(`Backup pronto: ${path.relative(process.cwd(), r.file) || r.file}`);
} catch (e) {
  console.error(`» O backup falhou: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
