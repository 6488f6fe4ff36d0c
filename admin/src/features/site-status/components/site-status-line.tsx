import { useQuery } from '@tanstack/react-query';
import { hourMinutePtBR } from '@portal/domain/dates';
import { skippedSummary } from '@portal/domain/text-limits';
import { siteStatusQueries, type SiteStatus } from '../api/site-status-queries.ts';

/**
 * The text for the builder's state: the last update, or the last failure when
 * it is newer — with why it failed (the build's own error output), for whoever
 * has to fix it.
 */
export function siteStatusText(s: SiteStatus | undefined): { text: string; failed: boolean; reason?: string } | null {
  if (!s?.available) return null;
  const failedLast = !!s.lastFailureAt && (!s.lastSuccessAt || s.lastFailureAt > s.lastSuccessAt);
  if (failedLast) {
    const text = `Falha ao atualizar o site às ${hourMinutePtBR(s.lastFailureAt!)}. O site anterior continua no ar.`;
    return { text, failed: true, ...(s.lastError?.trim() ? { reason: s.lastError.trim() } : {}) };
  }
  if (!s.lastSuccessAt) return { text: 'Site sendo gerado...', failed: false };
  return { text: `Site atualizado às ${hourMinutePtBR(s.lastSuccessAt)}${s.state === 'building' ? ' · atualizando...' : ''}`, failed: false };
}

/** "site atualizado às HH:MM" (or the failure) for the newsroom, refreshed while open. */
export function SiteStatusLine() {
  const { data } = useQuery(siteStatusQueries.current());
  const status = siteStatusText(data);
  if (!status) return null;
  // Records the build had to leave out: the rest of the site is live, these need a fix.
  const skipped = data?.available ? skippedSummary(data.skipped ?? []) : null;
  return (
    <>
      <p role={status.failed ? 'alert' : 'status'} className={`text-sm ${status.failed ? 'text-red-700' : 'text-slate-600'}`}>
        {status.text}
      </p>
      {status.reason && (
        <details className="text-sm text-red-700">
          <summary className="cursor-pointer">Motivo da falha</summary>
          <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-words rounded bg-red-50 p-2 text-xs text-slate-800">{status.reason}</pre>
        </details>
      )}
      {skipped && (
        <p role="alert" className="text-sm text-amber-800">
          {skipped}
        </p>
      )}
    </>
  );
}
