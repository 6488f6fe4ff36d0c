/**
 * Brings up the production build for the e2e suite and writes where it is
 * to $E2E_DIR/state.json (default .cache/e2e; read by tests/e2e/support.ts).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../directus/scripts/lib/paths.ts';
import { buildAdmin, buildSite, startDirectusInstance, startFrontServer, startMailCatcher } from '../../scripts/lib/stack.ts';
import { builtContent } from './site-support.ts';

export default async function globalSetup() {
  const port = Number(process.env.E2E_PORT ?? 14321);
  const siteUrl = `http://localhost:${port}`;
  const dir = path.resolve(ROOT, process.env.E2E_DIR ?? '.cache/e2e');
  mkdirSync(dir, { recursive: true });
  // Mail flows are followed to the end through a local inbox (ports beside the site's unless given).
  const mailPort = Number(process.env.E2E_MAIL_PORT ?? port + 2000);
  rmSync(path.join(dir, 'mail'), { recursive: true, force: true });
  const mail = await startMailCatcher({ smtpPort: mailPort, webPort: mailPort + 1, dir: path.join(dir, 'mail') });
  const directus = await startDirectusInstance({
    dataDir: path.join(dir, 'data'),
    port: Number(process.env.E2E_DIRECTUS_PORT ?? 18080),
    demo: true,
    fresh: true,
    siteUrl,
    mailSmtpPort: mailPort,
  });
  // What the build is about to see: site specs compare pages with this, not
  // with live data that admin specs change while they run.
  writeFileSync(path.join(dir, 'built-content.json'), JSON.stringify(await builtContent(directus.url, directus.env.ADMIN_TOKEN!)));
  const siteDir = path.join(dir, 'site');
  const adminDir = path.join(dir, 'admin');
  await Promise.all([buildSite({ directusUrl: directus.url, directusToken: directus.env.PORTAL_SITE_READER_TOKEN!, outDir: siteDir, siteUrl }), buildAdmin({ outDir: adminDir })]);
  // As npm start runs it: readers' article views reach Directus through the reader edge.
  const front = await startFrontServer({ port, siteDir, adminDir, directusUrl: directus.url, edgeKey: directus.env.PORTAL_EDGE_KEY });
  writeFileSync(
    path.join(dir, 'state.json'),
    JSON.stringify({
      siteUrl,
      directusUrl: directus.url,
      adminToken: directus.env.ADMIN_TOKEN,
      siteReaderToken: directus.env.PORTAL_SITE_READER_TOKEN,
      siteDir,
      adminDir,
      inboxUrl: mail.inboxUrl,
    }),
  );
  return async () => {
    await new Promise((r) => front.close(r));
    await directus.stop();
    await mail.stop();
  };
}
