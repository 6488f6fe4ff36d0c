/**
 * /admin layout: signed-in only; header with who is signed in, sidebar per
 * role (spec section 2 and 6). Below the desktop breakpoint (1024 px) the
 * sidebar is a drawer opened by "Menu" (issue #34, decision 042).
 */
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router-dom';
import { roleColor, roleLabel, sidebarFor } from '@portal/domain/roles';
import { Badge } from '../../components/ui/badge.tsx';
import { CloseIcon, MenuIcon } from '../../components/ui/icons.tsx';
import { ErrorState, LoadingText } from '../../components/ui/states.tsx';
import { ToastViewport, useToast } from '../../components/ui/toast.tsx';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../lib/auth.tsx';
import { HealthBanner } from '../../features/health/components/health-banner.tsx';

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
      <button
        type="button"
        aria-label="Menu do usuário"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="flex h-11 w-11 items-center justify-center rounded-full"
      >
        {avatar ? (
          <img src={avatar} alt="" className="h-9 w-9 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex h-9 w-9 items-center justify-center rounded-full bg-blue-100 font-bold text-blue-800">
            {displayName.charAt(0).toUpperCase()}
          </span>
        )}
      </button>
      {open && (
        <div role="menu" className="absolute right-0 z-40 mt-2 w-40 rounded-md border bg-white py-1 shadow-lg">
          <Link role="menuitem" to={paths.profile} className="block px-4 py-3 text-sm hover:bg-slate-100 sm:py-2" onClick={() => setOpen(false)}>
            Perfil
          </Link>
          <button role="menuitem" type="button" className="block w-full px-4 py-3 text-left text-sm hover:bg-slate-100 sm:py-2" onClick={() => void onSignOut()}>
            Sair
          </button>
        </div>
      )}
    </div>
  );
}

/** The desktop breakpoint: from here on the sidebar is always shown (Tailwind's `lg`). */
const DESKTOP = '(min-width: 1024px)';

/** The drawer's open state: closed on every navigation, on Escape and when the window grows to desktop width. */
function useDrawer() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    const wide = window.matchMedia?.(DESKTOP);
    const onWide = () => wide?.matches && setOpen(false);
    document.addEventListener('keydown', onKey);
    wide?.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKey);
      wide?.removeEventListener('change', onWide);
    };
  }, [open]);
  return [open, setOpen] as const;
}

export function AdminLayout() {
  const { session, loading, error, role, displayName, refresh } = useAuth();
  const [menuOpen, setMenuOpen] = useDrawer();
  const toggle = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  // Opening moves the focus into the drawer; closing gives it back to the button that opened it.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (menuOpen) nav.current?.querySelector<HTMLElement>('a, button')?.focus();
    else if (wasOpen.current && nav.current?.contains(document.activeElement)) toggle.current?.focus();
    wasOpen.current = menuOpen;
  }, [menuOpen]);
  if (loading) return <LoadingText />;
  // A failed load is not a sign-out: offer a retry instead of bouncing to /auth.
  if (error && !session) return <ErrorState message="Não foi possível carregar sua sessão." onRetry={() => void refresh()} />;
  if (!session) return <Navigate to={paths.auth} replace />;
  const municipality = session.profile?.municipality?.name;
  return (
    <div className="min-h-screen bg-slate-50 [overflow-anchor:none]">
      {/* Sticky with its toast lane: a toast takes room under the header instead of covering the page. */}
      <div className="sticky top-0 z-30 bg-slate-50" inert={menuOpen}>
        <header className="flex items-center justify-between gap-2 border-b bg-white px-2 py-1.5 sm:px-4">
          <div className="flex min-w-0 items-center gap-1">
            <button
              ref={toggle}
              type="button"
              aria-label="Abrir menu"
              aria-expanded={menuOpen}
              aria-controls="admin-menu"
              onClick={() => setMenuOpen(true)}
              className="flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 lg:hidden"
            >
              <MenuIcon width={24} height={24} />
            </button>
            <Link to={paths.admin.root} className="flex min-h-11 items-center truncate px-1 text-lg font-bold text-blue-800 lg:px-2">
              Portal Pará · Admin
            </Link>
          </div>
          <div className="flex shrink-0 items-center gap-3">
            <div className="hidden text-right sm:block">
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
        <HealthBanner />
        <ToastViewport className="px-2 pt-2 sm:px-4" />
      </div>
      <div className="flex">
        {menuOpen && <div aria-hidden="true" className="fixed inset-0 z-40 bg-black/50 lg:hidden" onClick={() => setMenuOpen(false)} />}
        <nav
          ref={nav}
          id="admin-menu"
          aria-label="Menu administrativo"
          className={`${menuOpen ? 'fixed inset-y-0 left-0 z-50 block w-72 max-w-[85vw] overflow-y-auto shadow-xl' : 'hidden'} border-r bg-white p-3 lg:static lg:z-auto lg:block lg:min-h-[calc(100vh-57px)] lg:w-56 lg:shrink-0 lg:shadow-none`}
        >
          <div className="mb-3 flex items-start justify-between gap-2 border-b pb-3 lg:hidden">
            <div className="min-w-0 px-1">
              <p className="truncate text-sm font-medium">{displayName}</p>
              <div className="mt-1 flex flex-wrap items-center gap-2">
                <Badge color={roleColor(role)}>{roleLabel(role)}</Badge>
                {municipality && <span className="text-xs text-slate-600">{municipality}</span>}
              </div>
            </div>
            <button
              type="button"
              aria-label="Fechar menu"
              onClick={() => setMenuOpen(false)}
              className="flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
            >
              <CloseIcon width={24} height={24} />
            </button>
          </div>
          <ul className="space-y-1">
            {sidebarFor(role).map((a) => (
              <li key={a.key}>
                <NavLink
                  to={a.path}
                  end={a.path === paths.admin.root}
                  className={({ isActive }) =>
                    `flex min-h-11 items-center rounded-md px-3 text-sm lg:min-h-0 lg:py-2 ${isActive ? 'bg-blue-50 font-medium text-blue-800' : 'text-slate-700 hover:bg-slate-100'}`
                  }
                >
                  {a.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main className="min-w-0 flex-1 p-3 sm:p-6" inert={menuOpen}>
          <Outlet />
        </main>
        {/* A new screen starts at its top (the list after a long story was saved); Back returns where it was. */}
        <ScrollRestoration />
      </div>
    </div>
  );
}
