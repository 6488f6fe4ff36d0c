/** /admin layout: signed-in only; header with who is signed in, sidebar per role (spec section 2 and 6). */
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useNavigate } from 'react-router-dom';
import { roleColor, roleLabel, sidebarFor } from '@portal/domain/roles';
import { Badge } from '../../components/ui/badge.tsx';
import { ErrorState, LoadingText } from '../../components/ui/states.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../lib/auth.tsx';
import { staffAssetUrl } from '../../lib/directus.ts';

export function UserMenu() {
  const { session, displayName, signOut } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  async function onSignOut() {
    setOpen(false);
    await signOut();
    toast({ title: 'Logout realizado', description: 'Você foi desconectado com sucesso.' });
    navigate(paths.auth, { replace: true });
  }

  const avatar = session?.profile?.avatar_url;
  return (
    <div className="relative" ref={ref}>
      <button type="button" aria-label="Menu do usuário" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)} className="rounded-full">
        {avatar ? (
          <img src={staffAssetUrl(avatar)} alt="" className="h-9 w-9 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex h-9 w-9 items-center justify-center rounded-full bg-blue-100 font-bold text-blue-800">
            {displayName.charAt(0).toUpperCase()}
          </span>
        )}
      </button>
      {open && (
        <div role="menu" className="absolute right-0 z-40 mt-2 w-40 rounded-md border bg-white py-1 shadow-lg">
          <Link role="menuitem" to={paths.profile} className="block px-4 py-2 text-sm hover:bg-slate-100" onClick={() => setOpen(false)}>
            Perfil
          </Link>
          <button role="menuitem" type="button" className="block w-full px-4 py-2 text-left text-sm hover:bg-slate-100" onClick={() => void onSignOut()}>
            Sair
          </button>
        </div>
      )}
    </div>
  );
}

export function AdminLayout() {
  const { session, loading, error, role, displayName, refresh } = useAuth();
  if (loading) return <LoadingText />;
  // A failed load is not a sign-out: offer a retry instead of bouncing to /auth.
  if (error && !session) return <ErrorState message="Não foi possível carregar sua sessão." onRetry={() => void refresh()} />;
  if (!session) return <Navigate to={paths.auth} replace />;
  const municipality = session.profile?.municipality?.name;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="flex items-center justify-between border-b bg-white px-4 py-3">
        <Link to={paths.admin.root} className="text-lg font-bold text-blue-800">
          Portal Pará · Admin
        </Link>
        <div className="flex items-center gap-3">
          <div className="text-right">
            <p className="text-sm font-medium" data-testid="user-name">
              {displayName}
            </p>
            <div className="flex items-center justify-end gap-2">
              <Badge color={roleColor(role)}>{roleLabel(role)}</Badge>
              {municipality && <span className="text-xs text-slate-600">{municipality}</span>}
            </div>
          </div>
          <UserMenu />
        </div>
      </header>
      <div className="flex">
        <nav aria-label="Menu administrativo" className="min-h-[calc(100vh-61px)] w-56 shrink-0 border-r bg-white p-3">
          <ul className="space-y-1">
            {sidebarFor(role).map((a) => (
              <li key={a.key}>
                <NavLink
                  to={a.path}
                  end={a.path === paths.admin.root}
                  className={({ isActive }) => `block rounded-md px-3 py-2 text-sm ${isActive ? 'bg-blue-50 font-medium text-blue-800' : 'text-slate-700 hover:bg-slate-100'}`}
                >
                  {a.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main className="min-w-0 flex-1 p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
