/**
 * /admin/ao-vivo (issue #30): the coverages running now and those ended in
 * the last days, for every staff member; each opens its desk.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { LIVE_BADGE, LIVE_ENDED_BADGE } from '@portal/domain/live';
import { formatDateTimePtBR } from '@portal/domain/dates';
import { NEWS_STATUS_LABELS } from '@portal/domain/news-status';
import { isEditorLevel, type Role } from '@portal/domain/roles';
import { asUtc } from '@portal/domain/timestamps';
import { Badge } from '../../../components/ui/badge.tsx';
import { ErrorState, LoadingText } from '../../../components/ui/states.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { liveQueries, RECENTLY_ENDED_DAYS, type Coverage } from '../api/live-queries.ts';

function CoverageItem({ c }: { c: Coverage }) {
  const live = c.live_status === 'live';
  return (
    <li className="rounded-md border border-slate-200 bg-white p-3">
      <Link to={paths.admin.liveDesk(c.id)} className="flex min-h-11 items-center font-medium text-blue-800 underline break-words sm:min-h-0">
        {c.title}
      </Link>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
        <Badge color={live ? 'red' : 'gray'}>{live ? LIVE_BADGE : LIVE_ENDED_BADGE}</Badge>
        {c.status !== 'published' && <Badge color="yellow">{NEWS_STATUS_LABELS[c.status]}</Badge>}
        {c.municipality_id && <span>{c.municipality_id.name}</span>}
        {live && c.live_started_at && <span>Desde {formatDateTimePtBR(asUtc(c.live_started_at))}</span>}
        {!live && c.live_ended_at && <span>Encerrada em {formatDateTimePtBR(asUtc(c.live_ended_at))}</span>}
      </p>
    </li>
  );
}

export function LiveCoveragesScreen({ role }: { role: Role | null }) {
  const query = useQuery(liveQueries.coverages());
  const running = query.data?.filter((c) => c.live_status === 'live') ?? [];
  const ended = query.data?.filter((c) => c.live_status !== 'live') ?? [];
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold">Coberturas ao vivo</h1>
      <p className="text-sm text-slate-600">
        {isEditorLevel(role)
          ? 'Para iniciar uma cobertura, abra a notícia no editor e use “Iniciar cobertura ao vivo”.'
          : 'Você escreve atualizações nas coberturas em andamento do seu município; um editor as revisa e publica.'}
      </p>
      {query.isPending ? (
        <LoadingText />
      ) : query.isError ? (
        <ErrorState message={errorMessage(query.error, 'Não foi possível carregar as coberturas')} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <section aria-labelledby="running" className="space-y-2">
            <h2 id="running" className="text-lg font-semibold">
              Em andamento
            </h2>
            {running.length ? (
              <ul className="space-y-2">
                {running.map((c) => (
                  <CoverageItem key={c.id} c={c} />
                ))}
              </ul>
            ) : (
              <p className="rounded-md border border-dashed p-4 text-center text-slate-600">Nenhuma cobertura ao vivo em andamento</p>
            )}
          </section>
          {ended.length > 0 && (
            <section aria-labelledby="ended" className="space-y-2">
              <h2 id="ended" className="text-lg font-semibold">
                Encerradas nos últimos {RECENTLY_ENDED_DAYS} dias
              </h2>
              <ul className="space-y-2">
                {ended.map((c) => (
                  <CoverageItem key={c.id} c={c} />
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}
