/**
 * `npm start`: the whole product on the embedded default (SQLite, demo
 * content and accounts). Idempotent: the data in .data/ survives restarts.
 * The front server comes up first and serves the last good release from the
 * first second; Directus is supervised (restarted when it dies, and the build
 * it broke is retried); a failed build keeps the last good site (issue #10).
 */
import path from 'node:path';
import { DATA_DIR, ROOT } from '../directus/scripts/lib/paths.ts';
import { DEMO_PASSWORD, edgeKeyFor } from '../directus/scripts/lib/env.ts';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { startDirectus } from '../directus/scripts/lib/server.ts';
import { startBuilder } from '@portal/builder/service';
import { Supervisor } from './lib/supervisor.ts';
import { envOrExit } from '@portal/domain/env';
import { startEnv } from './lib/start-env.ts';
import { buildAdmin, startDirectusInstance, startFrontServer, startMailCatcher, type DirectusInstance } from './lib/stack.ts';
import type { MailCatcher } from './lib/mail-catcher.ts';
import { writeFileSync, rmSync } from 'node:fs';
import { backupEnv } from '../ops/src/env.ts';
import { embeddedPlace } from '../ops/src/place.ts';
import { startBackupSchedule } from '../ops/src/schedule.ts';

const ports = envOrExit(() => startEnv(), '»');
const backupSettings = envOrExit(() => backupEnv(), '»');
const { PORT: SITE_PORT, DIRECTUS_PORT, BUILDER_PORT, MAIL_SMTP_PORT, MAIL_WEB_PORT } = ports;
const SITE_URL = `http://localhost:${SITE_PORT}`;
const BUILDER_TOKEN = randomBytes(16).toString('hex');
const step = (s: string) => console.log(`» ${s}`);
const t0 = Date.now();
const releasesRoot = path.join(DATA_DIR, 'site');
const adminDir = path.join(ROOT, 'dist/admin');

// Readers first: the last good release (if any) is on disk and served at once.
const front = await startFrontServer({
  port: SITE_PORT,
  siteDir: path.join(releasesRoot, 'current'),
  adminDir,
  directusUrl: `http://127.0.0.1:${DIRECTUS_PORT}`,
  host: '0.0.0.0',
  // Readers' article views reach Directus gathered (decision 016).
  edgeKey: edgeKeyFor(DATA_DIR),
});

// Every mail the product sends lands in a local inbox (MailDev) one can read and follow (issue #13).
const mail = new Supervisor<MailCatcher>({
  name: 'Caixa de e-mails',
  start: () => startMailCatcher({ smtpPort: MAIL_SMTP_PORT, webPort: MAIL_WEB_PORT, dir: path.join(DATA_DIR, 'mail') }),
  log: step,
});

let builderServer: http.Server | undefined;
let builder: ReturnType<typeof startBuilder> | undefined;
let env: Record<string, string> = {};
const directus = new Supervisor<DirectusInstance>({
  name: 'Directus',
  // First start: bootstrap, migrate and apply; a restart only starts the server again.
  start: async (): Promise<DirectusInstance> =>
    env.PORT
      ? { ...(await startDirectus(env)), env }
      : await startDirectusInstance({
          dataDir: DATA_DIR,
          port: DIRECTUS_PORT,
          demo: true,
          siteUrl: SITE_URL,
          mailSmtpPort: MAIL_SMTP_PORT,
          extra: { PORTAL_BUILDER_URL: `http://127.0.0.1:${BUILDER_PORT}`, PORTAL_BUILDER_TOKEN: BUILDER_TOKEN },
          log: (s) => step(s),
        }),
  onRestart: () => builder?.retryFailed(),
  log: step,
});

let backups: ReturnType<typeof startBackupSchedule> | undefined;
let stopping = false;
async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  // Ctrl-C reached Directus and the mail catcher too: their exits from now on are this shutdown's, not crashes.
  for (const part of [directus, mail]) part.standDown();
  step('Encerrando…');
  backups?.stop();
  await builder?.stop();
  await new Promise((r) => front.close(r));
  await new Promise((r) => (builderServer ? builderServer.close(r) : r(null)));
  await directus.stop();
  await mail.stop();
  rmSync(pidFile, { force: true });
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
// Never leave Directus orphaned, whatever ends this process.
process.on('exit', () => {
  directus.instance?.child.kill('SIGKILL');
  mail.instance?.child.kill('SIGKILL');
});
// A bug in one part must not take the others down with it: log and keep serving.
process.on('uncaughtException', (e) => console.error('» erro inesperado (o portal continua no ar):', e));
process.on('unhandledRejection', (e) => console.error('» erro inesperado (o portal continua no ar):', e));

// Restore refuses to replace data under a running portal (ops/src/restore.ts reads this).
const pidFile = embeddedPlace(DATA_DIR).pidFile!;
writeFileSync(pidFile, String(process.pid));

try {
  await mail.start();
  step(`Iniciando o Directus (SQLite em ${DATA_DIR.startsWith(`${ROOT}/`) ? path.relative(ROOT, DATA_DIR) : DATA_DIR}/)…`);
  const running = await directus.start();
  env = running.env;
  step('Gerando o site público e o painel administrativo…');
  // The builder rebuilds the site whenever Directus reports a change that readers see.
  builder = startBuilder({
    releasesRoot,
    directusUrl: running.url,
    directusToken: running.env.PORTAL_SITE_READER_TOKEN!,
    siteUrl: SITE_URL,
    token: BUILDER_TOKEN,
    log: (s) => step(s),
  });
  builderServer = http.createServer(builder.handler).listen(BUILDER_PORT, '127.0.0.1');
  await Promise.all([builder.trigger({ full: true }), buildAdmin({ outDir: adminDir })]);
  // The daily backup (hour: PORTAL_BACKUP_HOUR), kept 7/4/12, copied to PORTAL_BACKUP_COPY_TO (issue #28).
  if (backupSettings.daily) backups = startBackupSchedule({ place: embeddedPlace(DATA_DIR), settings: backupSettings, log: (s) => step(`backup: ${s}`) });
  if (builder.status.lastError) {
    // The last good release keeps serving; the builder retries by itself.
    step(
      builder.releases.active()
        ? 'O build inicial falhou; o site anterior continua no ar e o build será tentado de novo.'
        : 'O build inicial falhou e ainda não há site gerado; o build será tentado de novo.',
    );
  }
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  await shutdown(1);
}

console.log(`
Portal Pará no ar em ${((Date.now() - t0) / 1000).toFixed(1)} s

  Site e painel:  ${SITE_URL}          (admin em ${SITE_URL}/auth)
  Directus:       http://localhost:${DIRECTUS_PORT}     (API também em ${SITE_URL}/api)
  E-mails:        http://localhost:${MAIL_WEB_PORT}     (todo e-mail enviado pelo portal chega aqui)

  Contas de demonstração (senha ${DEMO_PASSWORD}):
    super_admin  admin@portal.test
    editor       editor@portal.test
    producer     produtor@portal.test  (município Belém)

Ctrl-C encerra.
`);
