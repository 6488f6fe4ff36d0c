/** Admin home: network overview, "Minhas Estatísticas", static recent activity and quick links. */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card, StatCard } from '../../components/ui/card.tsx';
import { paths } from '../../config/paths.ts';
import { MyStatsSummary } from '../../features/dashboard/components/my-stats.tsx';
import { newsQueries } from '../../features/news/api/news-queries.ts';
import { profilesQueries } from '../../features/profiles/api/profiles-queries.ts';
import { SiteStatusLine } from '../../features/site-status/components/site-status-line.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { RequireArea } from './require-area.tsx';

export function AdminHomeRoute() {
  return (
    <RequireArea area="dashboard">
      <AdminHome />
    </RequireArea>
  );
}

function AdminHome() {
  const { displayName, role } = useAuth();
  const counts = useQuery(newsQueries.counts(role));
  const users = useQuery(profilesQueries.count());
  const c = counts.data;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Dashboard</h1>
        <p className="text-slate-600">Bem-vindo(a), {displayName}</p>
        <SiteStatusLine />
      </div>
      <section aria-labelledby="network" className="space-y-2">
        <h2 id="network" className="text-lg font-semibold">
          Visão Geral
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {/* The whole newsroom's numbers ("todas"); a producer's own are in "Minhas Estatísticas" below. */}
          {c?.total !== null && <StatCard label="Total de Notícias (todas)" value={c?.total ?? 0} loading={counts.isPending} />}
          <StatCard label="Publicadas (todas)" value={c?.published ?? 0} loading={counts.isPending} />
          {c?.draft !== null && <StatCard label="Rascunhos (todos)" value={c?.draft ?? 0} loading={counts.isPending} />}
          <StatCard label="Usuários" value={users.data ?? 0} loading={users.isPending} />
        </div>
      </section>
      <MyStatsSummary />
      <div className="grid gap-4 md:grid-cols-2">
        <Card title={<span className="text-base font-semibold text-slate-900">Atividade Recente</span>}>
          <ul className="space-y-2 text-sm text-slate-600">
            <li>Notícias publicadas aparecem no portal em instantes.</li>
            <li>Rascunhos e pendentes ficam visíveis apenas para a equipe.</li>
            <li>Use a busca da lista de notícias para encontrar matérias antigas.</li>
          </ul>
        </Card>
        <Card title={<span className="text-base font-semibold text-slate-900">Acesso Rápido</span>}>
          <div className="flex flex-wrap gap-2">
            <Link to={paths.admin.newsNew} className={buttonClasses()}>
              Nova Notícia
            </Link>
            <Link to={paths.profile} className={buttonClasses('outline')}>
              Editar Perfil
            </Link>
            <a href={paths.home} className={buttonClasses('outline')}>
              Página Inicial
            </a>
          </div>
        </Card>
      </div>
    </div>
  );
}
