/** /dashboard: the signed-in author's own numbers and profile card. */
import { Link } from 'react-router-dom';
import { roleColor, roleLabel } from '@portal/domain/roles';
import { Badge } from '../../components/ui/badge.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LoadingText } from '../../components/ui/states.tsx';
import { paths } from '../../config/paths.ts';
import { DashboardStats } from '../../features/dashboard/components/my-stats.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { UserMenu } from './admin-layout.tsx';

export function DashboardRoute() {
  const { session, loading, role, displayName } = useAuth();
  if (loading) return <LoadingText />;
  if (!session) {
    return (
      <main className="flex min-h-screen items-center justify-center p-4">
        <div className="text-center">
          <h1 className="text-2xl font-bold">Acesso negado</h1>
          <p className="mt-2 text-slate-600">Você precisa estar logado para acessar esta página.</p>
          <Link to={paths.auth} className="mt-4 inline-block text-blue-700 underline">
            Entrar
          </Link>
        </div>
      </main>
    );
  }
  const p = session.profile;
  return (
    <main className="mx-auto max-w-5xl space-y-6 p-3 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Dashboard</h1>
        <div className="flex flex-wrap items-center gap-3">
          <Link to={paths.admin.root} className="flex min-h-11 items-center text-sm text-blue-700 underline sm:min-h-0">
            Painel administrativo
          </Link>
          <Link to={paths.admin.newsNew} className={buttonClasses()}>
            Nova Notícia
          </Link>
          <UserMenu />
        </div>
      </div>
      <Card>
        <div className="flex items-center gap-4">
          {p?.avatar_url ? (
            <img src={p.avatar_url} alt="Foto de perfil" className="h-16 w-16 rounded-full object-cover" />
          ) : (
            <span aria-hidden="true" className="flex h-16 w-16 items-center justify-center rounded-full bg-blue-100 text-xl font-bold text-blue-800">
              {displayName.charAt(0).toUpperCase()}
            </span>
          )}
          <div className="space-y-1">
            <p className="text-lg font-semibold">{displayName}</p>
            <div className="flex gap-2">
              <Badge color={roleColor(role)}>{roleLabel(role)}</Badge>
              {p?.municipality && <Badge color="teal">{p.municipality.name}</Badge>}
            </div>
            <p className="text-sm text-slate-600">{p?.email ?? session.user.email}</p>
          </div>
        </div>
      </Card>
      <DashboardStats />
    </main>
  );
}
