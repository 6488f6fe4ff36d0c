/**
 * `npm run bench -- --import` (issue #27): `npm run import` as a newsroom runs
 * it, at 100,000 stories (--news N), into the bench's Directus on the
 * embedded database (SQLite, or PostgreSQL with --db postgres). Two exports:
 * a hosted portal's SQL dump (its bucket's images among the files) and a
 * WordPress WXR with an attachment per post (the images' metadata; the files
 * themselves are not in the export). For each: the wall time and the peak
 * resident memory of the importer's whole process tree, and what it asked the
 * builder (one full build). Goals: ≤ 10 min and ≤ 1 GB each.
 */
import http from 'node:http';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../../directus/scripts/lib/paths.ts';
import { bulkHostedData, writeHostedExport } from '../../../ops/src/import/fixtures/hosted-export.ts';
import { bulkWordpressSite, writeWxr } from '../../../ops/src/import/fixtures/wxr.ts';
import type { DirectusInstance } from '../stack.ts';
import { runMeasured } from './measure.ts';

export const IMPORT_GOALS = { ms: 10 * 60_000, rssMb: 1024 };
const IMPORT_COMMAND = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.import!;

export async function importBench(o: { directus: DirectusInstance; news: number; work: string; builderPort: number; db: string; log: (s: string) => void }) {
  const { log } = o;
  // What the close of each run asks the builder (the bench runs no builder: it only counts).
  const asked: string[] = [];
  const builder = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      asked.push(body);
      res.writeHead(202).end('{}');
    });
  });
  await new Promise<void>((r) => builder.listen(o.builderPort, '127.0.0.1', r));
  const env: Record<string, string> = {
    ...Object.fromEntries(Object.entries(o.directus.env).filter(([k]) => k.startsWith('DB_') || k.startsWith('STORAGE_'))),
    ADMIN_TOKEN: o.directus.env.ADMIN_TOKEN!,
    PORTAL_DIRECTUS_URL: o.directus.url,
    PORTAL_SITE_URL: 'http://localhost:4321',
    PORTAL_BACKUP_DIR: path.join(o.work, 'backups'),
  };
  const runs: Array<Record<string, unknown>> = [];
  try {
    const exportsDir = path.join(o.work, 'exports');
    mkdirSync(exportsDir, { recursive: true });
    let t0 = Date.now();
    const hosted = path.join(exportsDir, 'hosted');
    await writeHostedExport(hosted, bulkHostedData(o.news), { shape: 'sql-copy' });
    log(`exportação hospedada (${o.news} notícias) escrita em ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    t0 = Date.now();
    const wxr = path.join(exportsDir, 'wordpress.xml');
    await writeWxr(wxr, bulkWordpressSite(o.news));
    log(`WXR (${o.news} posts, ${(statSync(wxr).size / 1e6).toFixed(0)} MB) escrito em ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    for (const [source, args] of [
      ['hosted', ['hosted', hosted]],
      ['wordpress', ['wordpress', wxr]],
    ] as const) {
      const before = asked.length;
      log(`npm run import -- ${source}…`);
      // The command `npm run import` runs (package.json), with its heap bound, as a newsroom runs it.
      const r = await runMeasured('sh', ['-c', `${IMPORT_COMMAND} "$@"`, 'import', ...args], env, ROOT);
      const line = /Notícias: [^\n]*/.exec(r.output)?.[0] ?? '';
      runs.push({
        source,
        ok: r.ok,
        seconds: Math.round(r.ms / 100) / 10,
        peakRssMb: r.peakRssMb,
        news: line,
        builderRequests: asked.slice(before),
        goal: `≤ ${IMPORT_GOALS.ms / 60_000} min e ≤ ${IMPORT_GOALS.rssMb} MB`,
        met: r.ok && r.ms <= IMPORT_GOALS.ms && r.peakRssMb <= IMPORT_GOALS.rssMb,
        ...(r.ok ? {} : { output: r.output }),
      });
      log(`${source}: ${(r.ms / 1000).toFixed(1)} s, pico ${r.peakRssMb} MB — ${line}`);
    }
    return { machine: { cpus: os.cpus().length, node: process.version, db: o.db, date: new Date().toISOString() }, news: o.news, runs };
  } finally {
    await new Promise((r) => builder.close(r));
  }
}
