/**
 * `npm run restore -- <arquivo> [--replace] [--data <pasta>]`: puts a backup
 * back. Refuses, in pt-BR and changing nothing, a wrong or damaged archive, or
 * existing data without --replace.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { restoreArchive, RestoreError, RestoreIncomplete } from '../restore.ts';
import { placeFor } from './where.ts';

const USAGE = 'Uso: npm run restore -- <arquivo .tar.zst> [--replace] [--data <pasta>]';
let args;
try {
  args = parseArgs({ options: { replace: { type: 'boolean', default: false }, data: { type: 'string' } }, allowPositionals: true });
} catch (e) {
  console.error(`» ${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
  process.exit(2);
}
const archive = args.positionals[0];
if (!archive || args.positionals.length > 1) {
  console.error(USAGE);
  process.exit(2);
}
const place = placeFor(args.values.data);
try {
  const r = await restoreArchive(path.resolve(archive), place, {
    replace: args.values.replace,
    log: (s) => console.log(`» ${s}`),
    onServing: () =>
      console.log(
        place.db.kind === 'sqlite'
          ? '» o site restaurado já pode ser servido: `npm start` pode subir agora (o construtor espera o resto das páginas)'
          : '» o site restaurado já está no ar; o resto das páginas chega em seguida',
      ),
  });
  if (r.replacedBackup) console.log(`» os dados substituídos estão guardados em ${r.replacedBackup}`);
  if (r.secretsFile) console.log(`» os segredos do backup (SECRET, ADMIN_TOKEN, PORTAL_EDGE_KEY…) estão em ${r.secretsFile}: use-os no .env para que sessões e tokens continuem valendo`);
  console.log(
    place.db.kind === 'sqlite'
      ? 'Restauração concluída. `npm start` serve o site restaurado na hora e refaz o build por trás.'
      : 'Restauração concluída. Suba os Directus e o construtor: o site restaurado já está no ar e o build é refeito por trás.',
  );
} catch (e) {
  if (e instanceof RestoreError || e instanceof RestoreIncomplete) {
    console.error(`» ${e.message}`);
    process.exit(1);
  }
  throw e;
}
