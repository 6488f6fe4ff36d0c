/**
 * `npm run import -- hosted <pasta>` · `npm run import -- wordpress <export.xml> [--uploads <pasta>]`
 * Options: `--dry-run` (shows what would come over, changes nothing), `--invite` (sends the pt-BR
 * invitation to imported staff), `--data <pasta>` (another embedded portal than .data/).
 * Into the embedded portal of `npm start`, or production's when DB_CLIENT is set (docker-compose's
 * variables), like `npm run backup` (issue #27, docs/decisions/058-moving-in.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { placeFor } from './where.ts';
import { readHosted } from '../import/hosted/read-hosted.ts';
import { readWordpress } from '../import/wordpress/read-wordpress.ts';
import { formatReport, runImport, type PortalApi } from '../import/run.ts';
import { describeImportError } from '../import/writer.ts';
import type { Place } from '../place.ts';
import { ImportInputError } from '../import/records.ts';

const USAGE = [
  'Uso:',
  '  npm run import -- hosted <pasta da exportação> [--dry-run] [--invite]',
  '  npm run import -- wordpress <export.xml> [--uploads <pasta wp-content/uploads>] [--dry-run] [--invite]',
].join('\n');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'dry-run': { type: 'boolean', default: false }, invite: { type: 'boolean', default: false }, uploads: { type: 'string' }, data: { type: 'string' } },
});
const [kind, input] = positionals;
if ((kind !== 'hosted' && kind !== 'wordpress') || !input || positionals.length > 2) {
  console.error(USAGE);
  process.exit(2);
}
const inputPath = path.resolve(input);
if (!existsSync(inputPath)) {
  console.error(`» Não encontrado: ${input}`);
  process.exit(1);
}
if (kind === 'hosted' && values.uploads) {
  console.error('» --uploads é só para o WordPress: os arquivos do portal hospedado ficam na pasta da exportação (news-images/).');
  process.exit(2);
}

/** Directus of the portal the import goes into: the embedded one of `npm start`, or production's. */
function portalApi(place: Place, env: NodeJS.ProcessEnv): PortalApi | null {
  const token = place.secrets.kind === 'files' ? readSecret(path.join(place.secrets.dir, 'admin-token')) : (place.secrets.values.ADMIN_TOKEN ?? null);
  if (!token) return null;
  if (place.secrets.kind === 'files')
    return { url: `http://127.0.0.1:${env.DIRECTUS_PORT ?? 8055}`, token, siteUrl: env.PORTAL_SITE_URL ?? `http://localhost:${env.PORT ?? 4321}` };
  const url = env.PORTAL_DIRECTUS_URL ?? env.PUBLIC_URL;
  return url ? { url, token, siteUrl: env.PORTAL_SITE_URL ?? new URL(url).origin } : null;
}
function readSecret(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim() || null;
  } catch {
    return null;
  }
}

const place = placeFor(values.data);
const log = (s: string) => console.log(`» ${s}`);
const dryRun = values['dry-run'];
const uploads = values.uploads ? path.resolve(values.uploads) : null;
try {
  const t0 = Date.now();
  const result = await runImport({
    source: kind,
    input,
    read: kind === 'hosted' ? () => readHosted(inputPath) : () => readWordpress(inputPath, { uploads }),
    filesDir: kind === 'hosted' ? inputPath : uploads,
    place,
    storageLocation: (process.env.STORAGE_LOCATIONS ?? 'local').split(',')[0]!.trim(),
    api: portalApi(place, process.env),
    dryRun,
    invite: values.invite,
    log,
  });
  for (const line of formatReport(result.report, dryRun)) console.log(line);
  if (!dryRun) {
    console.log(`» Pronto em ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
    console.log(
      result.rebuilt
        ? '» O site está sendo reconstruído uma vez com o acervo importado.'
        : '» O portal não respondeu: o site será reconstruído no próximo início (`npm start` faz um build completo).',
    );
    if (result.invited) console.log(`» ${result.invited} convite(s) enviado(s) à equipe importada.`);
    else if (!values.invite) console.log('» Nenhum convite foi enviado: envie em Admin → Perfis, ou rode de novo com --invite.');
  }
} catch (e) {
  console.error(`» A importação não foi feita: ${describeImportError(e)}`);
  console.error(
    e instanceof ImportInputError
      ? '» Nada foi gravado: corrija a exportação e rode de novo.'
      : '» O que já foi gravado fica; rode de novo: a importação continua de onde parou, sem duplicar.',
  );
  process.exit(1);
}
