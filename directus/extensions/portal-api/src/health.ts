/**
 * GET /portal/health (issue #28, item 4): the truth about the portal, for the
 * super_admin's page and a monitor. Each part is measured, not assumed:
 * Directus's own health checks (database round trip, mail transport), the
 * builder's status, the backup job's status file, free disk where the data and
 * the backups live, the newsletter. Alert rules: domain/health.ts.
 */
import { readFileSync, statfsSync } from 'node:fs';
import { timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import type { Knex } from 'knex';
import { backupStatusSchema, EMPTY_BACKUP_STATUS, healthAlerts, nextWeekly, type DiskReport, type HealthReport } from '@portal/domain/health';
import { builderStatus } from './builder-status.ts';
import { DIGEST_CRON } from '@portal/domain/newsletter';

type Env = Record<string, unknown>;
type Check = { status: string; observedValue?: number; output?: unknown };

/** A monitor's token (PORTAL_MONITOR_TOKEN, 32+ characters) in the X-Portal-Monitor-Token header. */
export function isMonitor(env: Env, header: unknown): boolean {
  const expected = typeof env['PORTAL_MONITOR_TOKEN'] === 'string' ? (env['PORTAL_MONITOR_TOKEN'] as string) : '';
  if (expected.length < 32 || typeof header !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
}

function backupReport(env: Env): HealthReport['backup'] {
  const dir = env['PORTAL_BACKUP_DIR'];
  if (typeof dir !== 'string' || !dir) return { available: false };
  try {
    const r = backupStatusSchema.safeParse(JSON.parse(readFileSync(path.join(dir, 'status.json'), 'utf8')));
    return { available: true, ...(r.success ? r.data : EMPTY_BACKUP_STATUS) };
  } catch {
    // No status yet: no backup was ever taken here.
    return { available: true, ...EMPTY_BACKUP_STATUS };
  }
}

/** Free space where the database (SQLite), the uploads and the backups live; one entry per disk. */
function diskReport(env: Env): DiskReport[] {
  const places: Array<[string, unknown]> = [
    ['dados', env['DB_CLIENT'] === 'sqlite3' && typeof env['DB_FILENAME'] === 'string' ? path.dirname(env['DB_FILENAME'] as string) : env['STORAGE_LOCAL_ROOT']],
    ['arquivos enviados', env['STORAGE_LOCAL_ROOT']],
    ['backups', env['PORTAL_BACKUP_DIR']],
  ];
  const seen = new Set<string>();
  const disks: DiskReport[] = [];
  for (const [label, p] of places) {
    if (typeof p !== 'string' || !p) continue;
    try {
      const s = statfsSync(p);
      // The same disk seen twice (uploads under the data folder): one line.
      const id = `${s.type}:${s.blocks}:${s.bsize}`;
      if (seen.has(id)) continue;
      seen.add(id);
      disks.push({ label, path: p, freeBytes: s.bavail * s.bsize, totalBytes: s.blocks * s.bsize });
    } catch {
      // A folder not mounted in this container: nothing to say about it.
    }
  }
  return disks;
}

async function newsletterReport(db: Knex, now: Date): Promise<HealthReport['newsletter']> {
  const rows = (await db('newsletter_subscribers').groupBy('status').select('status').count({ n: '*' })) as Array<{ status: string; n: number | string }>;
  const by = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { confirmed: by('confirmed'), pending: by('pending'), unsubscribed: by('unsubscribed'), nextDigestAt: nextWeekly(DIGEST_CRON, now)?.toISOString() ?? null };
}

/** Directus's first migration ran when this database was created. */
async function installedAt(db: Knex): Promise<string | null> {
  const first = (await db('directus_migrations').orderBy('timestamp', 'asc').first('timestamp')) as { timestamp: unknown } | undefined;
  // SQLite's CURRENT_TIMESTAMP is UTC without a zone ("2026-11-26 20:19:37").
  const raw = first?.timestamp;
  const d = raw == null ? null : new Date(typeof raw === 'string' && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(raw) ? `${raw.replace(' ', 'T')}Z` : (raw as string));
  return d && !Number.isNaN(d.getTime()) ? d.toISOString() : null;
}

const message = (e: unknown) => (e instanceof Error ? e.message : typeof e === 'string' ? e : e ? JSON.stringify(e) : null);

export async function healthReport(o: { db: Knex; env: Env; serverHealth: () => Promise<{ releaseId?: string; checks?: Record<string, Check[]> }> }, now = new Date()): Promise<HealthReport & { status: 'ok' | 'atencao' | 'falha' }> {
  const [server, build, newsletter] = await Promise.all([o.serverHealth(), builderStatus(o.env['PORTAL_BUILDER_URL']), newsletterReport(o.db, now).catch(() => ({ confirmed: 0, pending: 0, unsubscribed: 0, nextDigestAt: null }))]);
  const checks = server.checks ?? {};
  const dbKey = Object.keys(checks).find((k) => k.endsWith(':responseTime') && !k.startsWith('cache') && !k.startsWith('rateLimiter') && !k.startsWith('storage'));
  const dbCheck = dbKey ? checks[dbKey]![0] : undefined;
  const mailCheck = checks['email:connection']?.[0];
  const backup = backupReport(o.env);
  const disks = diskReport(o.env);
  const report: HealthReport = {
    checkedAt: now.toISOString(),
    directus: { ok: true, version: server.releaseId ?? '' },
    database: { ok: dbCheck?.status !== 'error', client: String(o.env['DB_CLIENT'] ?? ''), responseMs: dbCheck?.observedValue ?? null, error: dbCheck?.status === 'error' ? message(dbCheck.output) : null },
    build,
    backup,
    disks,
    mail: { ok: mailCheck?.status === 'ok', transport: String(o.env['EMAIL_TRANSPORT'] ?? ''), error: mailCheck?.status === 'ok' ? null : message(mailCheck?.output) },
    newsletter,
    installedAt: await installedAt(o.db).catch(() => null),
    alerts: [],
  };
  report.alerts = healthAlerts(report, now);
  const status = !report.database.ok ? 'falha' : report.alerts.length || !report.mail.ok || !build.available ? 'atencao' : 'ok';
  return { status, ...report };
}

/** What the staff banner needs, and nothing costly (no mail or database probe): polled by every open admin. */
export async function staffAlerts(db: Knex, env: Env, now = new Date()) {
  const [build, installed] = await Promise.all([builderStatus(env['PORTAL_BUILDER_URL']), installedAt(db).catch(() => null)]);
  return { alerts: healthAlerts({ backup: backupReport(env), build, disks: diskReport(env), installedAt: installed }, now) };
}
