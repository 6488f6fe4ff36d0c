import type { ReactNode } from 'react';
import { canAccessArea, isAdmin, type AdminArea } from '@portal/domain/roles';
import { AccessDenied } from '../../components/ui/states.tsx';
import { useAuth } from '../../lib/auth.tsx';

/**
 * A screen reached by URL by a role the sidebar hides it from shows the
 * spec's denial (section 6); the categories page has its own wording.
 */
export function RequireArea({ area, children }: { area: AdminArea; children: ReactNode }) {
  const { role } = useAuth();
  if (!canAccessArea(role, area)) {
    return <AccessDenied message={area === 'categories' ? 'Você não tem permissão para gerenciar categorias.' : undefined} />;
  }
  return <>{children}</>;
}

/**
 * A super_admin screen the sidebar does not list (the import report, issue
 * #27: an import is too rare for a sidebar line; ADMIN_AREAS is what the
 * sidebar shows). Other roles get the same denial as any area.
 */
export function RequireSuperAdmin({ children }: { children: ReactNode }) {
  const { role } = useAuth();
  if (!isAdmin(role)) return <AccessDenied />;
  return <>{children}</>;
}
