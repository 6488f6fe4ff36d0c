/**
 * One real Directus for the API suite, on a fresh temporary database:
 * SQLite by default, PostgreSQL with TEST_DB=postgres. Reference data and
 * the demo staff accounts are applied; each test arranges its own content.
 */
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDirectusInstance, startMailCatcher, type DirectusInstance } from '../../scripts/lib/stack.ts';
import type { MailCatcher } from '../../scripts/lib/mail-catcher.ts';
import { ensureDemoUsers } from '../../directus/seed/demo.ts';
import { tokenClient, type PortalClient } from '../../directus/scripts/lib/client.ts';

let instance: DirectusInstance | undefined;
let mail: MailCatcher | undefined;

declare module 'vitest' {
  export interface ProvidedContext {
    directusUrl: string;
    adminToken: string;
    dbKind: string;
    builderPort: number;
    builderToken: string;
    dbEnv: Record<string, string>;
    inboxUrl: string;
    edgeKey: string;
    siteReaderToken: string;
    dataDir: string;
    monitorToken: string;
    pushReceiverPort: number;
  }
}

export default async function setup(project: TestProject) {
  const db = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
  const port = Number(process.env.TEST_DIRECTUS_PORT ?? (db === 'postgres' ? 18056 : 18055));
  // The pipeline test runs a builder here; elsewhere Directus's notifications just find no one listening.
  const builderPort = port + 400;
  const builderToken = 'token-do-construtor-de-teste';
  // What an uptime monitor sends to GET /portal/health (issue #28).
  const monitorToken = 'monitor-de-teste-0123456789abcdef0123456789';
  // The local push service the alerts tests run (tests/support/push-receiver.ts): the only one subscriptions may point at here.
  const pushReceiverPort = port + 560;
  // Mails the product sends (newsletter, reset, sign-up) land in a local inbox the tests read.
  const dataDir = path.join(os.tmpdir(), `portal-api-test-${db}-${process.pid}`);
  mail = await startMailCatcher({ smtpPort: port + 500, webPort: port + 520, dir: `${dataDir}-mail` });
  instance = await startDirectusInstance({
    dataDir,
    port,
    mailSmtpPort: mail.smtpPort,
    db,
    pgDatabase: process.env.TEST_PG_DATABASE ?? 'portal_api_test',
    fresh: true,
    extra: {
      PORTAL_BUILDER_URL: `http://127.0.0.1:${builderPort}`,
      PORTAL_BUILDER_TOKEN: builderToken,
      PORTAL_MONITOR_TOKEN: monitorToken,
      PORTAL_PUSH_SERVICES: `http://127.0.0.1:${pushReceiverPort}`,
      PORTAL_PUSH_MAX_PER_HOUR: '3',
    },
  });
  await ensureDemoUsers(tokenClient(instance.url, instance.env.ADMIN_TOKEN!) as unknown as PortalClient, () => {});
  project.provide('directusUrl', instance.url);
  project.provide('adminToken', instance.env.ADMIN_TOKEN!);
  project.provide('dbKind', db);
  project.provide('builderPort', builderPort);
  project.provide('builderToken', builderToken);
  project.provide('inboxUrl', mail.inboxUrl);
  project.provide('edgeKey', instance.env.PORTAL_EDGE_KEY!);
  project.provide('siteReaderToken', instance.env.PORTAL_SITE_READER_TOKEN!);
  project.provide('dataDir', dataDir);
  project.provide('monitorToken', monitorToken);
  project.provide('pushReceiverPort', pushReceiverPort);
  project.provide('dbEnv', Object.fromEntries(Object.entries(instance.env).filter(([k]) => k.startsWith('DB_'))));
  return async () => {
    await instance?.stop();
    await mail?.stop();
  };
}
