/** "Saúde do portal" (super_admin, issue #28): every part the newsroom depends on, measured, with how long ago. */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDateTimePtBR, relativeTimePtBR } from '@portal/domain/dates';
import { diskNearlyFull } from '@portal/domain/health';
import { Card } from '../../../components/ui/card.tsx';
import { ErrorState, LoadingText } from '../../../components/ui/states.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { healthQueries, type FullHealth } from '../api/health-queries.ts';

const STATUS_TEXT: Record<FullHealth['status'], string> = { ok: 'Tudo em ordem', atencao: 'Atenção', falha: 'Falha' };
const STATUS_CLASS: Record<FullHealth['status'], string> = {
  ok: 'border-green-200 bg-green-50 text-green-800',
  atencao: 'border-amber-300 bg-amber-50 text-amber-900',
  falha: 'border-red-200 bg-red-50 text-red-800',
};

export const bytesPtBR = (n: number) =>
  n >= 1024 ** 3 ? `${(n / 1024 ** 3).toFixed(1).replace('.', ',')} GB` : n >= 1024 ** 2 ? `${(n / 1024 ** 2).toFixed(1).replace('.', ',')} MB` : `${Math.round(n / 1024)} KB`;
const when = (iso: string | null | undefined) => (iso ? `${formatDateTimePtBR(iso)} (${relativeTimePtBR(iso)})` : '—');

function Line({ label, ok, children }: { label: string; ok: boolean | null; children: ReactNode }) {
  return (
    <div className="flex gap-2 py-1 text-sm">
      <span aria-hidden="true" className={ok === null ? 'text-slate-400' : ok ? 'text-green-700' : 'text-red-700'}>
        {ok === null ? '•' : ok ? '✓' : '✗'}
      </span>
      {/* On a phone the label sits above its value; paths and file names break anywhere rather than widen the page. */}
      <span className="flex min-w-0 flex-1 flex-col sm:flex-row sm:gap-2">
        <span className="font-medium text-slate-700 sm:w-44 sm:shrink-0">{label}</span>
        <span className="min-w-0 text-slate-800 [overflow-wrap:anywhere]">{children}</span>
      </span>
      <span className="sr-only">{ok === null ? '' : ok ? '(ok)' : '(problema)'}</span>
    </div>
  );
}

