/**
 * One import of a portal into a running (or stopped) installation (issue #27):
 * check, write, then close the run through Directus — which purges its cache
 * on every instance, makes the files of public content public and asks the
 * builder for one full build (portal-hooks, import_runs.items.update). With
 * Directus down the run is closed in the database and the next start's full
 * build brings the site up to date.
 */
import { existsSync } from 'node:fs';
import type { Knex } from 'knex';
import { pgKnex, sqliteKnex } from '../database.ts';
import type { Place } from '../place.ts';
import { openStorage } from '../storage.ts';
import { importCollectionLabel } from '@portal/domain/imports';
import type { ImportReader } from './records.ts';
import { dbDate, type ImportSource } from './rules.ts';
import { checkImport, writeImport, type ImportReport } from './writer.ts';

export type PortalApi = { url: string; token: string; siteUrl: string };

export type RunOptions = {
  source: ImportSource;
  /** The export (folder or file), as the newsroom named it: kept in the run's report. */
  input: string;
  read: () => ImportReader;
  filesDir: string | null;
  place: Place;
  /** Directus's storage location name in directus_files (STORAGE_LOCATIONS' first). */
  storageLocation: string;
  api: PortalApi | null;
  dryRun: boolean;
  invite: boolean;
  log: (line: string) => void;
};

export type RunResult = { report: ImportReport; runId: string | null; rebuilt: boolean; invited: number };

export const openPlaceDb = (place: Place): Knex => (place.db.kind === 'sqlite' ? sqliteKnex(place.db.file) : pgKnex(place.db.connection));

async function ensureSchema(knex: Knex) {
  for (const table of ['import_runs', 'import_records', 'legacy_paths', 'news'])
    if (!(await knex.schema.hasTable(table))) throw new Error('O banco do portal não tem as tabelas desta versão: rode `npm start` (ou `npm run directus:apply`) uma vez antes de importar.');
}

async function api(o: PortalApi, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${o.url.replace(/\/$/, '')}${path}`, {
    method,
    headers: { authorization: `Bearer ${o.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
}

/** Sends the pt-BR invitation to each imported staff member still waiting for one (only when asked: --invite). */
export async function inviteImported(knex: Knex, o: PortalApi, source: ImportSource): Promise<number> {
  // Two reads, not a join: the target is text and the user's id a uuid (PostgreSQL will not compare them).
  const targets = (await knex('import_records').where('id', 'like', `${source}:user:%`).pluck('target')) as string[];
  const rows: Array<{ email: string; role: string }> = [];
  for (let i = 0; i < targets.length; i += 500)
    rows.push(...((await knex('directus_users').whereIn('id', targets.slice(i, i + 500)).andWhere('status', 'invited').whereNotNull('role').select('email', 'role')) as typeof rows));
  let sent = 0;
  for (const u of rows) {
    const res = await api(o, 'POST', '/users/invite', { email: u.email, role: u.role, invite_url: `${o.siteUrl.replace(/\/$/, '')}/auth?convite=1` });
    if (res.ok) sent++;
    else throw new Error(`O convite para ${u.email} não foi enviado (Directus respondeu ${res.status})`);
  }
  return sent;
}

export async function runImport(o: RunOptions): Promise<RunResult> {
  const knex = openPlaceDb(o.place);
  const at = dbDate(o.place.db.kind === 'sqlite');
  try {
    await ensureSchema(knex);
    if (o.filesDir && !existsSync(o.filesDir)) throw new Error(`Pasta de arquivos não encontrada: ${o.filesDir}`);
    const storage = o.dryRun ? null : { driver: openStorage(o.place.storage), location: o.storageLocation };
    const writer = { knex, source: o.source, filesDir: o.filesDir, storage, log: o.log };

    o.log('Lendo a exportação e conferindo cada registro…');
    const checked = await checkImport(o.read, writer);
    if (o.dryRun) return { report: checked, runId: null, rebuilt: false, invited: 0 };

    const started = new Date();
    const [row] = (await knex('import_runs')
      .insert({
        id: crypto.randomUUID(),
        source: o.source,
        input: o.input.slice(0, 1000),
        status: 'running',
        dry_run: false,
        started_at: at(started.toISOString()),
      })
      .returning('id')) as Array<{ id: string } | string>;
    const runId = typeof row === 'string' ? row : row!.id;
    let report: ImportReport;
    try {
      o.log('Gravando…');
      report = await writeImport(o.read, writer);
    } catch (e) {
      await knex('import_runs')
        .where('id', runId)
        .update({ status: 'failed', error: e instanceof Error ? e.message : String(e), finished_at: at(new Date().toISOString()) });
      throw e;
    }
    const close = { status: 'done', finished_at: new Date().toISOString(), counts: report.counts, warnings: report.warnings, skipped: report.skipped, totals: report.totals };
    let rebuilt = false;
    if (o.api) {
      try {
        const res = await api(o.api, 'PATCH', `/items/import_runs/${runId}`, close);
        rebuilt = res.ok;
        if (!res.ok) o.log(`Directus respondeu ${res.status} ao fechar a importação.`);
      } catch {
        // Directus is down: the run is closed below, and the next start's full build catches up.
      }
    }
    if (!rebuilt) {
      await knex('import_runs')
        .where('id', runId)
        .update({
          status: 'done',
          finished_at: at(new Date().toISOString()),
          counts: JSON.stringify(report.counts),
          warnings: JSON.stringify(report.warnings),
          skipped: JSON.stringify(report.skipped),
          totals: JSON.stringify(report.totals),
        });
    }
    const invited = o.invite && o.api ? await inviteImported(knex, o.api, o.source) : 0;
    return { report, runId, rebuilt, invited };
  } finally {
    await knex.destroy();
  }
}

/** The report as the CLI prints it (pt-BR). */
export function formatReport(r: ImportReport, dryRun: boolean): string[] {
  const n = (v: number) => v.toLocaleString('pt-BR');
  // The lists first and the counts last: a long list must not scroll the summary away.
  const lines: string[] = [];
  if (r.totals.skipped) {
    lines.push(`Deixados de fora (${n(r.totals.skipped)}):`);
    for (const s of r.skipped.slice(0, 50)) lines.push(`  - ${importCollectionLabel(s.collection)} “${s.title}”: ${s.reason}`);
    if (r.totals.skipped > 50) lines.push(`  … e mais ${n(r.totals.skipped - 50)} (o relatório completo fica em Admin → Saúde do portal → Importação)`);
  }
  if (r.totals.warnings) {
    lines.push(`Avisos (${n(r.totals.warnings)}):`);
    for (const w of r.warnings.slice(0, 50)) lines.push(`  - ${importCollectionLabel(w.collection)} “${w.title}”: ${w.message}`);
    if (r.totals.warnings > 50) lines.push(`  … e mais ${n(r.totals.warnings - 50)} (o relatório completo fica em Admin → Saúde do portal → Importação)`);
  }
  lines.push(dryRun ? 'Simulação (nada foi gravado):' : 'Importação concluída:');
  for (const [c, k] of Object.entries(r.counts)) {
    if (c === 'news_daily' || c === 'legacy_paths') continue;
    lines.push(
      `  ${importCollectionLabel(c)}: ${n(k.created)} ${dryRun ? 'a criar' : 'novos'}, ${n(k.updated)} ${dryRun ? 'a atualizar' : 'atualizados'}, ${n(k.unchanged)} sem mudança, ${n(k.skipped)} deixados de fora`,
    );
  }
  return lines;
}
