/** Personal numbers and the performance card (spec: /dashboard and admin home "Minhas Estatísticas"). */
import { useQuery } from '@tanstack/react-query';
import { performance } from '@portal/domain/engagement';
import { Card, StatCard } from '../../../components/ui/card.tsx';
import { statsQueries } from '../api/stats-queries.ts';

const ZERO = { total: 0, published: 0, draft: 0, totalViews: 0, totalLikes: 0 };

/** Admin home: "Minhas Estatísticas". */
export function MyStatsSummary() {
  const { data, isPending } = useQuery(statsQueries.me());
  const s = data ?? ZERO;
  return (
    <section aria-labelledby="my-stats" className="space-y-2">
      <h2 id="my-stats" className="text-lg font-semibold">
        Minhas Estatísticas
      </h2>
      <div className="grid gap-4 sm:grid-cols-3 lg:grid-cols-5">
        <StatCard label="Minhas Notícias" value={s.total} loading={isPending} />
        <StatCard label="Publicadas (minhas)" value={s.published} loading={isPending} />
        <StatCard label="Rascunhos (meus)" value={s.draft} loading={isPending} />
        <StatCard label="Visualizações" value={s.totalViews} loading={isPending} />
        <StatCard label="TOPs" value={s.totalLikes} loading={isPending} />
      </div>
    </section>
  );
}

/** /dashboard cards and "Desempenho" (the spec's "Performance", in Portuguese: issue #34). */
export function DashboardStats() {
  const { data, isPending } = useQuery(statsQueries.me());
  const s = data ?? ZERO;
  const p = performance(s);
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Total de Matérias" value={s.total} loading={isPending} />
        <StatCard label="Publicadas" value={s.published} loading={isPending} />
        <StatCard label="Total de Visualizações" value={s.totalViews} loading={isPending} />
        <StatCard label="Total de TOPs" value={s.totalLikes} loading={isPending} />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <StatCard label="Rascunhos" value={s.draft} loading={isPending} note="Matérias em rascunho aguardando publicação" />
        <Card title={<span className="text-base font-semibold text-slate-900">Desempenho</span>}>
          <dl className="grid grid-cols-3 gap-2 text-center">
            <div>
              <dt className="text-xs text-slate-500">Taxa de Publicação</dt>
              <dd className="text-xl font-bold">{isPending ? '...' : `${p.publishRate}%`}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Visualizações por Matéria</dt>
              <dd className="text-xl font-bold">{isPending ? '...' : p.viewsPerNews}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">TOPs por Matéria</dt>
              <dd className="text-xl font-bold">{isPending ? '...' : p.likesPerNews}</dd>
            </div>
          </dl>
        </Card>
      </div>
    </div>
  );
}