/** `extra`: cards other features add to the grid (the route composes them: the last import's card, issue #27). */
export function HealthView({ h, extra }: { h: FullHealth; extra?: ReactNode }) {
  const b = h.build;
  const bk = h.backup;
  return (
    <div className="space-y-4">
      <div role="status" className={`rounded-md border p-3 ${STATUS_CLASS[h.status]}`}>
        <p className="font-semibold">{STATUS_TEXT[h.status]}</p>
        {h.alerts.length > 0 && (
          <ul className="mt-1 list-disc pl-5 text-sm [overflow-wrap:anywhere]">
            {h.alerts.map((a) => (
              <li key={a.code}>{a.message}</li>
            ))}
          </ul>
        )}
        <p className="mt-1 text-xs">Verificado em {formatDateTimePtBR(h.checkedAt)}</p>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Directus e banco de dados">
          <Line label="Directus" ok={h.directus.ok}>
            no ar, versão {h.directus.version}
          </Line>
          <Line label="Banco de dados" ok={h.database.ok}>
            {h.database.ok ? `${h.database.client === 'pg' ? 'PostgreSQL' : 'SQLite'} respondeu em ${Math.round(h.database.responseMs ?? 0)} ms` : `sem resposta: ${h.database.error ?? ''}`}
          </Line>
        </Card>
        <Card title="Site público">
          {b.available ? (
            <>
              <Line label="Construtor" ok={true}>
                {b.state === 'building' ? 'gerando o site agora' : 'parado, esperando mudanças'}
              </Line>
              <Line label="Última atualização" ok={!b.lastFailureAt || (!!b.lastSuccessAt && b.lastSuccessAt >= b.lastFailureAt)}>
                {when(b.lastSuccessAt)}
                {b.lastFailureAt && (!b.lastSuccessAt || b.lastFailureAt > b.lastSuccessAt) ? ` · falhou ${when(b.lastFailureAt)}: ${b.lastError ?? ''}` : ''}
              </Line>
              <Line label="Último build completo" ok={b.lastFull ? b.lastFull.ok : null}>
                {b.lastFull ? `${b.lastFull.ok ? 'concluído' : `falhou (${b.lastFull.error ?? 'erro'})`} ${when(b.lastFull.at)}, em ${Math.round(b.lastFull.ms / 1000)} s` : 'nenhum desde que o construtor subiu'}
              </Line>
              <Line label="Atualização pendente" ok={null}>
                {b.catchUpDueAt ? `build completo previsto para ${formatDateTimePtBR(b.catchUpDueAt)}` : 'nenhuma'}
              </Line>
            </>
          ) : (
            <Line label="Construtor" ok={false}>
              não respondeu (o site no ar continua sendo servido)
            </Line>
          )}
        </Card>
        <Card title="Backup">
          {bk.available ? (
            <>
              <Line label="Último backup" ok={!!bk.last && !h.alerts.some((a) => a.code === 'backup-old')}>
                {bk.last ? `${when(bk.last.at)} · ${bytesPtBR(bk.last.bytes)} · ${bk.last.file}` : 'nenhum ainda'}
              </Line>
              <Line label="Cópia no segundo lugar" ok={bk.last?.copy ? bk.last.copy.ok : null}>
                {bk.last?.copy ? (bk.last.copy.ok ? `copiado para ${bk.last.copy.to}` : `falhou: ${bk.last.copy.error ?? ''}`) : 'não configurada (PORTAL_BACKUP_COPY_TO)'}
              </Line>
              {bk.lastFailure && (!bk.last || bk.lastFailure.at > bk.last.at) && (
                <Line label="Última falha" ok={false}>
                  {when(bk.lastFailure.at)}: {bk.lastFailure.error}
                </Line>
              )}
              <Line label="Próximo backup" ok={null}>
                {bk.nextAt ? formatDateTimePtBR(bk.nextAt) : '—'}
              </Line>
            </>
          ) : (
            <Line label="Backup" ok={false}>
              pasta de backups não configurada (PORTAL_BACKUP_DIR)
            </Line>
          )}
        </Card>
        <Card title="Disco, e-mail e newsletter">
          {h.disks.map((d) => (
            <Line key={d.path} label={`Disco: ${d.label}`} ok={!diskNearlyFull(d)}>
              {bytesPtBR(d.freeBytes)} livres de {bytesPtBR(d.totalBytes)}
            </Line>
          ))}
          <Line label="Envio de e-mail" ok={h.mail.ok}>
            {h.mail.ok ? `funcionando (${h.mail.transport})` : `com problema: ${h.mail.error ?? 'sem resposta do servidor de e-mail'}`}
          </Line>
          <Line label="Newsletter" ok={null}>
            {h.newsletter.confirmed} inscritos confirmados, {h.newsletter.pending} aguardando confirmação
            {h.newsletter.nextDigestAt ? ` · próximo resumo ${formatDateTimePtBR(h.newsletter.nextDigestAt)}` : ''}
          </Line>
        </Card>
        {extra}
      </div>
    </div>
  );
}

export default function HealthScreen({ extra }: { extra?: ReactNode }) {
  const { data, error, isLoading, refetch } = useQuery(healthQueries.report());
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Saúde do portal</h1>
      {isLoading && <LoadingText />}
      {error && !data && <ErrorState message={errorMessage(error, 'O Directus não respondeu à verificação de saúde.')} onRetry={() => void refetch()} />}
      {data && <HealthView h={data} extra={extra} />}
    </div>
  );
}
